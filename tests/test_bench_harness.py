"""The bench/ harnesses' own logic: parsing, masking, comparing, verifying (no MPI runs)."""
from __future__ import annotations

import os
import sys

import pytest

from tests.support import ROOT

sys.path.insert(0, os.path.join(ROOT, "bench"))

import common  # noqa: E402
import commbench  # noqa: E402


def _result(stdout, files=None):
    return common.RunResult(True, 1.0, stdout, "", files or {})


def test_commbench_tables_are_parsed_per_benchmark():
    text = ("# pingpong ranks=2 max_bytes=4 max_reps=10\n"
            "      size        time_us         MB/s\n"
            "         1          0.500        2.000\n"
            "         2          0.600        3.333\n"
            "# barrier ranks=2 max_bytes=4 max_reps=10\n"
            "      size        time_us         MB/s\n"
            "         0          1.250        0.000\n")
    tables = commbench.parse_tables(text)
    assert tables == {"pingpong": [(1, 0.5, 2.0), (2, 0.6, 3.333)], "barrier": [(0, 1.25, 0.0)]}


def test_a_skipped_benchmark_has_no_table():
    assert commbench.parse_tables("# pingpong needs at least 2 ranks; skipped\n") == {}


def test_npb_sources_lines_become_files_and_include_flags(tmp_path):
    (tmp_path / "ep").mkdir()
    (tmp_path / "common").mkdir()
    text = f"{tmp_path}/ep/ep.c {tmp_path}/common/randdp.c\n{tmp_path}/ep {tmp_path}/common\n"
    sources, flags = common._parse_sources(text)
    assert sources == [f"{tmp_path}/ep/ep.c", f"{tmp_path}/common/randdp.c"]
    assert flags == [f"-I{tmp_path}/ep", f"-I{tmp_path}/common"]


def test_timing_values_are_masked_but_results_are_compared():
    native = _result("0| n = 10\n0| simulation time = 0.25 seconds\n0| absmin = 0.800000\n")
    same = _result("0| n = 10\n0| simulation time = 3.5 seconds\n0| absmin = 0.800000\n")
    other = _result("0| n = 10\n0| simulation time = 0.25 seconds\n0| absmin = 0.800001\n")
    assert common.same_output(native, same) == (True, "")
    ok, why = common.same_output(native, other)
    assert not ok and "absmin = 0.800001" in why


def test_npb_report_timings_are_masked_whatever_the_padding_before_the_equals_sign():
    # the report pads its labels: " Mop/s total     =", " Time in seconds ="
    native = _result("0|  Time in seconds =                     3.10\n0|  Mop/s total     =    17.45\n"
                     "0|  Mop/s/process   =     8.72\n0|  Verification    =               SUCCESSFUL\n")
    translated = _result("0|  Time in seconds =                     5.61\n0|  Mop/s total     =     9.95\n"
                         "0|  Mop/s/process   =     4.97\n0|  Verification    =               SUCCESSFUL\n")
    failed = _result(translated.stdout.replace("SUCCESSFUL", "UNSUCCESSFUL"))
    assert common.same_output(native, translated) == (True, "")
    assert not common.same_output(native, failed)[0]


def test_written_files_are_compared_byte_for_byte():
    a = _result("0| x\n", {"positions.txt": b"1 0.5\n"})
    b = _result("0| x\n", {"positions.txt": b"1 0.50\n"})
    assert common.same_output(a, b) == (False, "positions.txt differs")
    assert common.same_output(a, _result("0| x\n", {}))[0] is False


@pytest.mark.parametrize("text,ok", [
    ("0| absmin = 0.870000\n0| absavg = 0.953364\n", True),
    ("0| absmin = 0.300000\n0| absavg = 0.953364\n", False),
    ("0| absmin = 0.870000\n", False),
])
def test_nbody_verification_uses_the_originals_thresholds(text, ok):
    assert common.verify_nbody(text, 1) is ok


def test_cannon_and_npb_verification_read_the_programs_verdict():
    assert common.verify_cannon("0| max error = 1e-15\n0| PASSED\n", 4)
    assert not common.verify_cannon("0| FAILED\n", 4)
    assert common.verify_npb("0|  Verification    =               SUCCESSFUL\n", 2)
    assert not common.verify_npb("0|  Verification    =             UNSUCCESSFUL\n", 2)


