"""Bad input: a one-line `file:line:col: error: ... [-Wname]` and a non-zero exit, never a traceback."""
from __future__ import annotations

import os
import re

import pytest

from tests.support import ROOT

BAD = os.path.join(ROOT, "tests", "bad")
DIAG = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+):(?P<col>\d+): error: .+ \[-W[\w-]+\]$")


def _translate(tools, tmp_path, src, out=None):
    return tools.translate_file(src, out or str(tmp_path / "Out.cs"))


def _one_diagnostic(r):
    assert r.returncode == 1, (r.returncode, r.stderr)
    assert "Traceback" not in r.stderr
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, r.stderr
    return lines[0]


@pytest.mark.parametrize("name,line,col,words", [
    ("syntax.c", 4, 14, "expected ';'"),
    ("missing_header.c", 2, 10, "no_such_header.h"),
    ("asm.c", 4, 5, "inline assembly"),
    ("unmapped.c", 6, 5, "MPI_Comm_spawn"),
    ("spawn.c", 10, 9, "MPI_Comm_spawn is not supported by cmpi: a port's job has the ranks it was started with"),
    ("struct_array_address.c", 6, 21, "array inside a struct"),
    ("pointer_cast.c", 6, 18, "reinterprets memory"),
    ("pointer_integer.c", 5, 20, "pointer to an integer"),
    ("statement_expression_order.c", 5, 43, "statement expression"),
    ("wide_string.c", 6, 12, "library function 'wprintf'"),
    ("library_conflict.c", 3, 5, "conflicting types for 'srandom'"),
    ("after_continued_macro.c", 14, 18, "reinterprets memory"),
    ("unused_static_beside_error.c", 11, 18, "reinterprets memory"),
    ("mpi_memory_of_structs.c", 10, 14, "struct bench holds pointers"),
    ("mpi_message_of_pointer_structs.c", 9, 15, "MPI_Bcast would move struct bench, which holds pointers"),
    ("attr_function_arity.c", 8, 51, "with the 4 parameters of MPI's delete function"),
    ("bsearch_key_read_as_element.c", 11, 55, "by_id reads its `void *` parameter 'a' as rec where bsearch passes"),
])
def test_bad_source_gives_located_diagnostic(tools, tmp_path, name, line, col, words):
    d = _one_diagnostic(_translate(tools, tmp_path, os.path.join(BAD, name)))
    m = DIAG.match(d)
    assert m, d
    assert m["file"].endswith(name) and (int(m["line"]), int(m["col"])) == (line, col), d
    assert words in d


def test_missing_input_file(tools, tmp_path):
    d = _one_diagnostic(_translate(tools, tmp_path, str(tmp_path / "nope.c")))
    assert "nope.c: no such file" in d and d.endswith("[-Wmissing-input]")


def test_unwritable_output_path(tools, tmp_path):
    src = os.path.join(ROOT, "corpus", "examples", "fig31.c")
    d = _one_diagnostic(_translate(tools, tmp_path, src, str(tmp_path / "no" / "such" / "dir" / "Out.cs")))
    assert "cannot write" in d and d.endswith("[-Woutput]")


def test_no_output_written_on_error(tools, tmp_path):
    out = tmp_path / "Out.cs"
    _translate(tools, tmp_path, os.path.join(BAD, "asm.c"), str(out))
    assert not out.exists()


def test_include_dir_holding_cmpis_mpi_h_is_not_the_programs(tools, tmp_path):
    """`-I` naming the directory of cmpi's mpi.h (as a build copied from mpicc flags may) must not make
    that header count as the program's own: its MPI declarations would then need C# definitions."""
    src = os.path.join(ROOT, "corpus", "examples", "fig31.c")
    r = tools.translate_file(src, str(tmp_path / "Out.cs"), "--", "-I", os.path.join(ROOT, "translator", "include"))
    assert r.returncode == 0, r.stderr
    assert "MPI_COMM_WORLD" not in (tmp_path / "Out.cs").read_text()


