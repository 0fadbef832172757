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

This checkout's cmpi-run compiles through a warm compile server (round 10); it runs as three sides, each with a
server directory of its own (CMPI_COMPILE_SERVER_DIR): "server warm" (the user's second port: before each timed run
the side's server is stopped, started again by an untimed compile of another fresh copy, so the timed one is its
second), "server cold" (the server stopped before each timed run: the run starts it) and "server off"
(CMPI_COMPILE_SERVER=off, in-process as before round 10). A side's CPU then includes its server's: the CPU the
server process took from the start of the timed run until it went quiet after it (/proc/PID/stat, from the pid its
lock file holds; the background JIT a compile leaves the server is charged to it), added to cmpi-run's.
`--server-modes warm,off` picks some.

`--phases` also says where each first run's time went: this checkout's cmpi-run and the compile server it starts
append a line per phase to a file (CMPI_TRACE_PHASES, runtime-ref's PhaseTrace: the clock, the pid, the process's
CPU and JIT count, the phase); each phase is printed with its median wall milliseconds after the harness started
`dotnet` (so the first mark, `main`, is the host's and the runtime's start-up) and its process's CPU milliseconds
and JIT-compiled methods then, for each side of this checkout.

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


SERVER_MODES = ("warm", "cold", "off")


@dataclass
class Side:
    label: str
    dll: str                    # build/runtime/cmpi-run.dll of a checkout
    env: Dict[str, str] = field(default_factory=dict)
    server: Optional[str] = None   # "warm", "cold" or "off" (this checkout's compile server), None: as it comes
    first: List[Tuple[float, float]] = field(default_factory=list)   # (wall, cpu) per repetition
    first_server: List[float] = field(default_factory=list)   # the compile server's share of each first run's CPU
    phases: List[List[Tuple[str, float, float, int]]] = field(default_factory=list)   # --phases, per first run
    cached: List[Tuple[float, float]] = field(default_factory=list)


def run_timed(argv: List[str], cwd: str, env: Dict[str, str],
              started: Optional[List[float]] = None) -> Tuple[float, float, int, str]:
    """Wall seconds, CPU seconds (user + system of the process and its waited-for children), exit status, stderr.
    `started` receives the wall clock (time.time()) just before the process is started."""
    # stderr to an unnamed temporary file (a pipe could fill while wait4 waits), nothing left in cwd
    with tempfile.TemporaryFile("w+") as err, open(os.devnull, "w") as out:
        if started is not None:
            started.append(time.time())
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


def server_pid(server_dir: str) -> Optional[int]:
    """The live compile server of a side's directory (its lock file holds the pid), or None."""
    for name in sorted(os.listdir(server_dir)) if os.path.isdir(server_dir) else []:
        if not name.endswith(".lock"):
            continue
        with open(os.path.join(server_dir, name)) as f:
            text = f.read().strip()
        try:
            with open(f"/proc/{text}/cmdline", "rb") as f:
                if b"--compile-server" in f.read():
                    return int(text)
        except (OSError, ValueError):
            continue
    return None


def await_server(server_dir: str, limit: float = 10.0) -> Optional[int]:
    """The side's compile server, waiting up to `limit` seconds for one to take its lock: since round 20 a run that
    finds none compiles in-process and starts one as it ends, so it may appear just after the run."""
    deadline = time.monotonic() + limit
    while True:
        pid = server_pid(server_dir)
        if pid is not None or time.monotonic() >= deadline:
            return pid
        time.sleep(0.05)


def process_cpu(pid: Optional[int]) -> float:
    """User + system CPU seconds of a live process so far (0 when there is none)."""
    if pid is None:
        return 0.0
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def wait_quiet(pid: Optional[int], limit: float = 20.0) -> None:
    """Waits until a server has stopped taking CPU (its background JIT of the compiler's hot methods after a compile,
    its GC) for 0.5 s, at most `limit` seconds: a user's next port does not come within the second."""
    deadline = time.monotonic() + limit
    last = process_cpu(pid)
    while pid is not None and time.monotonic() < deadline:
        time.sleep(0.5)
        now = process_cpu(pid)
        if now == last:
            return
        last = now


def stop_server(side: Side, env: Dict[str, str]) -> None:
    """Stops the side's compile server and waits until it is gone (untimed)."""
    pid = server_pid(env["CMPI_COMPILE_SERVER_DIR"])
    subprocess.run(["dotnet", side.dll, "--shutdown-compile-server"], env=env, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, timeout=120)
    deadline = time.monotonic() + 60
    while pid is not None and os.path.exists(f"/proc/{pid}") and time.monotonic() < deadline:
        time.sleep(0.05)