def test_cannon_runs_only_on_square_rank_counts():
    assert common.cannon(64, [1, 2, 4, 8, 9]).ranks == [1, 4, 9]


def test_table_columns_line_up():
    text = common.table(["a", "long header"], [["xyz", "1"]])
    lines = text.splitlines()
    assert lines[0].index("long header") == lines[2].index("1")


def test_a_run_reports_the_cpu_time_of_its_processes(tmp_path):
    # a child that computes for ~0.3 s of CPU, then one that only sleeps: each run counts its own job
    prog = common.Program("spin", "-", [], [], [], [1], common.verify_npb)
    busy = [sys.executable, "-c", "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.3: pass"]
    idle = [sys.executable, "-c", "import time; time.sleep(0.3)"]
    r_busy = common._timed(busy, prog, str(tmp_path / "busy"), 60, None)
    r_idle = common._timed(idle, prog, str(tmp_path / "idle"), 60, None)
    assert r_busy.ok and r_idle.ok
    assert r_busy.cpu_seconds >= 0.29
    assert r_idle.cpu_seconds < 0.25


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="peak RSS is read from /proc")
def test_a_run_reports_the_peak_memory_of_all_its_processes(tmp_path):
    # a job of two processes (a parent and the child it starts) holding 120 MiB each at the same time, then a
    # job of one small process: the peak is the two processes' peaks added up, not the largest alone (which is
    # what getrusage's ru_maxrss would give), and each run counts only its own job
    prog = common.Program("mem", "-", [], [], [], [1], common.verify_npb)
    hold = "b = bytearray(120 << 20); import time; time.sleep(0.4)"
    pair = [sys.executable, "-c",
            f"import subprocess, sys\np = subprocess.Popen([sys.executable, '-c', {hold!r}])\n{hold}\np.wait()"]
    small = [sys.executable, "-c", "import time; time.sleep(0.3)"]
    r_pair = common._timed(pair, prog, str(tmp_path / "pair"), 60, None)
    r_small = common._timed(small, prog, str(tmp_path / "small"), 60, None)
    assert r_pair.ok and r_small.ok
    assert r_pair.peak_rss_mib >= 240
    assert r_small.peak_rss_mib < 100


def _runs(timer, rss):
    return [common.RunResult(True, timer + 0.5, "", "", {}, program_seconds=timer, cpu_seconds=timer,
                             peak_rss_mib=rss)]


def test_each_bench_cell_is_judged_against_the_compute_and_memory_targets():
    import bench  # noqa: E402  (bench/ is on sys.path)
    assert (bench.TIMER_TARGET_ONE_RANK, bench.TIMER_TARGET_MORE_RANKS, bench.RSS_TARGET_RATIO) == (1.10, 1.25, 1.25)
    assert bench.verdict(125.0, 100.0, 1.25) == "met"
    assert bench.verdict(126.0, 100.0, 1.25) == "NOT met"
    assert bench.verdict(None, 100.0, 1.25) == "-"
    prog = common.Program("FT", "class A", [], [], [], [1, 4], common.verify_npb)
    empty = bench._row(prog, 4, [], [], True)
    assert empty["record"]["timer"] == "-" and empty["record"]["rss"] == "-"  # nothing measured: not judged
    # the same 1.2x timer ratio meets the target at 4 ranks (<= 1.25) and misses it at 1 rank (<= 1.10)
    one = bench._row(prog, 1, _runs(1.0, 100), _runs(1.2, 130), True)
    four = bench._row(prog, 4, _runs(1.0, 100), _runs(1.2, 100), True)
    assert (one["record"]["timer"], four["record"]["timer"]) == ("NOT met", "met")
    assert (one["record"]["rss"], four["record"]["rss"]) == ("NOT met", "met")
    assert len(one["cells"]) == 17 and one["cells"][9] == "NOT met" and one["cells"][-1] == "NOT met"
    timer = bench.target_summary([empty, one, four], "timer", "timer target")
    assert "1 of 2 cells met" in timer and "FT class A np1 (1.20x)" in timer
    rss = bench.target_summary([empty, one, four], "rss", "rss target")
    assert "1 of 2 cells met" in rss and "FT class A np1 (1.30x)" in rss