def test_openmp_directives_warn_once_with_location(tools, tmp_path):
    src = os.path.join(ROOT, "corpus", "examples", "hybrid_omp.c")
    r = _translate(tools, tmp_path, src)
    assert r.returncode == 0, r.stderr
    warnings = [ln for ln in r.stderr.splitlines() if "[-Wopenmp]" in ln]
    assert len(warnings) == 1, r.stderr
    line = next(i for i, text in enumerate(open(src), 1) if text.startswith("#pragma omp"))
    assert warnings[0].startswith(f"{src}:{line}:1: warning: OpenMP directives are ignored"), warnings[0]


def test_library_calls_without_their_header_warn_with_location_and_translate(tools, tmp_path):
    """gcc 12 accepts a call to an undeclared function with a warning; a standard library function is translated
    with its header's declaration, and the warning names the header. A function no header declares stays an error."""
    src = os.path.join(ROOT, "tests", "c", "implicit_declarations.c")
    r = _translate(tools, tmp_path, src)
    assert r.returncode == 0, r.stderr
    warnings = [ln for ln in r.stderr.splitlines() if "[-Wimplicit-function-declaration]" in ln]
    assert len(warnings) == 6, r.stderr
    assert warnings[0].startswith(f"{src}:7:13: warning: 'atoi' is called without its declaration: "
                                  "translated with <stdlib.h>'s"), warnings[0]
    assert any("'time'" in w and "<time.h>" in w for w in warnings)
    undefined = tmp_path / "undefined.c"
    undefined.write_text("int main(void) { return no_such_function(1); }\n")
    line = _one_diagnostic(_translate(tools, tmp_path, str(undefined)))
    assert line.startswith(f"{undefined}:1:25: error: ") and "'no_such_function'" in line, line


def test_program_functions_called_before_their_definition_warn_and_translate(tools, tmp_path):
    src = os.path.join(ROOT, "tests", "c", "calls_before_definition.c")
    r = _translate(tools, tmp_path, src)
    assert r.returncode == 0, r.stderr
    warnings = [ln for ln in r.stderr.splitlines() if "[-Wimplicit-function-declaration]" in ln]
    assert [w.split(": warning: ")[0] for w in warnings] == [f"{src}:7:13", f"{src}:8:26", f"{src}:9:5"], r.stderr
    assert "'square' is called before any declaration of it" in warnings[0]


def test_every_untranslatable_declaration_is_named_in_one_run(tools, tmp_path):
    """A program with several constructs the translator cannot take gets one located line for each, in source
    order (each declaration is translated on its own, those the front end cannot read and those the conversion
    cannot take alike), and no output file."""
    src = os.path.join(BAD, "several", "three_errors.c")
    out = tmp_path / "Out.cs"
    r = _translate(tools, tmp_path, src, str(out))
    assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    places = [(int(m["line"]), int(m["col"])) for m in map(DIAG.match, lines) if m]
    assert len(places) == len(lines) == 3, r.stderr
    # line 17: `void *p` itself is an opaque handle now (void_handles.py); the integer made a pointer is refused (p also
    # holds an address: a `void *` that only held integers would carry them, passes/void_integers.py)
    assert places == [(5, 12), (10, 5), (17, 15)], r.stderr  # the front end's (asm) among the conversion's
    assert not out.exists()


def test_the_c_readers_errors_and_the_translations_in_one_run(tools, tmp_path):
    """When clang reports an error it recovers from, the translation still runs: its errors follow the C reader's
    in the same run (issue 22: a user fixing one stage at a time met 1 error, then 4, then 54)."""
    src = os.path.join(BAD, "several", "reader_and_translation.c")
    out = tmp_path / "Out.cs"
    r = _translate(tools, tmp_path, src, str(out))
    assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert all(DIAG.match(ln) for ln in lines), r.stderr
    names = [ln.rsplit("[-W", 1)[1].rstrip("]") for ln in lines]
    assert names[0] == "c-error" and "undeclared_name" in lines[0], r.stderr
    assert "unsupported-mpi" in names and "MPI_Comm_spawn" in r.stderr, r.stderr
    assert names[-1] == "inline-asm" and ":12:5: " in lines[-1], r.stderr
    assert not out.exists()


