"""Ranks that join a job (`cmpi-run --join JOB`, issue 25): N processes started by a plain shell loop or one at a
time, with no cmpi-run supervising them, meet through the job's storage on Azurite; their output matches mpirun's.
The failures a job of independently started ranks meets: a rank killed mid-job, one started late (within the
deadline: the job runs), one started twice, one with another --size, one that never arrives.

32 ranks on one Azurite is opt-in (CMPI_JOIN_32=1): on the shared 2-core machine it takes minutes, not seconds.
"""
from __future__ import annotations

import os
import re
import signal
import subprocess
import time

import pytest

from tests.support import ROOT, Tools, by_rank, run
from translator.verify.compare import join_ranks

_DOTNET_FRAME = re.compile(r"^\s+at [\w.`<>\[\],]+\(", re.M)

tools = Tools(ROOT)
CMPI_RUN = tools.cmpi_run[0]
RING = os.path.join(ROOT, "corpus", "examples", "ring.c")
REDUCE_ALLTOALL = os.path.join(ROOT, "tests", "join", "reduce_alltoall.c")
SLOW_STEPS = os.path.join(ROOT, "tests", "join", "slow_steps.c")

# Short heartbeats so that a lost rank is noticed in seconds (defaults: 1 s period, 10 s bound).
FAST_WATCH = {"CMPI_JOIN_HEARTBEAT": "0.5", "CMPI_JOIN_LOST_AFTER": "4"}


@pytest.fixture(scope="module")
def ported(tmp_path_factory):
    """The test programs translated and compiled once (cmpi-run's cache), so ranks start without compiling."""
    out = tmp_path_factory.mktemp("join")
    paths = {}
    for src in (RING, REDUCE_ALLTOALL, SLOW_STEPS):
        name = os.path.splitext(os.path.basename(src))[0]
        cs = str(out / f"{name}.cs")
        r = tools.translate_file(src, cs)
        assert r.returncode == 0, r.stderr
        r = tools.check(cs)  # compiles into cmpi-run's cache: the ranks then load it
        assert r.returncode == 0, r.stderr
        paths[name] = cs
    return paths


def native_by_rank(src: str, ranks: int, tmp_path) -> str:
    if not (tools.mpicc and tools.mpirun):
        pytest.skip("needs mpicc and mpirun")
    exe = str(tmp_path / "native")
    assert tools.build_native(src, exe).returncode == 0
    r = tools.native(exe, ranks, [])
    assert r.returncode == 0, r.stderr
    return by_rank(r.stdout)


def joined_by_rank(outputs: dict) -> str:
    """Each rank process's own stdout, in the `rank| line` form by_rank gives mpirun's."""
    return join_ranks({rank: text.splitlines() for rank, text in outputs.items()})


