"""First run of a fresh port (issue 28 "First run"): `make bench-first-run`.

A user translates a program and runs it: the first `cmpi-run` compiles the C# with Roslyn (nothing is in its compile
cache yet), later runs take the compiled assembly from the cache. This times both, for programs under 1,000 lines
(corpus/examples/pi.c, corpus/cannon, corpus/nbody with a short run, and a generated program of about 1,000 lines
from translation.py's generator), against issue 28's target: a fresh port's first `cmpi-run`, compile included,
under 1 s.

Each program is translated once (its cmpi-translate CPU seconds are printed, as part of what a first run costs);
then, k times, a copy of the C# with a new comment on top (a source the cache has never seen) is run by every side
in turn, the order rotating from one repetition to the next: this checkout's cmpi-run, `--before CHECKOUT`'s (main's
in a worktree: a before/after in one run), and this checkout's under each `--variant-env 'NAME=VALUE ...'`
(`DOTNET_TieredPGO=0` ...). Each side runs with its own empty compile cache ($XDG_CACHE_HOME in a temporary
directory); after its first run the same file runs again: the cached run.

Printed: median wall seconds and median CPU seconds (user + system of the cmpi-run process and its children,
os.wait4), first and cached, and the ratios side / this checkout. The machine is shared: CPU time is the steadier
figure, wall time mostly measures the neighbours (say which one a claim rests on).

Python 3 standard library only, run by /usr/bin/python3 from anywhere.
"""
from __future__ import annotations

import argparse
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from translation import many_functions  # noqa: E402  (this directory is on sys.path now)

TARGET_FIRST_RUN_SECONDS = 1.0
PYTHON = os.path.join(ROOT, ".venv", "bin", "python")


@dataclass
class Case:
    label: str
    sources: List[str]          # C files (absolute); empty when `generate` makes the one file
    args: List[str]             # program arguments
    ranks: int
    generate: Optional[int] = None   # statements of a generated program (translation.many_functions)


CASES = [
    Case("pi", [os.path.join(ROOT, "corpus", "examples", "pi.c")], [], 2),
    Case("cannon n=64", [os.path.join(ROOT, "corpus", "cannon", "cannon.c")], ["64"], 4),
    Case("nbody n=100 t=10", [os.path.join(ROOT, "corpus", "nbody", "nbody.c")], ["-n", "100", "-t", "10", "-no"], 2),
    Case("generated ~1k lines", [], [], 2, generate=650),
]


@dataclass
class Side:
    label: str
    dll: str                    # build/runtime/cmpi-run.dll of a checkout
    env: Dict[str, str] = field(default_factory=dict)
    first: List[Tuple[float, float]] = field(default_factory=list)   # (wall, cpu) per repetition
    cached: List[Tuple[float, float]] = field(default_factory=list)


