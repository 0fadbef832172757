"""Every buffer parameter of every MPI function the rules know, given a buffer in every form (a scalar local, a
global, a struct's scalar field, an array element, an array, a moved pointer, a malloc'd block): the translation
exits 0 and its C# compiles (issue 27). One generated file (tests/mpi_buffer_shapes.py), one translation, one
compile. What such calls do at run time is checked beside mpirun by tests/mpi/pt2pt/scalar_buffers_every_call.c."""
from __future__ import annotations

from tests.mpi_buffer_shapes import FORMS, buffer_calls, program

# Rows the generator cannot call, and why: a new row left out here must be added to the generator or listed.
LEFT_OUT = {"MPI_Win_attach": "its prototype comment runs on into prose the generator does not parse"}


def test_the_generator_reaches_every_row_with_a_buffer():
    calls, left_out = buffer_calls()
    assert set(left_out) == set(LEFT_OUT)
    functions = {name for name, _, _ in calls}
    assert {"MPI_Irecv", "MPI_Iallreduce", "MPI_Gather", "MPI_Reduce_scatter_block", "MPI_Put"} <= functions
    assert {form for _, form, _ in calls} == set(FORMS)
    assert len(calls) > 800


def test_a_struct_field_a_call_keeps_is_a_located_error(tools, tmp_path):
    """A struct field given to a call that keeps its buffer past its return (the generator leaves these out of the
    program that must compile): a located -Wunsupported-buffer error, where it once failed at run time."""
    kept = []
    buffer_calls(kept)
    assert {"MPI_Iallreduce", "MPI_Send_init", "MPI_Win_create", "MPI_Imrecv"} <= set(kept)
    assert not {"MPI_Isend", "MPI_Irecv"} & set(kept)  # staged, copied back at completion
    src = tmp_path / "kept_field.c"
    for name in ("MPI_Ibcast", "MPI_Recv_init"):
        args = "&s.f, 1, MPI_INT, 0, MPI_COMM_WORLD, &r" if name == "MPI_Ibcast" else \
            "&s.f, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r"
        src.write_text("#include <mpi.h>\nstruct S { int f; };\nint main(int argc, char **argv) {\n"
                       f"  struct S s = {{0}}; MPI_Request r;\n  MPI_Init(&argc, &argv);\n  {name}({args});\n"
                       "  MPI_Finalize();\n  return 0;\n}\n")
        t = tools.translate_file(str(src), str(tmp_path / "Out.cs"))
        assert t.returncode == 1 and f"kept_field.c:6:{len(name) + 4}: error: a struct field cannot be the buffer " \
            f"of {name}" in t.stderr and "[-Wunsupported-buffer]" in t.stderr, t.stderr


def test_every_buffer_form_in_every_mpi_call_compiles(tools, tmp_path):
    src = tmp_path / "buffer_shapes.c"
    text, calls, _ = program()
    src.write_text(text)
    cs = str(tmp_path / "BufferShapes.cs")
    t = tools.translate_file(str(src), cs)
    assert t.returncode == 0, t.stderr
    c = tools.check(cs)
    assert c.returncode == 0, "\n".join(line for line in (c.stdout + c.stderr).splitlines() if ": error" in line)
