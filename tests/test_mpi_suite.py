"""Self-checking C MPI programs (MPICH test-suite style) under tests/mpi/<family>/*.c.

Each program prints " No Errors" from rank 0 when every check passed, or the errors it found. Each runs
natively (mpicc, mpirun) and translated (cmpi-translate, cmpi-run) at 1, 2, 4 and 7 ranks, or at the
counts its header comment allows; the native run must say " No Errors" and the translated run must print
the same, rank by rank.

Header keys, in the first comment of the file:
    ranks: 1 4                       rank counts the program allows (default 1 2 4 7)
    args: -n 10                      program arguments
    xfail-translate: <why>           translation is known to fail today; the case is an expected failure
                                     (strict=False) carrying the translator's actual error
    native-env: NAME=VALUE ...       extra environment for mpirun (e.g. OMPI_MCA_osc=pt2pt: Open MPI's default
                                     one-sided component needs single-copy shared memory, which is off here)
    transports: tcp azure            also run translated over these transports, at 4 ranks or the largest count
                                     below (storage queues are slow: 7 ranks of one-sided over Azurite take a minute)
"""
from __future__ import annotations

import difflib
import glob
import os
import re
import shutil

import pytest

from tests.support import NATIVE_ENV, ROOT, by_rank, run, selected

SUITE = os.path.join(ROOT, "tests", "mpi")
DEFAULT_RANKS = [1, 2, 4, 7]


def _header(path: str) -> dict:
    text = open(path).read()
    m = re.match(r"\s*/\*(.*?)\*/", text, re.S)
    comment = m.group(1) if m else ""
    keys = {}
    for key in ("ranks", "args", "xfail-translate", "native-env", "transports"):
        k = re.search(rf"^\s*\*?\s*{key}:\s*(.*?)\s*$", comment, re.M)
        if k:
            keys[key] = k.group(1)
    return {
        "ranks": [int(n) for n in keys["ranks"].split()] if "ranks" in keys else DEFAULT_RANKS,
        "args": keys.get("args", "").split(),
        "xfail_translate": keys.get("xfail-translate"),
        "native_env": dict(kv.split("=", 1) for kv in keys.get("native-env", "").split()),
        "transports": keys.get("transports", "").split(),
    }


PROGRAMS = {os.path.relpath(p, SUITE): _header(p) for p in sorted(glob.glob(os.path.join(SUITE, "**", "*.c"), recursive=True))}


def _transport_ranks(h: dict) -> int:
    return max([n for n in h["ranks"] if n <= 4] or [min(h["ranks"])])


RUNS = [pytest.param(name, n, "inproc", id=f"{name}-np{n}") for name, h in PROGRAMS.items() for n in h["ranks"]] + [
    pytest.param(name, _transport_ranks(h), t, id=f"{name}-np{_transport_ranks(h)}-{t}")
    for name, h in PROGRAMS.items() for t in h["transports"]]


@pytest.fixture(scope="session")
def built(request, tmp_path_factory, tools):
    """Each program built natively and translated once per session: name -> (exe, cs or None, translate error).
    The selected programs' C# is compiled by one cmpi-run --check at the first call (tools.check_many), which fills
    cmpi-run's cache: each program's first run then loads its assembly instead of starting Roslyn (~0.7 s of CPU)."""
    out = tmp_path_factory.mktemp("mpi_suite")
    cache = {}

    def get(name):
        if not cache:
            for other in selected(request.session, "test_mpi_suite.py", "name"):
                build(other)
            tools.check_many(cs for _, (_, cs, _) in cache.values() if cs is not None)
        if name not in cache:
            build(name)
        native, translation = cache[name]
        assert native.returncode == 0, f"mpicc failed:\n{native.stderr}"  # (the failure is this program's test's)
        return translation

    def build(name):
        src = os.path.join(SUITE, name)
        stem = re.sub(r"\W", "_", os.path.splitext(name)[0])
        exe = os.path.join(out, stem)
        b = tools.build_native(src, exe)
        cls = "".join(part.capitalize() for part in stem.split("_"))
        cs = os.path.join(out, f"{cls}.cs")
        t = tools.translate_file(src, cs)
        cache[name] = (b, (exe, cs if t.returncode == 0 else None, t.stderr.strip()))
    return get


@pytest.fixture(scope="session")
def native_runs():
    """(name, ranks) -> the native run: a program's run at a rank count serves its in-process test and the tcp and
    azure ones beside it (each run of a correct program prints the same " No Errors")."""
    return {}


@pytest.mark.skipif(shutil.which("mpicc") is None or shutil.which("mpirun") is None, reason="Open MPI not installed")
@pytest.mark.parametrize("name,ranks,transport", RUNS)
def test_native_and_translated_agree(name, ranks, transport, built, native_runs, tools, request):
    header = PROGRAMS[name]
    exe, cs, error = built(name)
    native = native_runs.get((name, ranks))
    if native is None:
        native = native_runs[name, ranks] = run([tools.mpirun, "-np", str(ranks), "--tag-output", exe, *header["args"]],
                                                timeout=60, env={**NATIVE_ENV, **header["native_env"]})
    expected = by_rank(native.stdout)
    assert native.returncode == 0 and "0|  No Errors" in expected, \
        f"the native run fails its own checks (exit {native.returncode}):\n{expected}{native.stderr}"
    if cs is None:
        if header["xfail_translate"]:
            pytest.xfail(f"{header['xfail_translate']}: {error.splitlines()[0] if error else ''}")
        pytest.fail(f"cmpi-translate failed:\n{error}")
    env = request.getfixturevalue("azurite").env if transport == "azure" else None
    translated = tools.cmpi(cs, ranks, header["args"], timeout=60 if transport == "inproc" else 180,
                            transport=transport, env=env)
    actual = by_rank(translated.stdout)
    assert translated.returncode == 0 and actual == expected, (
        f"cmpi-run exit {translated.returncode}\n"
        + "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True), "mpirun", "cmpi-run"))
        + translated.stderr[-3000:])
