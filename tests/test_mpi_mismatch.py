"""Erroneous C MPI programs whose collectives disagree between ranks (tests/mpi_mismatch/*.c).

MPI leaves such programs undefined (under mpirun they hang or hand over wrong bits), so there is no native
output to compare with: the translated program must fail, quickly (well before the deadlock timeout), with
an error naming the collective and the mismatch. In-process at 2 and 4 ranks; over tcp and azure (one process
per rank, where the supervisor spots ranks blocked in different collectives) at 2.
"""
from __future__ import annotations

import os
import time

import pytest

from tests.support import ROOT

CASES = {
    "reduce_roots.c": ["collective mismatch on MPI_COMM_WORLD", "MPI_Reduce(root=0)", "MPI_Reduce(root=1)"],
    "bcast_types.c": ["MPI_Bcast", "collective mismatch", "Int32", "Float32"],
    "gatherv_counts.c": ["An error occurred in MPI_Gatherv", "MPI_ERR_TRUNCATE: message truncated",
                         "12 bytes to a buffer of 8 bytes"],
}

RUNS = [(n, k, "inproc") for n in CASES for k in (2, 4)] + [(n, 2, t) for n in CASES for t in ("tcp", "azure")]


def test_buffer_type_size_mismatch_warns_where_the_call_is(tools, tmp_path):
    """-Wmpi-type-mismatch: the translation names the buffer, its C type and the datatype's element size (the
    program runs beside mpirun in tests/mpi/datatype)."""
    src = os.path.join(ROOT, "tests", "mpi", "datatype", "narrower_number_buffer.c")
    t = tools.translate_file(src, str(tmp_path / "Mismatch.cs"))
    assert t.returncode == 0, t.stderr
    line = next(i for i, text in enumerate(open(src), 1) if "MPI_Bcast(&p.n" in text)
    warnings = [w for w in t.stderr.splitlines() if w.endswith("[-Wmpi-type-mismatch]")]
    first = f"{src}:{line}:15: warning: MPI_Bcast's buffer holds int (4 bytes) but MPI_LONG_LONG_INT describes " \
            "8-byte elements: the call moves count * 8 bytes from its address"
    assert warnings and warnings[0].startswith(first), t.stderr


# Buffers of numbers of every size given to every shape of call, in every form the translator passes a buffer
# (a scalar's `ref`, an array and offset, a struct field, a moved pointer), with datatypes of other sizes and, in
# the calls whose buffers share one datatype, buffers of two types: each such call is -Wmpi-type-mismatch, and the
# translation that exits 0 compiles (issue 27).
_FORMS = {  # C expression of a buffer of type T, given the declarations below
    "scalar": "&x_{t}", "array": "a_{t}", "element": "&a_{t}[1]", "field": "&s_{t}.f", "row": "s_{t}.arr",
    "pointer": "p_{t} + 1",
}
_TYPES = {"int": "MPI_LONG", "short": "MPI_INT", "long": "MPI_INT", "float": "MPI_DOUBLE", "unsigned": "MPI_LONG",
          "double": "MPI_FLOAT", "char": "MPI_INT"}
_ONE_BUFFER = ["MPI_Send({b}, 1, {d}, 0, 0, c)", "MPI_Recv({b}, 1, {d}, 0, 0, c, MPI_STATUS_IGNORE)",
               "MPI_Bcast({b}, 1, {d}, 0, c)", "MPI_Ssend({b}, 1, {d}, 0, 0, c)",
               "MPI_Gather({b}, 1, {d}, a_long, 1, {d}, 0, c)", "MPI_Allgather({b}, 1, {d}, {b}, 1, {d}, c)",
               "MPI_Sendrecv({b}, 1, {d}, 0, 0, {b}, 1, {d}, 0, 0, c, MPI_STATUS_IGNORE)",
               "MPI_Isend({b}, 1, {d}, 0, 0, c, &r)", "MPI_Irecv({b}, 1, {d}, 0, 0, c, &r)",
               "MPI_Gatherv({b}, 1, {d}, {b}, counts, displs, {d}, 0, c)"]
_TWO_BUFFERS = ["MPI_Reduce({s}, {r}, 1, {d}, MPI_SUM, 0, c)", "MPI_Allreduce({s}, {r}, 1, {d}, MPI_MIN, c)",
                "MPI_Scan({s}, {r}, 1, {d}, MPI_SUM, c)", "MPI_Exscan({s}, {r}, 1, {d}, MPI_SUM, c)",
                "MPI_Reduce_local({s}, {r}, 1, {d}, MPI_SUM)", "MPI_Iallreduce({s}, {r}, 1, {d}, MPI_MAX, c, &r)",
                "MPI_Reduce_scatter_block({s}, {r}, 1, {d}, MPI_SUM, c)"]


