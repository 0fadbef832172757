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
    "buffer_type_size.c": ["MPI_Bcast", "MPI_ERR_TYPE", "MPI_LONG_LONG_INT"],
}

RUNS = [(n, k, "inproc") for n in CASES for k in (2, 4)] + [(n, 2, t) for n in CASES for t in ("tcp", "azure")]


def test_buffer_type_size_mismatch_warns_where_the_call_is(tools, tmp_path):
    """-Wmpi-type-mismatch: the translation names the buffer, its C type and the datatype's element size."""
    src = os.path.join(ROOT, "tests", "mpi_mismatch", "buffer_type_size.c")
    t = tools.translate_file(src, str(tmp_path / "Mismatch.cs"))
    assert t.returncode == 0, t.stderr
    line = next(i for i, text in enumerate(open(src), 1) if "MPI_Bcast(&p.n" in text)
    warnings = [w for w in t.stderr.splitlines() if w.endswith("[-Wmpi-type-mismatch]")]
    assert len(warnings) == 1 and warnings[0].startswith(f"{src}:{line}:15: warning: MPI_Bcast's buffer holds int"), \
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
