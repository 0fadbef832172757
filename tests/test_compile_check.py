"""cmpi-translate's own compile check (translator/compile_check.py): exit 0 means the C# compiles without a warning;
a translation that would not compile is an error at the C declaration whose C# holds the problem, exit 1, no file."""
from __future__ import annotations

import os
import stat

import pytest

from translator import cli, compile_check

PROGRAM = """#include <stdio.h>
int total = 3;

static int twice(int x) {
    return 2 * x;
}

int main(void) {
    printf("%d\\n", twice(total));
    return 0;
}
"""


def _fake_checker(tmp_path, body: str) -> list:
    """A stand-in for `cmpi-run --check --check-as OUTPUT FILE`: $4 is the file checked."""
    script = tmp_path / "fake-cmpi-run"
    script.write_text("#!/bin/sh\n" + body)
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return [str(script)]


@pytest.fixture
def program(tmp_path, monkeypatch):
    monkeypatch.setenv("CMPI_TRANSLATE_CHECK", "1")
    src = tmp_path / "prog.c"
    src.write_text(PROGRAM)
    return src


def test_a_translation_that_compiles_is_written(program, tmp_path, capsys, tools):
    """The real checker (the runtime's cmpi-run beside the translator): exit 0, the file, nothing on stderr."""
    if compile_check.checker() is None:
        pytest.skip("no cmpi-run beside the translator: `make setup` builds it")
    out = tmp_path / "Prog.cs"
    assert cli.main([str(program), "-o", str(out)]) == 0
    assert out.exists() and capsys.readouterr().err == ""


def test_the_first_run_of_a_checked_translation_is_a_cache_hit(program, tmp_path, monkeypatch, tools):
    """The check compiles its temporary copy as the output's path (`cmpi-run --check-as`): the image it leaves in the
    cache is the written file's, so `cmpi-run Prog.cs` in the output's folder loads it instead of compiling (issue 28,
    first run); a copy of the same text under another path is still compiled."""
    import subprocess
    if compile_check.checker() is None:
        pytest.skip("no cmpi-run beside the translator: `make setup` builds it")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    out = tmp_path / "Prog.cs"
    assert cli.main([str(program), "-o", str(out)]) == 0
    run = compile_check.checker() + ["--verbose", "Prog.cs"]
    first = subprocess.run(run, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert first.returncode == 0 and first.stdout == "6\n", first.stderr
    assert "cmpi-run: cache hit Prog.cs" in first.stderr, first.stderr
    (tmp_path / "Copy.cs").write_text(out.read_text())
    copy = subprocess.run(compile_check.checker() + ["--verbose", "Copy.cs"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=300)
    assert copy.returncode == 0 and "cmpi-run: compiled Copy.cs" in copy.stderr, copy.stderr


def test_a_csharp_error_is_located_at_its_c_declaration(program, tmp_path, capsys, monkeypatch):
    # a checker that finds a problem two lines below the C# method `twice` starts, and one in the file's head
    body = ('n=$(grep -n "int twice" "$4" | head -1 | cut -d: -f1)\n'
            'echo "$4:$((n+2)):13: error: Cannot convert [CS0029]"\n'
            'echo "$4:2:1: warning: a head problem [CS0105]"\nexit 1\n')
    monkeypatch.setattr(compile_check, "checker", lambda: _fake_checker(tmp_path, body))
    out = tmp_path / "Prog.cs"
    assert cli.main([str(program), "-o", str(out)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert not out.exists()
    assert err[0].startswith(f"{program}:4:12: error: its translation does not compile: Prog.cs:")
    assert "Cannot convert [CS0029]" in err[0] and err[0].endswith("[-Wcsharp-check]")
    assert err[1].startswith("cmpi-translate: error: the translation does not compile: Prog.cs:2:1: warning:")


def test_no_check_writes_the_csharp_unchecked(program, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(compile_check, "checker", lambda: _fake_checker(tmp_path, 'echo "$4:1:1: error: x [CS1]"\nexit 1\n'))
    out = tmp_path / "Prog.cs"
    assert cli.main([str(program), "-o", str(out), "--no-check"]) == 0 and out.exists()
    monkeypatch.setenv("CMPI_TRANSLATE_CHECK", "0")
    os.unlink(out)
    assert cli.main([str(program), "-o", str(out)]) == 0 and out.exists()


def test_a_checker_that_cannot_run_leaves_a_warning(program, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(compile_check, "checker", lambda: _fake_checker(tmp_path, 'echo "dotnet: not found"\nexit 127\n'))
    out = tmp_path / "Prog.cs"
    assert cli.main([str(program), "-o", str(out)]) == 0 and out.exists()
    err = capsys.readouterr().err
    assert "written without the compile check" in err and "[-Wcsharp-check]" in err


def test_every_line_of_a_member_maps_to_its_declaration(program):
    """The mapping renders the program again with a marker before each member: the lines between markers are the
    member's, and the text without the markers is the written text (or there is no mapping)."""
    from translator.csharp.context import Context
    from translator.csharp.decls import convert_translation_unit
    from translator.diagnostics import DiagnosticSink
    from translator.emit import render_program
    from translator.reader.frontend import Frontend
    from translator.rules import load

    def render(members):
        return render_program("Prog", "prog.c", "prog", members)

    tu = Frontend([str(program)], []).parse()
    converted = convert_translation_unit(Context(tu=tu, rules=load(), class_name="Prog", diagnostics=DiagnosticSink()))
    text = render(converted)
    lines = text.split("\n")
    twice = next(i for i, ln in enumerate(lines, 1) if "int twice(" in ln)
    main = next(i for i, ln in enumerate(lines, 1) if "public int main(" in ln)
    owners = compile_check.member_lines(render, converted, text)
    assert owners is not None and len(owners) >= len(lines)
    assert (owners[twice].line, owners[twice + 2].line, owners[main].line) == (4, 4, 8)
    assert owners[1] is None  # the file's head: no member
    assert compile_check.member_lines(render, converted, text + "// edited\n") is None
