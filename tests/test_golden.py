"""Golden cases: tests/golden/<case>/ holds case.toml, expected.cs and expected.np<N>.out.

For each case: the translation equals expected.cs; Roslyn compiles it with no
error and no warning; and `cmpi-run -n N` prints, rank by rank, what
`mpirun -np N` prints for the C program. When mpicc is present the native
output is produced afresh and must also equal the stored expected.np<N>.out.
`pytest --update-golden` rewrites the stored files from the tools and fails.

case.toml keys: source (or sources, a list: a multi-file program such as an NPB kernel),
defines and includes (lists: -D and -I for both mpicc and the translator), native_flags (mpicc only,
e.g. -fopenmp), ranks (list), args,
filters (regexes masked in stdout),
exit, timeout, class; files (names of files the program writes in its working
directory, stored as expected.np<N>.<name> and compared byte for byte); xfail
(a reason: the translated side is an expected failure, the native side is
still checked).
"""
from __future__ import annotations

import contextlib
import difflib
import os
import tomllib

import pytest

from tests.support import ROOT, by_rank, mask, selected

GOLDEN = os.path.join(ROOT, "tests", "golden")


def _cases():
    for name in sorted(os.listdir(GOLDEN)):
        path = os.path.join(GOLDEN, name, "case.toml")
        if os.path.exists(path):
            with open(path, "rb") as f:
                yield name, tomllib.load(f)


CASES = dict(_cases())
# Every case on every transport: the output must not depend on how messages travel. The in-process
# transport runs every rank count of a case; tcp and azure run its largest (the most messages), and a
# case may narrow its transports (`transports = [...]` in case.toml) where Azurite's ~10-50 ms per
# message would make a run take many minutes.
TRANSPORTS = ["inproc", "tcp", "azure"]


def _runs():
    for name, case in CASES.items():
        ranks = case.get("ranks", [4])
        for t in case.get("transports", TRANSPORTS):
            for n in (ranks if t == "inproc" else [max(ranks)]):
                yield name, n, t


RUNS = list(_runs())


def _params(names):
    """Cases marked xfail in case.toml run as expected failures (not strict: a fix shows as XPASS)."""
    return [pytest.param(n, marks=[pytest.mark.xfail(reason=CASES[n]["xfail"], strict=False)])
            if CASES[n].get("xfail") else n for n in names]


@contextlib.contextmanager
def _expected_failure(case):
    """For an xfail case, a failure of the block becomes an xfail naming the case's reason."""
    if not case.get("xfail"):
        yield
        return
    try:
        yield
    except (Exception, pytest.fail.Exception) as e:
        lines = [line for line in str(e).splitlines() if line.strip()] or [type(e).__name__]
        first = next((line for line in lines if "error" in line), lines[0])
        pytest.xfail(f"{case['xfail']} (now: {first.strip()})")


def _sources(case):
    return [os.path.join(ROOT, s) for s in case.get("sources", [case.get("source")])]


def _flags(case):
    return [f"-D{d}" for d in case.get("defines", [])] + [f"-I{os.path.join(ROOT, i)}" for i in case.get("includes", [])]


def _diff(expected: str, actual: str, a: str, b: str) -> str:
    return "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True), a, b))


@pytest.fixture(scope="session")
def translated(request, tmp_path_factory, tools):
    """Each case translated once per session: name -> path of the C# file. The selected cases are all translated
    at the first call and their C# checked by one cmpi-run --check (tools.check_many: one Roslyn start-up, and
    cmpi-run's cache filled for the runs); a failed translation fails the tests of its own case only."""
    out_dir = tmp_path_factory.mktemp("golden")
    cache = {}

    def translate(name):
        case = CASES[name]
        src, *more = _sources(case)
        cls = case.get("class", os.path.splitext(os.path.basename(src))[0].capitalize())
        out = os.path.join(out_dir, name, f"{cls}.cs")
        os.makedirs(os.path.dirname(out), exist_ok=True)
        cache[name] = (tools.translate_file(src, out, *more, *_flags(case)), out)

    def get(name):
        if not cache:
            for other in selected(request.session, "test_golden.py", "name"):
                translate(other)
            tools.check_many(out for r, out in cache.values() if r.returncode == 0)
        if name not in cache:
            translate(name)
        r, out = cache[name]
        assert r.returncode == 0, f"cmpi-translate failed:\n{r.stderr}"
        return out
    return get


@pytest.fixture(scope="session")
def native_build(tmp_path_factory, tools):
    """Each case's native program built once per session (not once per rank count): name -> its executable."""
    out_dir = tmp_path_factory.mktemp("golden-native")
    cache = {}

    def get(name):
        if name not in cache:
            case = CASES[name]
            exe = os.path.join(out_dir, name, "native")  # the name the per-test builds had (argv[0])
            os.makedirs(os.path.dirname(exe))
            b = tools.build_native(_sources(case), exe, _flags(case) + case.get("native_flags", []))
            assert b.returncode == 0, f"mpicc failed:\n{b.stderr}"
            cache[name] = exe
        return cache[name]
    return get


