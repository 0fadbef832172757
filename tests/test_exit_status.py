"""cmpi-run's exit status is mpirun's for each way a rank can end (tests/robust/exit_paths.c, the way its argv[1]).

Open MPI 4.1's mpirun (measured by probe11, round 11; docs/runtime-contract.md "exit status"): a rank that called
MPI_Init and ends with status 0 without MPI_Finalize (exit(0), a return from main) makes the job fail with status 1
("exiting improperly"), at once, even when another rank waits for it; a nonzero status is the job's status whether
the rank finalized or not; MPI_Abort's errorcode is the job's status. The table below is that measurement; where
mpirun is installed each row is also run natively and must give the same status.
"""
from __future__ import annotations

import os

import pytest

from tests.support import ROOT

SOURCE = os.path.join(ROOT, "tests", "robust", "exit_paths.c")

# (argv[1], ranks, transport) -> mpirun's exit status
CASES = [
    ("finalize", 2, "inproc", 0),
    ("exit0-all", 1, "inproc", 1),
    ("exit0-all", 2, "inproc", 1),
    ("exit0-rank1", 1, "inproc", 0),  # there is no rank 1: every rank finalizes
    ("exit0-rank1", 4, "inproc", 1),
    ("exit0-awaited", 2, "inproc", 1),  # not the deadlock timeout's 124: the job ends when rank 1 does
    ("return0", 2, "inproc", 1),
    ("exit3-all", 2, "inproc", 3),
    ("abort5", 2, "inproc", 5),
    ("atexit-finalize", 2, "inproc", 0),
    ("exit3-after", 2, "inproc", 3),
    ("return3-after", 1, "inproc", 3),
    ("init-twice", 1, "inproc", 1),  # Open MPI: "Unknown error" on a NULL communicator (cmpi exited 16 before)
    ("init-twice", 2, "inproc", 1),
    ("init-thread-twice-return", 2, "inproc", 1),  # MPI_ERRORS_RETURN on MPI_COMM_WORLD does not apply
    ("exit0-rank1", 2, "tcp", 1),
    ("return0", 2, "tcp", 1),
    ("exit3-after", 2, "tcp", 3),
]


@pytest.fixture(scope="module")
def port(tools, tmp_path_factory):
    out = tmp_path_factory.mktemp("exit_status")
    cs = str(out / "ExitPaths.cs")
    t = tools.translate_file(SOURCE, cs)
    assert t.returncode == 0, t.stderr
    chk = tools.check(cs)
    assert chk.returncode == 0, chk.stdout + chk.stderr
    native = None
    if tools.mpicc and tools.mpirun:
        native = str(out / "native")
        assert tools.build_native(SOURCE, native).returncode == 0
    return cs, native


@pytest.mark.parametrize("how,ranks,transport,status", CASES,
                         ids=[f"{h}-np{n}-{t}" for h, n, t, _ in CASES])
def test_exit_status_is_mpiruns(how, ranks, transport, status, port, tools):
    cs, native = port
    if native is not None and transport == "inproc":
        n = tools.native(native, ranks, [how], timeout=120)
        assert n.returncode == status, f"mpirun -np {ranks} {how}: {n.returncode}, the table says {status}\n{n.stderr}"
    r = tools.cmpi(cs, ranks, [how], timeout=60, transport=transport)
    assert r.returncode == status, f"cmpi-run -n {ranks} --transport {transport} {how}: {r.returncode}\n{r.stderr}"
    if status == 1:  # a second MPI_Init is Open MPI's "Unknown error"; every other 1 a rank that did not finalize
        why = "on a NULL communicator" if how.startswith("init") else "without calling MPI_Finalize"
        assert why in r.stderr, r.stderr
