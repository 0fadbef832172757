"""The suites' shared batching (tests/support.py, docs/testing.md): a translation through the session's warm
`cmpi-translate --batch -` answers what a cmpi-translate process answers, and `check_many` gives each file what
`cmpi-run --check FILE` alone gives, so a failing case reads as before."""
from __future__ import annotations

import subprocess

import pytest

from tests.support import ROOT, Run, TranslationServer, run

PROGRAM = '#include <stdio.h>\nint main(void) { printf("%d\\n", 6 * 7); return 0; }\n'


def _unsupported() -> str:
    from translator.reader.frontend import MAX_EXPRESSION_DEPTH
    return "int main(void) { int x = 1; return " + "(int)" * (MAX_EXPRESSION_DEPTH + 1) + "x; }\n"


def _process(tools, args) -> Run:
    return run(tools.translate + args, timeout=120, cwd=tools.root)


@pytest.mark.parametrize("kind", ["translates", "located-error", "clang-error"])
def test_a_served_translation_answers_as_a_process(tools, tmp_path, kind):
    text = {"translates": PROGRAM, "located-error": _unsupported(),
            "clang-error": "int main(void) { return undeclared; }\n"}[kind]
    src = tmp_path / "prog.c"
    src.write_text(text)
    (tmp_path / "served").mkdir()
    (tmp_path / "alone").mkdir()
    served = tools.server.translate([str(src), "-o", str(tmp_path / "served" / "Prog.cs")], timeout=120)
    alone = _process(tools, [str(src), "-o", str(tmp_path / "alone" / "Prog.cs")])
    assert served is not None
    assert (served.returncode, served.stdout) == (alone.returncode, alone.stdout)
    assert served.stderr == alone.stderr  # (the same source path; the output's is not printed)
    assert served.returncode == (0 if kind == "translates" else 1), served.stderr
    if kind == "translates":
        assert (tmp_path / "served" / "Prog.cs").read_text() == (tmp_path / "alone" / "Prog.cs").read_text()


def test_a_changed_environment_restarts_the_server(tools, tmp_path, monkeypatch):
    """A test's setenv must reach the translator: a server started before it is replaced by one started in it."""
    src = tmp_path / "prog.c"
    src.write_text(PROGRAM)
    assert tools.translate_file(str(src), str(tmp_path / "A.cs")).returncode == 0
    before = tools.server.proc.pid
    monkeypatch.setenv("CMPI_SUPPORT_BATCHING_PROBE", "1")
    assert tools.translate_file(str(src), str(tmp_path / "B.cs")).returncode == 0
    assert tools.server.proc.pid != before and tools.server.env.get("CMPI_SUPPORT_BATCHING_PROBE") == "1"


def test_a_translation_past_its_timeout_raises_as_subprocess_run_does():
    server = TranslationServer(["/bin/sh", "-c", "sleep 60", "sh"], ROOT)  # a server that never answers
    with pytest.raises(subprocess.TimeoutExpired):
        server.translate(["prog.c"], timeout=0.5)
    assert server.proc is None  # killed; the next translation starts a new one


def test_check_many_gives_each_file_its_own_diagnostics(tools, tmp_path):
    src = tmp_path / "prog.c"
    src.write_text(PROGRAM)
    good = tmp_path / "Good.cs"
    assert tools.translate_file(str(src), str(good)).returncode == 0
    text = good.read_text()
    files = {"Good.cs": text, "Warned.cs": "#warning a warning of our own\n" + text.replace("class Good", "class Warned"),
             "Broken.cs": text.replace("class Good", "class Broken") + 'static class Extra { static int F() => "x"; }\n'}
    paths = []
    for name, content in files.items():
        (tmp_path / name).write_text(content)
        paths.append(str(tmp_path / name))
    alone = {p: run(tools.cmpi_run + ["--check", p], timeout=300) for p in paths[1:]}  # (Good.cs: clean, below)
    alone[paths[0]] = Run(0, "", "")
    tools.check_many(paths)
    for p in paths:
        assert p in tools.checked, p
        batched = tools.check(p)
        assert (batched.returncode, batched.stdout.strip(), batched.stderr) == \
            (alone[p].returncode, alone[p].stdout.strip(), alone[p].stderr), p
    assert [alone[p].returncode for p in paths] == [0, 1, 1]
    assert "Warned.cs:1:" in alone[paths[1]].stderr and "Broken.cs:" in alone[paths[2]].stderr
    # a file changed since its batch is checked again, not answered from the batch
    with open(paths[0], "a") as f:
        f.write('static class Late { static int G() => "y"; }\n')
    again = tools.check(paths[0])
    assert again.returncode == 1 and "Good.cs:" in again.stderr