def fresh_copy(cs: str, work: str) -> str:
    """The C# with a comment no cache has seen on top: a new source, so cmpi-run must compile it."""
    with open(cs) as f:
        text = f.read()
    path = os.path.join(work, f"App_{uuid.uuid4().hex[:8]}.cs")
    with open(path, "w") as f:
        f.write(f"// first run {uuid.uuid4()}\n" + text)
    return path


def read_phases(path: str, started: float) -> List[Tuple[str, float, float, int]]:
    """The phases a run's processes marked (CMPI_TRACE_PHASES), as (name, wall ms after `started`, the process's CPU
    ms then, methods its JIT had compiled then); a second process's marks (the compile server's) get "server: "."""
    out: List[Tuple[str, float, float, int]] = []
    try:
        with open(path) as f:
            lines = f.read().splitlines()
    except OSError:
        return out
    pids: List[str] = []
    for line in lines:
        parts = line.split(" ", 4)
        if len(parts) != 5:
            continue
        micros, pid, cpu, jitted, name = parts
        if pid not in pids:
            pids.append(pid)
        if pids.index(pid) > 0 and not name.startswith("server"):
            name = f"server: {name}"
        out.append((name, int(micros) / 1000.0 - started * 1000.0, float(cpu), int(jitted)))
    return out


def print_phases(side: "Side") -> None:
    """Each phase's medians over the first runs that marked it (wall ms after the start, its process's CPU ms and JIT
    count then), in the order of the wall medians."""
    by_name: Dict[str, List[Tuple[float, float, int]]] = {}
    for run in side.phases:
        for name, ms, cpu, jitted in run:
            by_name.setdefault(name, []).append((ms, cpu, jitted))
    if not by_name:
        return
    rows = sorted((statistics.median(v[0] for v in vals), name, vals) for name, vals in by_name.items())
    print(f"    {'phase (wall ms after the start; its process: CPU ms, methods JIT-compiled)':<60} {'wall':>7} "
          f"{'cpu':>7} {'jit':>6}")
    for ms, name, vals in rows:
        runs = "" if len(vals) == len(side.phases) else f" ({len(vals)} runs)"
        print(f"    {(name + runs)[:60]:<60} {ms:>7.0f} {statistics.median(v[1] for v in vals):>7.0f} "
              f"{statistics.median(v[2] for v in vals):>6.0f}")