def run_timed(argv: List[str], cwd: str, env: Dict[str, str]) -> Tuple[float, float, int, str]:
    """Wall seconds, CPU seconds (user + system of the process and its waited-for children), exit status, stderr."""
    # stderr to an unnamed temporary file (a pipe could fill while wait4 waits), nothing left in cwd
    with tempfile.TemporaryFile("w+") as err, open(os.devnull, "w") as out:
        start = time.perf_counter()
        proc = subprocess.Popen(argv, cwd=cwd, env=env, stdout=out, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        return wall, usage.ru_utime + usage.ru_stime, proc.returncode, err.read()


def translate(case: Case, work: str) -> Tuple[str, float]:
    """The C# of the case (translated by this checkout) and cmpi-translate's CPU seconds."""
    sources = case.sources
    if case.generate:
        text, _ = many_functions(case.generate)
        path = os.path.join(work, "generated.c")
        with open(path, "w") as f:
            f.write(text)
        sources = [path]
    out = os.path.join(work, case.label.split()[0] + ".cs")
    wall, cpu, rc, err = run_timed([PYTHON, "-m", "translator", *sources, "-o", out], ROOT, dict(os.environ))
    if rc != 0:
        raise SystemExit(f"first_run: cmpi-translate failed on {case.label}: {err.strip()[:400]}")
    return out, cpu


def fresh_copy(cs: str, work: str) -> str:
    """The C# with a comment no cache has seen on top: a new source, so cmpi-run must compile it."""
    with open(cs) as f:
        text = f.read()
    path = os.path.join(work, f"App_{uuid.uuid4().hex[:8]}.cs")
    with open(path, "w") as f:
        f.write(f"// first run {uuid.uuid4()}\n" + text)
    return path


def median(pairs: List[Tuple[float, float]], i: int) -> float:
    return statistics.median(p[i] for p in pairs) if pairs else float("nan")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("-k", type=int, default=5, help="repetitions per side (default 5)")
    p.add_argument("--before", metavar="CHECKOUT", help="also run another checkout's cmpi-run (its build/runtime)")
    p.add_argument("--variant-env", action="append", default=[], metavar="'NAME=VALUE ...'",
                   help="also run this checkout's cmpi-run with these environment settings (repeatable)")
    p.add_argument("--only", help="comma-separated case labels' first words (pi, cannon, nbody, generated)")
    p.add_argument("--keep", metavar="DIR", help="keep the C# and the runs' files in DIR")
    args = p.parse_args(argv)

    sides = [Side("this", os.path.join(ROOT, "build", "runtime", "cmpi-run.dll"))]
    if args.before:
        before = os.path.abspath(args.before)
        sides.append(Side(f"before ({before})", os.path.join(before, "build", "runtime", "cmpi-run.dll")))
    for spec in args.variant_env:
        env = dict(kv.split("=", 1) for kv in shlex.split(spec))
        sides.append(Side(f"[{spec}]", sides[0].dll, env))
    for s in sides:
        if not os.path.exists(s.dll):
            print(f"first_run: {s.dll} is missing: run `make setup` there first", file=sys.stderr)
            return 2
    cases = [c for c in CASES if not args.only or c.label.split()[0] in args.only.split(",")]
    work = args.keep or tempfile.mkdtemp(prefix="cmpi-first-run-")
    os.makedirs(work, exist_ok=True)
    failures = 0

    print(f"First run of a fresh port: k = {args.k}, sides interleaved (order rotating); median wall / CPU seconds "
          f"(CPU = user + system of cmpi-run and its children; the steadier figure on a shared machine); "
          f"target: first run < {TARGET_FIRST_RUN_SECONDS:g} s")
    for case in cases:
        for s in sides:
            s.first.clear()
            s.cached.clear()
        cs, translate_cpu = translate(case, work)
        with open(cs) as f:
            lines = sum(1 for _ in f)
        for rep in range(args.k):
            order = sides[rep % len(sides):] + sides[:rep % len(sides)]
            for s in order:
                run_dir = tempfile.mkdtemp(prefix="run-", dir=work)
                env = dict(os.environ, XDG_CACHE_HOME=os.path.join(run_dir, "cache"), **s.env)
                app = fresh_copy(cs, run_dir)
                argv = ["dotnet", s.dll, "-n", str(case.ranks), app, *case.args]
                for bucket in (s.first, s.cached):
                    wall, cpu, rc, err = run_timed(argv, run_dir, env)
                    if rc != 0:
                        failures += 1
                        print(f"  {case.label} {s.label}: exit {rc}: {err.strip()[:300]}", file=sys.stderr)
                        break
                    bucket.append((wall, cpu))
                if not args.keep:
                    shutil.rmtree(run_dir, ignore_errors=True)
        print(f"\n{case.label} ({lines} lines of C#, {case.ranks} ranks; cmpi-translate {translate_cpu:.2f} s CPU)")
        print(f"  {'side':<44} {'first wall':>10} {'first cpu':>10} {'cached wall':>11} {'cached cpu':>10} "
              f"{'cpu ratio':>9}")
        base = median(sides[0].first, 1)
        for s in sides:
            fw, fc, cw, cc = median(s.first, 0), median(s.first, 1), median(s.cached, 0), median(s.cached, 1)
            ratio = fc / base if base == base and base > 0 else float("nan")
            met = "" if s is not sides[0] else ("  target met (CPU)" if fc < TARGET_FIRST_RUN_SECONDS
                                                 else "  target NOT met (CPU)")
            print(f"  {s.label[:44]:<44} {fw:>10.3f} {fc:>10.3f} {cw:>11.3f} {cc:>10.3f} {ratio:>9.2f}{met}")
            print(f"    first cpu each: {' '.join(f'{c:.3f}' for _, c in s.first)}")
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
