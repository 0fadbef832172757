"""cmpi-verify end to end: a correct port passes; a port whose C# prints another number fails with a diff that shows
it (JUnit XML and report.html); --record then --against (no MPI needed); a hanging port is a failure with the rank
states; masks that hide all of a program's output are rejected (exit 2)."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from tests.port_support import ENV as PORT_ENV, PORT
from tests.support import ROOT

HELLO = r"""#include <stdio.h>
#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, size, sum = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    printf("rank %d of %d: sum %d\n", rank, size, sum * 1000 + 7);
    if (rank == 0) {
        FILE *f = fopen("out.txt", "w");
        fprintf(f, "size %d\n", size);
        fclose(f);
        printf("time = %f\n", MPI_Wtime());
    }
    MPI_Finalize();
    return 0;
}
"""
# both ranks receive first: a deadlock (natively too, so it runs --against a hand-written record)
DEADLOCK = r"""#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, x = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Recv(&x, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(&x, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
"""

pytestmark = pytest.mark.skipif(not os.path.exists(os.path.join(ROOT, ".venv", "bin", "cmpi-run")),
                                reason="cmpi-run is not built (make setup)")


def verify(*args, cwd=None, env=None):
    e = dict(os.environ, PYTHONPATH=ROOT, **(env or {}))
    return subprocess.run([sys.executable, "-m", "translator.verify.cli", *args], capture_output=True, text=True,
                          cwd=cwd, env=e, timeout=600)


@pytest.fixture(scope="module")
def ported(tmp_path_factory):
    """hello.c ported by cmpi-port (a list of files) into ported/hello."""
    d = tmp_path_factory.mktemp("verify-port")
    (d / "hello.c").write_text(HELLO)
    r = subprocess.run(PORT + ["-o", str(d / "ported"), str(d / "hello.c")], capture_output=True, text=True,
                       cwd=str(d), env=dict(os.environ, **PORT_ENV), timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    (d / "c.toml").write_text(CASE)
    r = verify("c.toml", "-o", "out0", "--record", "expected", "--record-only", cwd=str(d))
    assert r.returncode == 0, r.stdout + r.stderr
    return d


CASE = """[[case]]
name = "hello"
port = "ported/hello"
ranks = [2]
files = ["out.txt"]
masks = ['(?<=time = )\\S+']
"""


def test_a_correct_port_passes(ported):
    (ported / "c.toml").write_text(CASE)
    r = verify("c.toml", "-o", "out", "--record", "expected", cwd=str(ported))
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout == "1 passed, 0 failed\n"
    suite = ET.parse(ported / "out" / "junit.xml").getroot()
    assert suite.get("tests") == "1" and suite.get("failures") == "0"
    assert [tc.get("name") for tc in suite.iter("testcase")] == ["np2-inproc"]
    assert (ported / "expected" / "hello" / "np2" / "files" / "out.txt").read_text() == "size 2\n"
    assert "1| rank 1 of 2: sum 1007" in (ported / "expected" / "hello" / "np2" / "stdout").read_text()


def test_an_edited_port_fails_with_a_diff_that_shows_the_number(ported, tmp_path):
    import shutil
    shutil.copytree(ported / "ported", tmp_path / "ported")
    cs = tmp_path / "ported" / "hello" / "Hello.cs"
    text = cs.read_text()
    assert "1000" in text
    cs.write_text(text.replace("1000", "1001", 1))     # the port now prints sum 1008, not 1007
    (tmp_path / "c.toml").write_text(CASE.replace('ranks = [2]', 'ranks = [2]\ntransports = ["inproc", "tcp"]'))
    r = verify("c.toml", "-o", "out", "--against", str(ported / "expected"), cwd=str(tmp_path))
    assert r.returncode == 1, r.stdout + r.stderr
    assert r.stdout == "0 passed, 2 failed\n"
    suite = ET.parse(tmp_path / "out" / "junit.xml").getroot()
    failures = [(tc.get("name"), tc.find("failure")) for tc in suite.iter("testcase")]
    assert [n for n, _ in failures] == ["np2-inproc", "np2-tcp"]
    for _, f in failures:
        assert f.get("message") == "stdout: rank 0 line 1: expected 'rank 0 of 2: sum 1007', got 'rank 0 of 2: sum 1008'"
        assert "-0| rank 0 of 2: sum 1007\n+0| rank 0 of 2: sum 1008" in f.text
        assert "-1| rank 1 of 2: sum 1007\n+1| rank 1 of 2: sum 1008" in f.text
    page = (tmp_path / "out" / "report.html").read_text()
    assert 'id="count-failed">2 failed' in page and "side-by-side" in page and "sum&nbsp;100<span class=\"diff_chg\">8" in page


def test_record_then_against_needs_no_mpi(ported):
    (ported / "c.toml").write_text(CASE)
    r = verify("c.toml", "-o", "out2", "--against", "expected", cwd=str(ported),
               env={"CMPI_VERIFY_MPICC": "/nonexistent/mpicc", "CMPI_VERIFY_MPIRUN": "/nonexistent/mpirun"})
    assert r.returncode == 0, r.stdout + r.stderr
    r = verify("c.toml", "-o", "out2", cwd=str(ported),
               env={"CMPI_VERIFY_MPICC": "/nonexistent/mpicc", "CMPI_VERIFY_MPIRUN": "/nonexistent/mpirun"})
    assert r.returncode == 2 and "mpicc and mpirun not found" in r.stderr


def _record_by_hand(root, name, ranks, stdout=""):
    d = root / name / f"np{ranks}"
    (d / "files").mkdir(parents=True)
    (d / "stdout").write_text(stdout)
    (d / "stderr").write_text("")
    (d / "status.json").write_text(json.dumps({"exit": 0}))


def test_a_deadlocked_port_fails_with_the_rank_states(tmp_path):
    (tmp_path / "deadlock.c").write_text(DEADLOCK)
    _record_by_hand(tmp_path / "expected", "deadlock", 2)
    (tmp_path / "c.toml").write_text('[[case]]\nname = "deadlock"\nsources = ["deadlock.c"]\nranks = [2]\n'
                                     'timeout = 60\ndeadlock_timeout = 2\n')
    r = verify("c.toml", "-o", "out", "--against", "expected", cwd=str(tmp_path))
    assert r.returncode == 1, r.stdout + r.stderr
    run = json.loads((tmp_path / "out" / "report.json").read_text())["runs"][0]
    assert run["message"].startswith("the port did not finish: cmpi-run: deadlock")
    assert re.search(r"rank 0.*Recv", run["rank_states"]) and re.search(r"rank 1.*Recv", run["rank_states"])
    f = ET.parse(tmp_path / "out" / "junit.xml").getroot().find(".//failure")
    assert "rank states (cmpi-run)" in f.text and "exit status" in f.text


def test_a_port_that_never_ends_is_stopped_by_the_case_timeout(tmp_path):
    (tmp_path / "spin.c").write_text("#include <mpi.h>\nint main(int argc, char **argv)\n{\n    volatile int x = 1;\n"
                                     "    MPI_Init(&argc, &argv);\n    while (x) { }\n    MPI_Finalize();\n    return 0;\n}\n")
    _record_by_hand(tmp_path / "expected", "spin", 2)
    (tmp_path / "c.toml").write_text('[[case]]\nname = "spin"\nsources = ["spin.c"]\nranks = [2]\ntimeout = 3\n'
                                     'transports = ["tcp"]\n')
    r = verify("c.toml", "-o", "out", "--against", "expected", cwd=str(tmp_path))
    assert r.returncode == 1, r.stdout + r.stderr
    run = json.loads((tmp_path / "out" / "report.json").read_text())["runs"][0]
    assert "did not finish within --timeout 3 s" in run["rank_states"] and "ranks 0, 1" in run["rank_states"]


def test_masks_that_hide_all_of_the_output_are_rejected(ported, tmp_path):
    (tmp_path / "c.toml").write_text(CASE.replace("port = \"ported/hello\"", f"port = \"{ported}/ported/hello\"")
                                     .replace("masks = ['(?<=time = )\\S+']", "masks = ['rank.*', 'time.*']"))
    r = verify("c.toml", "-o", "out", "--against", str(ported / "expected"), cwd=str(tmp_path))
    assert r.returncode == 2, r.stdout + r.stderr
    assert "the masks hide every line of the native output" in r.stderr


def test_cmpi_port_verify_runs_the_cases_after_the_port(tmp_path):
    (tmp_path / "hello.c").write_text(HELLO)
    (tmp_path / "c.toml").write_text(CASE)
    r = subprocess.run(PORT + ["-o", "ported", "--verify", "c.toml", "hello.c"], capture_output=True, text=True,
                       cwd=str(tmp_path), env=dict(os.environ, **PORT_ENV), timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.endswith("1 passed, 0 failed\n")
    assert ET.parse(tmp_path / "ported" / "verify" / "junit.xml").getroot().get("tests") == "1"


STDIN_PROG = r"""#include <stdio.h>
#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, n = -1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0 && scanf("%d", &n) != 1)
        n = -2;
    MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);
    printf("rank %d: n = %d, argv[1] = %s, %.6f\n", rank, n, argc > 1 ? argv[1] : "-", n / 3.0);
    MPI_Finalize();
    return n == 41 ? 3 : 0;
}
"""


def test_stdin_args_and_exit_status_reach_both_sides(tmp_path):
    (tmp_path / "in.c").write_text(STDIN_PROG)
    (tmp_path / "c.toml").write_text('[[case]]\nname = "in"\nsources = ["in.c"]\nranks = [2]\nstdin = "42\\n"\n'
                                     'args = ["hello"]\n[[case]]\nname = "in41"\nsources = ["in.c"]\nranks = [2]\n'
                                     'stdin = "41\\n"\n')
    r = verify("c.toml", "-o", "out", "--record", "expected", cwd=str(tmp_path))
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout == "2 passed, 0 failed\n"
    assert (tmp_path / "expected" / "in" / "np2" / "stdout").read_text() == \
        "0| rank 0: n = 42, argv[1] = hello, 14.000000\n1| rank 1: n = 42, argv[1] = hello, 14.000000\n"
    assert '"exit": 3' in (tmp_path / "expected" / "in41" / "np2" / "status.json").read_text()


def test_a_port_runs_through_its_dotnet_project(ported, tmp_path):
    """runner = "dotnet": dotnet build of the port's csproj (on build/nuget's CloudMpi.Run), then dotnet run."""
    import shutil
    shutil.copytree(ported / "ported", tmp_path / "ported")
    (tmp_path / "c.toml").write_text(CASE.replace('ranks = [2]', 'ranks = [2]\nrunner = "dotnet"\ntransports = ["tcp"]'))
    r = verify("c.toml", "-o", "out", "--against", str(ported / "expected"), cwd=str(tmp_path))
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout == "1 passed, 0 failed\n"


def test_a_native_run_that_hangs_is_killed_and_not_recorded(tmp_path):
    (tmp_path / "deadlock.c").write_text(DEADLOCK)
    (tmp_path / "c.toml").write_text('[[case]]\nname = "deadlock"\nsources = ["deadlock.c"]\nranks = [2]\ntimeout = 5\n')
    r = verify("c.toml", "-o", "out", "--record", "expected", cwd=str(tmp_path))
    assert r.returncode == 1, r.stdout + r.stderr
    assert "the native run did not finish within 5 s (mpirun -np 2); the port was not run" in r.stderr
    assert not (tmp_path / "expected" / "deadlock").exists()
    f = ET.parse(tmp_path / "out" / "junit.xml").getroot().find(".//error")
    assert f is not None and "did not finish" in f.get("message")
    left = subprocess.run(["pgrep", "-f", str(tmp_path / "out" / "work" / "native" / "deadlock")],
                          capture_output=True, text=True)
    assert left.stdout == "", "the native ranks outlived the timeout"