def _update_or_fail(path: str, actual: str, update: bool, what: str):
    expected = open(path).read() if os.path.exists(path) else None
    if expected == actual:
        return
    if update:
        with open(path, "w") as f:
            f.write(actual)
        pytest.fail(f"{what}: rewrote {os.path.relpath(path, ROOT)} (--update-golden); review and commit it")
    if expected is None:
        pytest.fail(f"{what}: {os.path.relpath(path, ROOT)} is missing; run pytest --update-golden")
    pytest.fail(f"{what} differs from {os.path.relpath(path, ROOT)}:\n" +
                _diff(expected, actual, "expected", "actual"))


@pytest.mark.parametrize("name", _params(sorted(CASES)))
def test_translation_matches_expected(name, translated, update_golden):
    actual = open(translated(name)).read()
    _update_or_fail(os.path.join(GOLDEN, name, "expected.cs"), actual, update_golden, "translation")


@pytest.mark.parametrize("name", _params(sorted(CASES)))
def test_compiles_without_warnings(name, translated, tools):
    r = tools.check(translated(name))
    assert r.returncode == 0 and not r.stdout.strip() and "warning" not in r.stderr, \
        f"Roslyn diagnostics:\n{r.stdout}{r.stderr}"


def transport_env(transport: str, request) -> dict:
    """What a transport needs from the environment (azure: a running Azurite)."""
    if transport == "azure":
        return request.getfixturevalue("azurite").env
    return {}


@pytest.mark.parametrize("name,ranks,transport", RUNS, ids=[f"{n}-np{k}-{t}" for n, k, t in RUNS])
def test_runs_like_native(name, ranks, transport, translated, native_build, tools, update_golden, tmp_path, request):
    case = CASES[name]
    args = [str(a) for a in case.get("args", [])]
    filters = case.get("filters", [])
    timeout = case.get("timeout", 300)
    files = case.get("files", [])
    expected_path = os.path.join(GOLDEN, name, f"expected.np{ranks}.out")
    expected_files = {f: os.path.join(GOLDEN, name, f"expected.np{ranks}.{f}") for f in files}
    native_dir, cmpi_dir = tmp_path / "native-run", tmp_path / "cmpi-run"
    native_dir.mkdir()
    cmpi_dir.mkdir()
    env = transport_env(transport, request)
    # the native program runs once per case (beside the in-process transport's run), not once per transport
    if tools.mpicc and tools.mpirun and transport == "inproc":
        n = tools.native(native_build(name), ranks, args, timeout, cwd=str(native_dir))
        assert n.returncode == case.get("exit", 0), f"native run failed ({n.returncode}):\n{n.stderr}"
        native_out = mask(by_rank(n.stdout), filters)
        checks = [(expected_path, native_out, f"native output (mpirun -np {ranks})")]
        for f, path in expected_files.items():
            written = _read_output(native_dir / f)
            assert written is not None, f"the native run wrote no {f}"
            checks.append((path, written, f"native {f} (mpirun -np {ranks})"))
        if update_golden:
            # Rewrite every stale file in one pass, then fail naming them all.
            stale = [(path, actual) for path, actual, _ in checks if _read_output(path) != actual]
            for path, actual in stale:
                with open(path, "w", newline="") as out:
                    out.write(actual)
            if stale:
                pytest.fail("rewrote " + ", ".join(os.path.relpath(p, ROOT) for p, _ in stale) +
                            " from mpirun -np {} (--update-golden); review and commit them".format(ranks))
        for path, actual, what in checks:
            _update_or_fail(path, actual, update_golden, what)
    for path in [expected_path, *expected_files.values()]:
        assert os.path.exists(path), f"{path} is missing and mpicc is not installed"
    expected = open(expected_path).read()
    with _expected_failure(case):
        r = tools.cmpi(translated(name), ranks, args, timeout, cwd=str(cmpi_dir), transport=transport, env=env)
        assert r.returncode == case.get("exit", 0), f"cmpi-run --transport {transport} exited {r.returncode}:\n{r.stderr}"
        actual = mask(by_rank(r.stdout), filters)
        assert actual == expected, f"cmpi-run --transport {transport} output differs from mpirun's:\n" + \
            _diff(expected, actual, f"mpirun -np {ranks}", f"cmpi-run -n {ranks} --transport {transport}")
        for f, path in expected_files.items():
            written = _read_output(cmpi_dir / f)
            assert written is not None, f"cmpi-run -n {ranks}: the program wrote no {f}"
            want = _read_output(path)
            assert written == want, f"{f} written under cmpi-run differs from mpirun's:\n" + \
                _diff(want, written, f"mpirun -np {ranks}", f"cmpi-run -n {ranks}")


def _read_output(path):
    """A file the program wrote, exactly as written (no newline translation), or None."""
    if not os.path.exists(path):
        return None
    with open(path, newline="") as f:
        return f.read()