def test_commbench_judges_issue_28s_tcp_targets(capsys):
    # small messages by time (<= 1.5x), large by bandwidth (>= 0.8x), the oversubscribed barrier (<= 2x):
    # the worst size decides, and each line says met or NOT met
    native = commbench.Config("native tcp", tables={"pingpong": [(1, 10.0, 0.1), (64, 10.0, 6.4),
                                                                 (65536, 100.0, 655.0), (4194304, 4000.0, 1048.0)]})
    ours = commbench.Config("cmpi tcp", "tcp", tables={"pingpong": [(1, 14.0, 0.07), (64, 16.0, 4.0),
                                                                    (65536, 110.0, 595.0), (4194304, 6000.0, 699.0)]})
    native7 = commbench.Config("native tcp, 7 ranks", tables={"barrier": [(0, 100.0, 0.0)]}, ranks=7)
    ours7 = commbench.Config("cmpi tcp, 7 ranks", "tcp", tables={"barrier": [(0, 190.0, 0.0)]}, ranks=7)
    commbench._tcp_targets({c.label: c for c in (native, ours, native7, ours7)})
    out = capsys.readouterr().out
    assert "worst 1.60x (target <= 1.5x: NOT met)" in out
    assert "worst 0.67x (target >= 0.8x: NOT met)" in out
    assert "barrier on 7 ranks: 190.0 us vs 100.0 us, 1.90x (target <= 2x: met)" in out




def test_all_targets_gathers_each_steps_verdict_lines_and_nothing_else(tmp_path):
    import all_targets  # noqa: E402  (bench/ is on sys.path)
    steps = {s.name: s for s in all_targets.STEPS}
    logs = {
        "comm": "size  native\n1  0.5\n  cmpi tcp 6.70 us vs native tcp 5.55 us: 1.2x (target <= 3x: met)\n"
                "issue 28, tcp transport against Open MPI tcp (same run):\n"
                "  barrier on 7 ranks: 174.1 us vs 64.0 us, 2.72x (target <= 2x: NOT met)\nplot: x.png\n",
        "translate": "program  stmts  ms/stmt  target <= 0.1 ms/stmt\n-------\nfunctions 1000  1081  0.631  NOT met\n"
                     "corpus/pi.c  0.28\ncorpus total, one --batch process  3.83  target < 5 s: met\n",
        "first-run": "First run of a fresh port: ...; target: first run < 1 s\n\npi (75 lines of C#, 2 ranks)\n"
                     "  side  first wall\n  this, server warm  0.2  0.3  1.00  target met (CPU)\n"
                     "    first cpu each: 0.3 0.4\n",
        "bench": "timer target = issue 28's compute target, ...\nnbody n=500  1  0.4\n"
                 "timer target (<= 1.10x at 1 rank, <= 1.25x at 2 and 4): 28 of 45 cells met; NOT met: CG (1.41x)\n"
                 "rss target (<= 1.25x native): 36 of 45 cells met\n",
    }
    kept = {}
    for name, text in logs.items():
        path = tmp_path / f"{name}.log"
        path.write_text(text)
        kept[name] = all_targets.verdict_lines(str(path), steps[name].verdicts)
    assert [line.strip()[:8] for line in kept["comm"]] == ["cmpi tcp", "issue 28", "barrier "]
    assert [line.split()[0] for line in kept["translate"]] == ["program", "functions", "corpus"]
    assert [line.strip()[:9] for line in kept["first-run"]] == ["pi (75 li", "this, ser"]
    assert [line[:10] for line in kept["bench"]] == ["timer targ", "rss target"]
    report = all_targets.summary([dict(step=steps["bench"], command=["python", "bench.py"], rc=0, started="a",
                                       ended="b", load_before="0.1", load_after="2.0", verdicts=kept["bench"],
                                       log="bench.log")], "head")
    assert "## bench: exit 0" in report and "28 of 45 cells met" in report and "load average 0.1 before" in report
