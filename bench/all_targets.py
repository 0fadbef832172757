#!/usr/bin/python3
"""Every benchmark of issue 28 in one run, one after another, and one page saying where each target stands.

    /usr/bin/python3 bench/all_targets.py [--out DIR] [--only comm,translate,first-run,bench] [--bench-args="..."]
    make bench-all                      # the same, logs and summary in build/bench-all/

Issue 28 is judged on one quiet run of all its benchmarks (bench/README.md, "Where issue 28's targets stand"): this
runs them in the order that run used (bench-comm, bench-translate --huge, bench-first-run, bench at 1, 2 and 4 ranks
with its plots), each into its own log, notes the time and the load average before and after each (the load says
whether the host was quiet: on this 2-core machine another job doubles a timer), and writes summary.md: the
lines of each log that state a target with its ratio, met or not, under the step that printed them. Nothing is
judged here: the harnesses judge their own cells; this only gathers their verdicts in one place.

Exit status: 0 when every step exited 0, else 1 (a step's exit status is in the summary).
"""
from __future__ import annotations

import argparse
import datetime
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from typing import List, Optional

BENCH = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH)


@dataclass
class Step:
    name: str
    script: str
    args: List[str]
    verdicts: "re.Pattern[str]"  # the log lines that state a target's verdict


STEPS = [
    # commbench prints an "issue 28, tcp transport" block whose lines end in "(target ...: met)"; and issue 6's
    Step("comm", "commbench.py", [], re.compile(r"target .*met\)|^issue 28")),
    # translation.py: a row per generated program (ms/stmt, "NOT met"), and the corpus totals
    Step("translate", "translation.py", ["--huge"], re.compile(r"\bmet\b|^program |linearity")),
    # first_run.py: a program header, then a row per side ending in "target met (CPU)" / "NOT met"
    Step("first-run", "first_run.py", [], re.compile(r"target (NOT )?met|lines of C#")),
    # bench.py: the two judging lines (timer and rss), each naming its misses
    Step("bench", "bench.py", ["--ranks", "1,2,4", "-k", "3"], re.compile(r"^(timer|rss) target \(")),
]


def load_average() -> str:
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "?"


def now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")


def verdict_lines(log_path: str, pattern: "re.Pattern[str]") -> List[str]:
    with open(log_path, errors="replace") as f:
        return [line.rstrip() for line in f if pattern.search(line.strip())]


def run_step(step: Step, out_dir: str, extra: List[str]) -> dict:
    log_path = os.path.join(out_dir, f"{step.name}.log")
    err_path = os.path.join(out_dir, f"{step.name}.err")
    command = [sys.executable, os.path.join(BENCH, step.script), *step.args, *extra]
    started, load_before = now(), load_average()
    print(f"== {step.name}: {' '.join(command[1:])} (load {load_before})", flush=True)
    with open(log_path, "w") as out, open(err_path, "w") as err:
        rc = subprocess.call(command, cwd=ROOT, stdout=out, stderr=err)
    ended, load_after = now(), load_average()
    print(f"   exit {rc}, {started} - {ended}, load after {load_after}", flush=True)
    return dict(step=step, command=command, rc=rc, started=started, ended=ended, load_before=load_before,
                load_after=load_after, verdicts=verdict_lines(log_path, step.verdicts), log=log_path)


def summary(results: List[dict], head: str) -> str:
    lines = ["# Issue 28's targets, one run of every benchmark", "", head, ""]
    for r in results:
        lines += [f"## {r['step'].name}: exit {r['rc']}",
                  "",
                  f"`{' '.join(os.path.relpath(a, ROOT) if a.startswith(ROOT) else a for a in r['command'][1:])}`, "
                  f"{r['started']} to {r['ended']}, load average {r['load_before']} before, {r['load_after']} after; "
                  f"the whole output: {r['log']}", "", "```"]
        lines += r["verdicts"] or ["(no verdict printed: see the log)"]
        lines += ["```", ""]
    return "\n".join(lines)


def git_head() -> Optional[str]:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=os.path.join(ROOT, "build", "bench-all"),
                        help="directory for the logs and summary.md (default build/bench-all)")
    parser.add_argument("--only", default=",".join(s.name for s in STEPS),
                        help="steps to run, comma-separated (default all: comm,translate,first-run,bench)")
    parser.add_argument("--bench-args", default="",
                        help="more arguments for bench.py, e.g. --bench-args=\"--plots docs/bench\" "
                             "(the = keeps argparse from reading them as its own options)")
    args = parser.parse_args(argv)
    wanted = [n for n in args.only.split(",") if n]
    unknown = sorted(set(wanted) - {s.name for s in STEPS})
    if unknown:
        parser.error(f"unknown step(s) {', '.join(unknown)}; the steps are {', '.join(s.name for s in STEPS)}")
    os.makedirs(args.out, exist_ok=True)
    head = (f"Checkout {git_head() or '?'} of {ROOT}, started {now()}, load average {load_average()} before the "
            f"first step; {os.cpu_count()} cores. Ratios are translated / native measured side by side in the same "
            f"step; a run is a verdict on the targets only on a quiet host (no other job).")
    results = []
    for step in STEPS:
        if step.name in wanted:
            extra = args.bench_args.split() if step.name == "bench" else []
            results.append(run_step(step, args.out, extra))
    text = summary(results, head)
    path = os.path.join(args.out, "summary.md")
    with open(path, "w") as f:
        f.write(text + "\n")
    print(f"\n{text}\nwritten: {path}")
    return 0 if all(r["rc"] == 0 for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