def test_untranslatable_static_functions_no_code_calls_are_left_out_with_a_warning(tools, tmp_path):
    """A header's static helper nobody calls that the C reader, the front end or the conversion refuses does not
    stop the program (C's linker drops it too): one located warning each (tests/mpi/env/unused_static_helpers.c
    runs against mpirun)."""
    src = os.path.join(ROOT, "tests", "mpi", "env", "unused_static_helpers.c")
    r = _translate(tools, tmp_path, src)
    assert r.returncode == 0, r.stderr
    warnings = [ln for ln in r.stderr.splitlines() if ln.endswith("[-Wunused-untranslatable]")]
    assert [w.split(": warning: ")[0] for w in warnings] == [f"{src}:9:12", f"{src}:16:13", f"{src}:21:14"], r.stderr
    assert "MPI_Comm_spawn" in warnings[0] and "inline assembly" in warnings[1], r.stderr


def test_a_directory_given_as_input(tools, tmp_path):
    d = _one_diagnostic(_translate(tools, tmp_path, str(tmp_path)))
    assert "not a C file" in d and d.endswith("[-Wmissing-input]")


def test_warnings_are_given_once_when_an_unused_static_is_left_out(tools, tmp_path):
    """Leaving out an unused static whose conversion failed converts the rest again: the first conversion's
    warnings are not repeated (tests/mpi/env/warning_once_with_unused_static.c runs against mpirun)."""
    src = os.path.join(ROOT, "tests", "mpi", "env", "warning_once_with_unused_static.c")
    r = _translate(tools, tmp_path, src)
    assert r.returncode == 0, r.stderr
    mismatch = [ln for ln in r.stderr.splitlines() if ln.endswith("[-Wmpi-type-mismatch]")]
    unused = [ln for ln in r.stderr.splitlines() if ln.endswith("[-Wunused-untranslatable]")]
    assert len(mismatch) == 1 and len(unused) == 1, r.stderr
    assert "cycle_counter" in unused[0] and "the call moves count * 4 bytes from its address" in mismatch[0], r.stderr


def test_call_without_prototype_whose_argument_count_differs_warns_and_translates(tools, tmp_path):
    """Each file of a C program is its own translation unit: a call made through an implicit (or K&R) declaration
    may pass fewer or more arguments than the definition in another file takes (PRK amr's time_step). The port
    calls the definition, and a located warning names it and says what the missing or extra arguments become."""
    folder = os.path.join(ROOT, "tests", "c", "implicit_call_arity")
    main, step = os.path.join(folder, "main.c"), os.path.join(folder, "step.c")
    r = tools.translate_file(main, str(tmp_path / "Out.cs"), step)
    assert r.returncode == 0, r.stderr
    warnings = [ln for ln in r.stderr.splitlines() if ln.endswith("[-Wcall-arguments-mismatch]")]
    assert [w.split(": warning: ")[0] for w in warnings] == [f"{main}:15:14", f"{main}:17:14", f"{main}:21:28"], \
        r.stderr
    assert f"'step' is called with 3 arguments without a prototype in scope, but its definition at " in warnings[0]
    assert "step.c:3:5 takes 4: the missing argument is given the zero of its type" in warnings[0], warnings[0]
    assert "the extra argument is evaluated and dropped" in warnings[1], warnings[1]