def start_rank(cs: str, job: str, size: int, index: int, env: dict, *extra: str, args=()) -> subprocess.Popen:
    """One rank as an orchestrator starts it: its index in JOB_COMPLETION_INDEX, nothing else shared."""
    full_env = dict(os.environ, **env, JOB_COMPLETION_INDEX=str(index))
    return subprocess.Popen([CMPI_RUN, "--join", job, "--size", str(size), *extra, cs, *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=full_env)


def finish(procs, timeout=120):
    return [(p.wait(timeout=timeout), p.stdout.read(), p.stderr.read()) for p in procs]


def cleanup(job: str, env: dict) -> str:
    r = run([CMPI_RUN, "--cleanup", job], env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_shell_loop_of_ranks_matches_mpirun(ported, azurite, tmp_path):
    """Four ranks from `for i in ...; do JOB_COMPLETION_INDEX=$i cmpi-run --join ... &`, no supervisor."""
    job = "loop-ring"
    script = (f"for i in 0 1 2 3; do JOB_COMPLETION_INDEX=$i '{CMPI_RUN}' --join {job} --size 4 --collect-output "
              f"'{ported['ring']}' >'{tmp_path}'/out.$i 2>'{tmp_path}'/err.$i & done; wait")
    r = run(["sh", "-c", script], env=azurite.env, timeout=180)
    assert r.returncode == 0, r.stderr
    outs = {i: (tmp_path / f"out.{i}").read_text() for i in range(4)}
    errs = {i: (tmp_path / f"err.{i}").read_text() for i in range(4)}
    for i in range(4):
        # which orchestrator variable gave the rank: one line on stderr, and nothing else there
        assert errs[i] == f"cmpi-run: job {job}: rank {i} of 4 (rank from JOB_COMPLETION_INDEX={i}, size from --size)\n"
    expected = native_by_rank(RING, 4, tmp_path)
    assert joined_by_rank(outs) == expected

    # --collect-output: the blobs give back every rank's output, in mpirun --tag-output's form
    fetched = run([CMPI_RUN, "--fetch-output", job, "--tag-output"], env=azurite.env, timeout=120)
    assert fetched.returncode == 0, fetched.stderr
    assert by_rank(fetched.stdout) == expected
    # the last rank out deleted the queues, container and table; only the collected output is left
    assert cleanup(job, azurite.env) == \
        f"cmpi-run: job {job}: deleted 0 queue(s), the container and table cmpiloopring, and 8 collected output blob(s)\n"


def test_rank_started_late_within_the_deadline(ported, azurite, tmp_path):
    job = "late-rank"
    procs = [start_rank(ported["reduce_alltoall"], job, 3, i, azurite.env) for i in (0, 1)]
    time.sleep(5)
    procs.append(start_rank(ported["reduce_alltoall"], job, 3, 2, azurite.env))
    results = finish(procs)
    for code, _, err in results:
        assert code == 0, err
    assert joined_by_rank({i: out for i, (_, out, _) in enumerate(results)}) == native_by_rank(REDUCE_ALLTOALL, 3, tmp_path)
    assert "deleted 0 queue(s)" in cleanup(job, azurite.env)


def test_each_joined_rank_prints_its_own_stats(ported, azurite, tmp_path):
    """--stats with --join: no cmpi-run sees every rank, so each prints its own requests when it ends (docs/scale.md),
    and with --stats-json writes them to its file, which `cmpi-run --stats-merge` adds up into the job's report. Across the ranks every message is one put and one delete (a put refused while its queue did not exist yet is a
    retry), so the puts of all reports add up to their deletes; the output is still mpirun's."""
    job = "stats-join"
    stats_json = str(tmp_path / "stats-{rank}.json")
    results = finish([start_rank(ported["reduce_alltoall"], job, 3, i, azurite.env, "--stats-json", stats_json)
                      for i in range(3)])
    puts = deletes = total = 0
    for i, (code, _, err) in enumerate(results):
        assert code == 0, err
        assert f"cmpi-run: job {job}: rank {i}: storage requests of this rank (--stats)\n" in err
        row = re.search(rf"^  rank {i} +\d+: (.*)$", err, re.M)
        assert row, err
        kinds = dict((k, int(n)) for n, k in ((m.group(2), m.group(1)) for m in re.finditer(r"([a-z ]+?) (\d+)(?:, |$)", row.group(1))))
        puts += kinds.get("queue put", 0)
        deletes += kinds.get("queue delete", 0)
        total += int(re.search(r"^  total +(\d+):", err, re.M).group(1))
        assert re.search(r"^  cmpi-run +\d+: .*table insert \d+", err, re.M), err  # the registry's rows, this process's own
        assert "wall time" in err and "cost" in err
    assert puts > 0 and puts == deletes
    assert joined_by_rank({i: out for i, (_, out, _) in enumerate(results)}) == native_by_rank(REDUCE_ALLTOALL, 3, tmp_path)
    # --stats-json wrote each rank's counts (--stats-json implies --stats); --stats-merge adds them into the job's report
    merged = run([CMPI_RUN, "--stats-merge", *(stats_json.replace("{rank}", str(i)) for i in range(3))], timeout=120)
    assert merged.returncode == 0 and merged.stderr == "", merged.stderr
    assert merged.stdout.startswith(f"cmpi-run: job {job}: storage requests of 3 of its 3 ranks (--stats-merge)\n"), merged.stdout
    assert re.search(rf"^  total +{total}: .*queue put {puts}, ", merged.stdout, re.M), merged.stdout
    for i in range(3):
        assert re.search(rf"^  rank {i} +\d+: ", merged.stdout, re.M), merged.stdout
    assert "cost" in merged.stdout and "wall time" in merged.stdout


def test_rank_killed_mid_job_ends_the_others(ported, azurite):
    job = "killed-rank"
    env = dict(azurite.env, **FAST_WATCH)
    procs = [start_rank(ported["slow_steps"], job, 3, i, env, args=["400"]) for i in range(3)]
    # kill rank 1 once it has computed (read its stdout until its third step)
    seen = ""
    while "step 2" not in seen:
        line = procs[1].stdout.readline()
        assert line, procs[1].stderr.read()
        seen += line
    procs[1].send_signal(signal.SIGKILL)
    killed_at = time.monotonic()
    results = [finish([p])[0] for p in (procs[0], procs[2])]
    elapsed = time.monotonic() - killed_at
    for code, _, err in results:
        assert code == 84, err
        assert re.search(r"rank 1 \(host .*, pid \d+\) was lost: no heartbeat for \d+ s before it finished", err), err
    # the stated bound: lost-after (4 s) + a heartbeat period + storage round trips; generous for a loaded host
    assert elapsed < 30, elapsed
    procs[1].wait()
    # rank 1 never left, so its job's storage stays for --cleanup
    assert "deleted 3 queue(s)" in cleanup(job, azurite.env)


def test_failing_rank_ends_the_others_with_its_status(ported, azurite):
    job = "failing-rank"
    procs = [start_rank(ported["slow_steps"], job, 3, i, azurite.env, args=["400", "1"]) for i in range(3)]
    results = finish(procs)
    assert [code for code, _, _ in results] == [3, 3, 3], [err for _, _, err in results]
    assert "cmpi-run: job failing-rank: rank 1 exited with status 3\n" in results[1][2]
    for i in (0, 2):
        assert f"cmpi-run: job failing-rank: rank 1 exited with status 3; rank {i} ends\n" in results[i][2]
    # every rank left: the last one out deleted the job's storage
    assert "deleted 0 queue(s)" in cleanup(job, azurite.env)


def test_duplicate_rank_ends_the_job(ported, azurite):
    job = "dup-rank"
    first = start_rank(ported["ring"], job, 2, 0, azurite.env)
    time.sleep(3)
    second = start_rank(ported["ring"], job, 2, 0, azurite.env)
    (code2, _, err2), (code1, _, err1) = finish([second]) + finish([first])
    assert code2 == 82 and code1 == 82, (err1, err2)
    for err in (err1, err2):
        assert re.search(r"rank 0 was started twice: host .* pid \d+ holds it, host .* pid \d+ came second", err), err
    cleanup(job, azurite.env)


def test_wrong_size_ends_the_job(ported, azurite):
    job = "wrong-size"
    first = start_rank(ported["ring"], job, 2, 0, azurite.env)
    time.sleep(3)
    second = start_rank(ported["ring"], job, 3, 1, azurite.env)
    (code2, _, err2), (code1, _, err1) = finish([second]) + finish([first])
    assert code2 == 83 and code1 == 83, (err1, err2)
    for err in (err1, err2):
        assert f"rank 1 was started with --size 3, but rank 0 started job {job} with size 2" in err
    cleanup(job, azurite.env)


def test_rank_that_never_arrives_ends_the_job_at_the_deadline(ported, azurite):
    job = "never-arrives"
    started = time.monotonic()
    (code, out, err), = finish([start_rank(ported["ring"], job, 3, 0, azurite.env, "--join-timeout", "4")])
    assert code == 81, err
    assert "ranks 1, 2 did not join job never-arrives within 4 s (1 of 3 ranks arrived); rank 0 ends" in err
    assert out == ""
    assert time.monotonic() - started < 60
    assert "deleted 0 queue(s)" in cleanup(job, azurite.env)


def test_rank_from_each_orchestrator_is_logged(ported, azurite):
    """Slurm's SLURM_PROCID/SLURM_NTASKS and Azure Batch's AZ_BATCH_HOST_LIST (this node's place in it) give rank
    and size with no --rank or --size; the line on stderr says which."""
    job = "orchestrators"
    clean = dict(os.environ, **azurite.env, **{k: "" for k in ("JOB_COMPLETION_INDEX", "SLURM_PROCID", "SLURM_NTASKS",
                                                                 "OMPI_COMM_WORLD_RANK", "PMI_RANK", "AZ_BATCH_HOST_LIST")})
    slurm = subprocess.Popen([CMPI_RUN, "--join", job, ported["ring"]], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env=dict(clean, SLURM_PROCID="0", SLURM_NTASKS="2"))
    batch = subprocess.Popen([CMPI_RUN, "--join", job, ported["ring"]], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env=dict(clean, AZ_BATCH_HOST_LIST="10.255.255.1,127.0.0.1"))
    (c0, _, e0), (c1, _, e1) = finish([slurm, batch])
    assert c0 == 0 and c1 == 0, (e0, e1)
    assert e0.startswith(f"cmpi-run: job {job}: rank 0 of 2 (rank from SLURM_PROCID=0, size from SLURM_NTASKS=2)\n")
    assert e1.startswith(f"cmpi-run: job {job}: rank 1 of 2 (rank from this node's place in AZ_BATCH_HOST_LIST (127.0.0.1), "
                         "size from AZ_BATCH_HOST_LIST (2 nodes))\n")


def test_join_usage_errors(ported):
    cases = [
        (["--join", "j", ported["ring"]], "--join needs this rank's number: pass --rank R"),
        (["--join", "j", "--rank", "0", ported["ring"]], "--join needs the job's size: pass --size N"),
        (["--join", "j", "--size", "2", "--rank", "2", ported["ring"]], "--rank 2 is not a rank of a job of --size 2 (0..1)"),
        (["--join", "bad.name", "--size", "2", ported["ring"]], "job name 'bad.name' must be letters, digits, dashes and underscores"),
        (["--join", "j", "--transport", "tcp", "--size", "2", ported["ring"]], "--join needs --transport azure"),
        (["--join", "j", "-n", "2", ported["ring"]], "not -n"),
        (["--size", "2", ported["ring"]], "--size, --rank and --collect-output belong to --join JOB"),
    ]
    env = {k: "" for k in ("JOB_COMPLETION_INDEX", "SLURM_PROCID", "OMPI_COMM_WORLD_RANK", "PMI_RANK", "AZ_BATCH_HOST_LIST")}
    for args, message in cases:
        r = run([CMPI_RUN, *args], env=env, timeout=60)
        assert r.returncode == 2, (args, r.stderr)
        assert message in r.stderr, (args, r.stderr)
        # no Python traceback and no .NET stack frame ("   at Ns.Type.Method(...)"; the usage text may wrap to a line
        # starting "at the end")
        assert "Traceback" not in r.stderr and not _DOTNET_FRAME.search(r.stderr), (args, r.stderr)


@pytest.mark.skipif(os.environ.get("CMPI_JOIN_32") != "1",
                    reason="opt-in (minutes on the loaded 2-core host): set CMPI_JOIN_32=1")
def test_32_ranks_on_one_azurite(ported, azurite, tmp_path):
    job = "thirty-two"
    env = dict(azurite.env, CMPI_JOIN_LOST_AFTER="60")
    procs = [start_rank(ported["reduce_alltoall"], job, 32, i, env, "--join-timeout", "600") for i in range(32)]
    results = finish(procs, timeout=1200)
    for code, _, err in results:
        assert code == 0, err
    assert joined_by_rank({i: out for i, (_, out, _) in enumerate(results)}) == native_by_rank(REDUCE_ALLTOALL, 32, tmp_path)
    assert "deleted 0 queue(s)" in cleanup(job, azurite.env)
