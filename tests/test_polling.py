"""Ranks that poll (MPI_Iprobe, MPI_Test, MPI_Testany in a loop) with more ranks than cores: each check that finds
nothing, after a few in a row, yields the core (Core/WaitPolicy.cs, Mailbox.NothingFound), as Open MPI's progress
loop yields when oversubscribed. Before, a polling rank spun through its time slice while the rank holding the token
waited for a core: tests/mpi/pt2pt/polling_ring.c at 8 ranks, 20 rounds, took 69 s on 2 loaded cores, 2-3 s since.
Its agreement with mpirun is tests/test_mpi_suite.py's (1, 2, 4, 7 ranks)."""
from __future__ import annotations

import os

from tests.support import ROOT, by_rank

RANKS = 8
BOUND_SECONDS = 40  # about 10x the 2-3 s the ring takes at load 30-60 on 2 cores; 69 s without the yields


def test_a_polling_ring_at_more_ranks_than_cores_finishes_in_bounded_time(tools, tmp_path):
    cs = str(tmp_path / "PollingRing.cs")
    t = tools.translate_file(os.path.join(ROOT, "tests", "mpi", "pt2pt", "polling_ring.c"), cs)
    assert t.returncode == 0, t.stderr
    warm = tools.cmpi(cs, 1, ["1"], timeout=120)  # compiles the program (cached): not part of the bound
    assert warm.returncode == 0, warm.stderr
    r = tools.cmpi(cs, RANKS, ["20"], timeout=BOUND_SECONDS)
    assert r.returncode == 0, f"exit {r.returncode} (--timeout {BOUND_SECONDS} s)\n{r.stderr[-2000:]}"
    assert "0|  No Errors" in by_rank(r.stdout), r.stdout