def test_call_with_a_prototype_in_scope_whose_argument_count_differs_stays_an_error(tools, tmp_path):
    """With the definition's prototype in scope the mismatch is the program's error, as gcc reports it."""
    (tmp_path / "f.h").write_text("int f(int a, int b);\n")
    main = tmp_path / "main.c"
    main.write_text('#include "f.h"\nint main(void) { return f(1); }\n')
    other = tmp_path / "f.c"
    other.write_text('#include "f.h"\nint f(int a, int b) { return a + b; }\n')
    r = tools.translate_file(str(main), str(tmp_path / "Out.cs"), str(other))
    assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
    assert f"{main}:2:28: error: too few arguments to function call, expected 2, have 1" in r.stderr, r.stderr


def test_written_extern_of_the_other_sign_stays_an_error(tools, tmp_path):
    """An `extern int *p;` that its file assigns, beside another file's `unsigned int *p`: the reader retypes only
    a name its file reads (reader/extern_sign.py), so this one stays clang's located redeclaration error."""
    a, b = tmp_path / "a.c", tmp_path / "b.c"
    a.write_text("extern int *p;\nint main(void) { p = 0; return 0; }\n")
    b.write_text("unsigned int *p;\n")
    r = tools.translate_file(str(a), str(tmp_path / "Out.cs"), str(b))
    line = _one_diagnostic(r)
    assert re.search(r"a\.c:1:13: error: redeclaration of 'p' with a different type: 'int \*' vs 'unsigned int \*'",
                     line), line


def test_packed_bytes_of_pack_and_unpack_draw_no_type_mismatch(tools, tmp_path):
    """MPI_Unpack(inbuf, insize, &pos, outbuf, count, datatype, comm): the datatype describes outbuf, never the
    packed bytes of inbuf (a char array): no -Wmpi-type-mismatch for those, while an out-buffer the datatype does
    not describe still draws one."""
    src = tmp_path / "unpack.c"
    src.write_text(
        "#include <mpi.h>\n"
        "int main(int argc, char **argv) {\n"
        "    char buf[64]; int pos = 0, n = 3; double d[2] = {1, 2}; short s = 0;\n"
        "    MPI_Init(&argc, &argv);\n"
        "    MPI_Pack(&n, 1, MPI_INT, buf, sizeof buf, &pos, MPI_COMM_WORLD);\n"
        "    MPI_Pack(d, 2, MPI_DOUBLE, buf, sizeof buf, &pos, MPI_COMM_WORLD);\n"
        "    pos = 0;\n"
        "    MPI_Unpack(buf, sizeof buf, &pos, &n, 1, MPI_INT, MPI_COMM_WORLD);\n"
        "    MPI_Unpack(buf, sizeof buf, &pos, &s, 1, MPI_INT, MPI_COMM_WORLD);\n"
        "    MPI_Finalize();\n"
        "    return 0;\n"
        "}\n")
    r = _translate(tools, tmp_path, str(src))
    assert r.returncode == 0, r.stderr
    mismatch = [ln for ln in r.stderr.splitlines() if ln.endswith("[-Wmpi-type-mismatch]")]
    assert [ln.split(": warning: ")[0] for ln in mismatch] == [f"{src}:9:39"], r.stderr


def test_an_internal_error_names_the_c_declaration_it_met(tmp_path, capsys, monkeypatch):
    """A translator bug is still exit 3 ("please report it"), and its line names the C function being converted."""
    from translator import cli
    from translator.csharp import stmts

    def broken(*args, **kwargs):
        raise ValueError("a made-up bug")

    src = tmp_path / "prog.c"
    src.write_text("int main(void) {\n    int k = 1;\n    switch (k) { case 1: return 0; }\n    return 1;\n}\n")
    for table in [v for v in vars(stmts).values() if isinstance(v, dict)]:
        for key, value in list(table.items()):
            if value is stmts.convert_switch:
                monkeypatch.setitem(table, key, broken)
    assert cli.main([str(src), "-o", str(tmp_path / "Prog.cs"), "--no-check"]) == 3
    err = capsys.readouterr().err
    assert err.startswith(f"{src}:1:5: error: internal error: ValueError: a made-up bug") and "[-Winternal]" in err