def median(pairs: List[Tuple[float, float]], i: int) -> float:
    return statistics.median(p[i] for p in pairs) if pairs else float("nan")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("-k", type=int, default=5, help="repetitions per side (default 5)")
    p.add_argument("--before", metavar="CHECKOUT", help="also run another checkout's cmpi-run (its build/runtime)")
    p.add_argument("--before-server-modes", default="", metavar="MODES",
                   help="run --before's cmpi-run with these compile-server modes too (warm,cold,off), as this "
                        "checkout's (default: one side as it comes, its server started by its first run)")
    p.add_argument("--variant-env", action="append", default=[], metavar="'NAME=VALUE ...'",
                   help="also run this checkout's cmpi-run with these environment settings (repeatable)")
    p.add_argument("--only", help="comma-separated case labels' first words (pi, cannon, nbody, generated)")
    p.add_argument("--keep", metavar="DIR", help="keep the C# and the runs' files in DIR")
    p.add_argument("--server-modes", default=",".join(SERVER_MODES),
                   help="this checkout's compile-server sides, in order (default warm,cold,off)")
    p.add_argument("--phases", action="store_true",
                   help="trace the phases of this checkout's first runs (CMPI_TRACE_PHASES) and print their medians")
    args = p.parse_args(argv)

    this_dll = os.path.join(ROOT, "build", "runtime", "cmpi-run.dll")
    modes = [m for m in args.server_modes.split(",") if m]
    if not modes or any(m not in SERVER_MODES for m in modes):
        p.error(f"--server-modes takes some of {','.join(SERVER_MODES)}")
    sides = [Side(f"this, server {m}", this_dll, {"CMPI_COMPILE_SERVER": "off"} if m == "off" else {}, server=m)
             for m in modes]
    if args.before:
        before = os.path.abspath(args.before)
        before_dll = os.path.join(before, "build", "runtime", "cmpi-run.dll")
        before_modes = [m for m in args.before_server_modes.split(",") if m]
        if any(m not in SERVER_MODES for m in before_modes):
            p.error(f"--before-server-modes takes some of {','.join(SERVER_MODES)}")
        if not before_modes:
            sides.append(Side(f"before ({before})", before_dll))
        for m in before_modes:
            sides.append(Side(f"before, server {m}", before_dll,
                              {"CMPI_COMPILE_SERVER": "off"} if m == "off" else {}, server=m))
    for spec in args.variant_env:
        env = dict(kv.split("=", 1) for kv in shlex.split(spec))
        env.setdefault("CMPI_COMPILE_SERVER", "off")  # a variant of the in-process compile unless it says otherwise
        sides.append(Side(f"[{spec}]", this_dll, env))
    for s in sides:
        if not os.path.exists(s.dll):
            print(f"first_run: {s.dll} is missing: run `make setup` there first", file=sys.stderr)
            return 2
    cases = [c for c in CASES if not args.only or c.label.split()[0] in args.only.split(",")]
    work = args.keep or tempfile.mkdtemp(prefix="cmpi-first-run-")
    os.makedirs(work, exist_ok=True)
    failures = 0
    # every side its own compile-server directory (a side of another checkout ignores it), private as cmpi-run wants
    for i, s in enumerate(sides):
        s.env.setdefault("CMPI_COMPILE_SERVER_DIR", os.path.join(work, f"server-{i}"))

    print(f"First run of a fresh port: k = {args.k}, sides interleaved (order rotating); median wall / CPU seconds "
          f"(CPU = user + system of cmpi-run and its children; the steadier figure on a shared machine); "
          f"target: first run < {TARGET_FIRST_RUN_SECONDS:g} s")
    for case in cases:
        for s in sides:
            s.first.clear()
            s.cached.clear()
            s.phases.clear()
            s.first_server.clear()
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
                if s.server in ("warm", "cold"):
                    stop_server(s, env)
                if s.server == "warm":
                    # the user's first port, untimed: it starts the server and warms it
                    subprocess.run(["dotnet", s.dll, "--check", fresh_copy(cs, run_dir)], env=env, cwd=run_dir,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=600)
                    wait_quiet(await_server(env["CMPI_COMPILE_SERVER_DIR"]))
                for bucket in (s.first, s.cached):
                    server_dir = env["CMPI_COMPILE_SERVER_DIR"]
                    before_pid = server_pid(server_dir)
                    before_cpu = process_cpu(before_pid)
                    trace = os.path.join(run_dir, "phases.txt")
                    traced = args.phases and bucket is s.first
                    run_env = dict(env, CMPI_TRACE_PHASES=trace) if traced else env
                    started: List[float] = []
                    wall, cpu, rc, err = run_timed(argv, run_dir, run_env, started)
                    after_pid = await_server(server_dir) if s.server in ("warm", "cold") else server_pid(server_dir)
                    # the server's share of the run, with the background work the compile left it (a server started
                    # by this run: all of its CPU so far)
                    wait_quiet(after_pid)
                    server_cpu = process_cpu(after_pid) - (before_cpu if after_pid == before_pid else 0.0)
                    cpu += server_cpu
                    if rc != 0:
                        failures += 1
                        print(f"  {case.label} {s.label}: exit {rc}: {err.strip()[:300]}", file=sys.stderr)
                        break
                    bucket.append((wall, cpu))
                    if bucket is s.first:
                        s.first_server.append(server_cpu)
                    if traced:
                        s.phases.append(read_phases(trace, started[0]))
                if not args.keep:
                    shutil.rmtree(run_dir, ignore_errors=True)
        print(f"\n{case.label} ({lines} lines of C#, {case.ranks} ranks; cmpi-translate {translate_cpu:.2f} s CPU)")
        print(f"  {'side':<44} {'first wall':>10} {'first cpu':>10} {'cached wall':>11} {'cached cpu':>10} "
              f"{'cpu ratio':>9}")
        base = median(sides[0].first, 1)
        for s in sides:
            fw, fc, cw, cc = median(s.first, 0), median(s.first, 1), median(s.cached, 0), median(s.cached, 1)
            ratio = fc / base if base == base and base > 0 else float("nan")
            met = "" if s.server is None else ("  target met (CPU)" if fc < TARGET_FIRST_RUN_SECONDS
                                               else "  target NOT met (CPU)")
            print(f"  {s.label[:44]:<44} {fw:>10.3f} {fc:>10.3f} {cw:>11.3f} {cc:>10.3f} {ratio:>9.2f}{met}")
            print(f"    first cpu each: {' '.join(f'{c:.3f}' for _, c in s.first)}"
                  + (f"; the server's share: {' '.join(f'{c:.3f}' for c in s.first_server)}"
                     if any(s.first_server) else ""))
            print_phases(s)
    for s in sides:
        if s.server in ("warm", "cold"):
            stop_server(s, dict(os.environ, **s.env))
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
