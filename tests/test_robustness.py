"""Hostile and careless inputs (issue 27): each defect found by fuzzing has its regression test here.

Bad input never crashes the translator (exit 3, a traceback, a signal), never destroys the user's files, and a
translation that succeeds (exit 0) compiles without warnings."""
from __future__ import annotations

import os
import subprocess

from tests.support import ROOT

ROBUST = os.path.join(ROOT, "tests", "robust")


def _bytes_run(cmd, timeout=300):
    return subprocess.run(cmd, capture_output=True, timeout=timeout)


def test_bytes_that_are_no_utf8_print_as_gcc_prints_them(tools, tmp_path):
    """A Latin-1 comment and raw 0xE9 bytes in string and character literals: the port prints C's bytes."""
    src = os.path.join(ROBUST, "latin1.c")
    exe = str(tmp_path / "native")
    assert _bytes_run(["gcc", "-w", "-o", exe, src]).returncode == 0
    native = _bytes_run([exe])
    cs = str(tmp_path / "Latin1.cs")
    t = tools.translate_file(src, cs)
    assert t.returncode == 0, t.stderr
    chk = tools.check(cs)
    assert chk.returncode == 0, chk.stdout + chk.stderr
    port = _bytes_run(tools.cmpi_run + ["-n", "1", cs])
    assert port.returncode == native.returncode
    assert port.stdout == native.stdout
    assert port.stderr == native.stderr


def _deep_program() -> str:
    """The nesting generated C has, each a few hundred to thousands deep, in one program."""
    body = [
        '  printf("%d\\n", 0' + "+1" * 500 + ");",
        "  " + "if (x) " * 500 + "y++;",
        "  " + "if (x) {\n" * 250 + "  y++;\n" + "}\n" * 250,
        "  y += " + "x ? " * 300 + "1" + " : 0" * 300 + ";",
        "  y += " + "*&" * 250 + "x;",
        "  y += " + "(int)" * 1000 + "x;",
        "  y += " + "- " * 5000 + "x;",
        '  printf("%d\\n", y);',
    ]
    return "#include <stdio.h>\nint main(void) {\n  int x = 1, y = 0;\n" + "\n".join(body) + "\n  return 0;\n}\n"


def test_deep_nesting_translates_compiles_and_runs(tools, tmp_path):
    src = tmp_path / "deep.c"
    src.write_text(_deep_program())
    exe = str(tmp_path / "native")
    assert _bytes_run(["gcc", "-w", "-o", exe, str(src)]).returncode == 0
    native = _bytes_run([exe])
    cs = str(tmp_path / "Deep.cs")
    t = tools.translate_file(str(src), cs)
    assert t.returncode == 0, t.stderr
    chk = tools.check(cs)
    assert chk.returncode == 0, chk.stdout + chk.stderr
    port = _bytes_run(tools.cmpi_run + ["-n", "1", cs])
    assert (port.returncode, port.stdout) == (native.returncode, native.stdout)


def test_nesting_beyond_the_bound_is_a_located_error(tools, tmp_path):
    from translator.frontend import MAX_EXPRESSION_DEPTH, MAX_STATEMENT_DEPTH
    cases = {
        "casts.c": "int main(void) { int x = 1; return " + "(int)" * (MAX_EXPRESSION_DEPTH + 1) + "x; }\n",
        "ifs.c": "int main(void) { int x = 1; " + "if (x) " * (MAX_STATEMENT_DEPTH + 1) + "x++; return 0; }\n",
    }
    for name, text in cases.items():
        (tmp_path / name).write_text(text)
        t = tools.translate_file(str(tmp_path / name), str(tmp_path / "Out.cs"))
        assert t.returncode == 1, t.stderr
        assert "Traceback" not in t.stderr
        assert f"{name}:1:" in t.stderr and "[-Wnesting-limit]" in t.stderr, t.stderr


def test_output_that_is_the_input_is_refused(tools, tmp_path):
    src = tmp_path / "same.c"
    text = "int main(void) { return 0; }\n"
    src.write_text(text)
    os.symlink("same.c", tmp_path / "link.c")
    os.link(src, tmp_path / "hard.c")
    for out in ("same.c", "./same.c", "link.c", "hard.c", str(src)):
        t = subprocess.run(tools.translate + ["same.c", "-o", out], capture_output=True, text=True, cwd=tmp_path)
        assert t.returncode == 2, (out, t.stderr)
        assert "is the input file" in t.stderr
    t = subprocess.run(tools.translate + ["link.c", "-o", "same.c"], capture_output=True, text=True, cwd=tmp_path)
    assert t.returncode == 2
    assert src.read_text() == text
    t = subprocess.run(tools.translate + ["same.c", "-o", "Same.cs"], capture_output=True, text=True, cwd=tmp_path)
    assert t.returncode == 0, t.stderr
    assert sorted(os.listdir(tmp_path)) == ["Same.cs", "hard.c", "link.c", "same.c"]  # no temporary file left