# A call that keeps its buffer past its return (a nonblocking collective) refuses a struct field or an array inside
# a struct at translation (-Wunsupported-buffer, tests/robust/bad/field_nonblocking_collective.c): those forms are
# left out of it here, and test_kept_struct_buffer_is_refused checks the refusal.
_KEEPS_BUFFER = ("MPI_Iallreduce",)
_STRUCT_FORMS = {"field", "row"}


def _every_mismatch_program() -> str:
    lines = ["#include <mpi.h>"]
    for t in _TYPES:
        lines.append(f"struct s_{t} {{ {t} f; {t} arr[3]; }};")
    lines.append("void calls(MPI_Comm c, int *counts, int *displs, " +
                 ", ".join(f"{t} *p_{t}" for t in _TYPES) + ")\n{\n    MPI_Request r;")
    for t in _TYPES:
        lines.append(f"    {t} x_{t} = 0, a_{t}[4] = {{0}};\n    struct s_{t} s_{t} = {{0}};")
    types = list(_TYPES)
    for i, t in enumerate(types):
        d = _TYPES[t]
        for form_name, form in _FORMS.items():
            b = form.format(t=t)
            lines += [f"    {call.format(b=b, d=d)};" for call in _ONE_BUFFER]
            other = types[(i + 1) % len(types)]
            for rname, rform in _FORMS.items():
                r = rform.format(t=other)
                lines += [f"    {call.format(s=b, r=r, d=d)};" for call in _TWO_BUFFERS
                          if not (call.startswith(_KEEPS_BUFFER) and _STRUCT_FORMS & {form_name, rname})]
    lines.append("}")
    lines.append("int main(int argc, char **argv)\n{\n    MPI_Init(&argc, &argv);\n    MPI_Finalize();\n    return 0;\n}")
    return "\n".join(lines) + "\n"


def test_every_type_size_mismatch_translation_compiles(tools, tmp_path):
    """Every form in every shape, nonblocking calls and array-only buffers on scalars and fields too (issue 27)."""
    src = tmp_path / "every_mismatch.c"
    src.write_text(_every_mismatch_program())
    cs = str(tmp_path / "EveryMismatch.cs")
    t = tools.translate_file(str(src), cs)
    assert t.returncode == 0, t.stderr
    warned = [w for w in t.stderr.splitlines() if w.endswith("[-Wmpi-type-mismatch]")]
    assert len(warned) > 100, t.stderr
    c = tools.check(cs)
    assert c.returncode == 0, c.stdout + c.stderr


@pytest.mark.parametrize("form", sorted(_STRUCT_FORMS))
def test_kept_struct_buffer_is_refused(tools, tmp_path, form):
    """The forms _every_mismatch_program leaves out of a nonblocking collective: a located error, not C# that fails."""
    src = tmp_path / "kept_field.c"
    buffer = _FORMS[form].format(t="int")
    src.write_text("#include <mpi.h>\nstruct s_int { int f; int arr[3]; };\n"
                   "int main(int argc, char **argv)\n{\n    MPI_Request r; long out[3]; struct s_int s_int = {0};\n"
                   f"    MPI_Init(&argc, &argv);\n    MPI_Iallreduce({buffer}, out, 1, MPI_LONG, MPI_MAX, MPI_COMM_WORLD, &r);\n"
                   "    MPI_Wait(&r, MPI_STATUS_IGNORE);\n    MPI_Finalize();\n    return 0;\n}\n")
    t = tools.translate_file(str(src), str(tmp_path / "KeptField.cs"))
    assert t.returncode == 1 and "kept_field.c:7:" in t.stderr and ": error: a struct field" in t.stderr and "[-Wunsupported-buffer]" in t.stderr, \
        t.stderr


@pytest.mark.parametrize("name,ranks,transport", RUNS)
def test_mismatched_collectives_fail_at_once(name, ranks, transport, tools, tmp_path, request):
    cs = str(tmp_path / "Mismatch.cs")
    t = tools.translate_file(os.path.join(ROOT, "tests", "mpi_mismatch", name), cs)
    assert t.returncode == 0, t.stderr
    env = {"CMPI_DEADLOCK_TIMEOUT": "120"}
    if transport == "azure":
        env.update(request.getfixturevalue("azurite").env)
    started = time.monotonic()
    r = tools.cmpi(cs, ranks, [], timeout=150, transport=transport, env=env)
    took = time.monotonic() - started
    assert r.returncode != 0, r.stdout
    for words in CASES[name]:
        assert words in r.stderr, r.stderr
    assert took < 90, f"took {took:.0f} s: waited for the deadlock timeout instead of failing at once"
