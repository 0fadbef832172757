#!/usr/bin/env python3
"""Differential testing of cmpi against gcc on random C programs from csmith.

For each seed in SEED .. SEED+N-1: csmith writes a program (tier 1: no pointers, structs,
unions, bitfields, volatiles; tier 2: pointers and structs on; tier 3: unions and volatiles too;
tier 4: csmith's defaults, bit-fields and packed structs too), gcc builds it, it runs natively
under a time limit (programs over the limit are excluded and counted), cmpi-translate
translates it, cmpi-run runs the port, and the two outputs (csmith prints one checksum line)
must be equal. Seeds run on --jobs workers. Progress goes to stderr; stdout gets the summary

    csmith tierT: P passed, F failed, U untranslatable, X excluded of N

then one line per failing/untranslatable seed with its first error line. A report with every
seed's outcome is written under build/csmith/. Exit status 0 (1 with --strict when any seed
failed or was untranslatable).

    python3 scripts/csmith.py --n 20 --seed 1 --tier 1

Options of csmith's beyond a tier's go in --csmith-args (one string, split as a shell would; write it
--csmith-args=... so that argparse does not take a lone csmith option for one of this script's):
    python3 scripts/csmith.py --tier 4 --seed 1500000 --csmith-args="--max-pointer-depth 4 --max-funcs 20"
Such a run gets its own directory and report (build/csmith/tierT-<label>, --label, else one made from the
options), so its programs do not overwrite the plain tier's of the same seeds. csmith's --no-safe-math programs
mostly have undefined behaviour (a shift past the width, a division by zero): --ubsan also builds each with
-fsanitize=undefined and excludes a program whose run it reports on.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import dataclasses
import os
import re
import resource
import shlex
import shutil
import signal
import subprocess
import sys
import time
from typing import List, Optional
os.environ.setdefault("CMPI_TRANSLATE_CHECK", "0")  # what needs compiling is compiled here, not twice

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CSMITH_INCLUDE = "/usr/include/csmith"
TIER_FLAGS = {
    1: ["--no-pointers", "--no-structs", "--no-unions", "--no-bitfields", "--no-volatiles", "--no-packed-struct"],
    2: ["--no-unions", "--no-bitfields", "--no-volatiles", "--no-packed-struct"],
    3: ["--no-bitfields", "--no-packed-struct"],
    4: [],
}
PASSED, FAILED, UNTRANSLATABLE, EXCLUDED = "passed", "failed", "untranslatable", "excluded"


@dataclasses.dataclass
class Outcome:
    seed: int
    status: str
    detail: str = ""      # the first error line, or why the seed is excluded
    seconds: float = 0.0


@dataclasses.dataclass
class Settings:
    tier: int
    workdir: str
    native_timeout: float = 10.0
    port_timeout: float = 300.0
    translate: str = os.path.join(ROOT, ".venv", "bin", "cmpi-translate")
    cmpi_run: str = os.path.join(ROOT, ".venv", "bin", "cmpi-run")
    csmith_args: List[str] = dataclasses.field(default_factory=list)  # csmith options after the tier's
    cflags: List[str] = dataclasses.field(default_factory=list)  # gcc's and cmpi-translate's (-DUSE_MATH_MACROS)
    ubsan: bool = False  # exclude a program whose native run has undefined behaviour (csmith --no-safe-math)
    compare_status: bool = False  # a native run that fails (SIGSEGV, SIGFPE) is compared too, not excluded


def _run(cmd: List[str], timeout: float, cwd: str, cpu_limit: Optional[float] = None) -> Optional[subprocess.CompletedProcess]:
    """The finished process, or None when it ran out of time (it is killed).

    cpu_limit caps the process's CPU seconds (RLIMIT_CPU): a native run is excluded by the CPU
    it needs, not by wall time, so the excluded count does not grow with the machine's load."""
    def limit_cpu() -> None:
        seconds = int(cpu_limit + 0.999)
        resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 1))
    try:
        return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, errors="replace", timeout=timeout,
                              preexec_fn=limit_cpu if cpu_limit else None)
    except subprocess.TimeoutExpired:
        return None


def _out_of_cpu(p: subprocess.CompletedProcess) -> bool:
    return p.returncode in (-signal.SIGXCPU, -signal.SIGKILL)


def _first_line(*texts: str) -> str:
    for text in texts:
        for line in (text or "").splitlines():
            if line.strip():
                return line.strip()[:300]
    return "(no output)"


def _first_error(*texts: str) -> str:
    """The first line that reports an error (compilers print warnings first), else the first line."""
    for text in texts:
        for line in (text or "").splitlines():
            if "error" in line.lower() or "exception" in line.lower():
                return line.strip()[:300]
    return _first_line(*texts)


def _first_difference(native: str, port: str) -> str:
    a, b = native.splitlines(), port.splitlines()
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else "<end of output>"
        y = b[i] if i < len(b) else "<end of output>"
        if x != y:
            return f"line {i + 1}: native {x!r}, port {y!r}"
    return "outputs differ"


def _undefined_behaviour(d: str, s: Settings) -> str:
    """UBSan's first report on the program's run ("" when it reports none).

    Without csmith's safe-math wrappers (--no-safe-math) most programs shift too far, overflow or divide
    by zero somewhere; what such a program prints is not C's to define, so it cannot judge the port."""
    build = _run(["gcc", "-w", "-O0", "-fsanitize=undefined", "-fno-sanitize-recover=all", f"-I{CSMITH_INCLUDE}",
                  *s.cflags, "prog.c", "-o", "prog-ubsan"], 120, d)
    if build is None or build.returncode != 0:
        return "gcc -fsanitize=undefined failed: " + _first_line(build.stderr if build else "timeout")
    run = _run(["./prog-ubsan"], s.native_timeout * 20, d, cpu_limit=s.native_timeout * 2)
    if run is None or _out_of_cpu(run):
        return f"the -fsanitize=undefined run took over {2 * s.native_timeout:g} s of CPU"
    return "" if run.returncode == 0 else _first_error(run.stderr, run.stdout)


def check_seed(seed: int, s: Settings) -> Outcome:
    """Generates, builds, runs, translates and runs the port of one csmith program."""
    start = time.monotonic()
    d = os.path.join(s.workdir, f"seed-{seed}")
    os.makedirs(d, exist_ok=True)

    def done(status: str, detail: str = "") -> Outcome:
        return Outcome(seed, status, detail, time.monotonic() - start)

    gen = _run(["csmith", "--seed", str(seed), *TIER_FLAGS[s.tier], *s.csmith_args, "-o", "prog.c"], 120, d)
    if gen is None or gen.returncode != 0:
        return done(EXCLUDED, "csmith failed: " + _first_line(gen.stderr if gen else "timeout"))
    build = _run(["gcc", "-w", "-O0", f"-I{CSMITH_INCLUDE}", *s.cflags, "prog.c", "-o", "prog"], 120, d)
    if build is None or build.returncode != 0:
        return done(EXCLUDED, "gcc failed: " + _first_line(build.stderr if build else "timeout"))
    # The wall-clock bound is only a backstop for a native run that sleeps or blocks.
    native = _run(["./prog"], s.native_timeout * 10, d, cpu_limit=s.native_timeout)
    if native is None or _out_of_cpu(native):
        return done(EXCLUDED, f"native run over {s.native_timeout:g} s of CPU")
    # a signal's status as the shell (and cmpi-run) reports it: 128 + the signal
    status = native.returncode if native.returncode >= 0 else 128 - native.returncode
    if status != 0 and not s.compare_status:
        return done(EXCLUDED, f"native run exited with {native.returncode}")
    if s.ubsan and status == 0:
        undefined = _undefined_behaviour(d, s)
        if undefined:
            return done(EXCLUDED, "undefined behaviour: " + undefined)

    tr = _run([s.translate, "prog.c", "-o", "Prog.cs", "--", f"-I{CSMITH_INCLUDE}", *s.cflags], 300, d)
    if tr is None:
        return done(UNTRANSLATABLE, "cmpi-translate timed out")
    if tr.returncode != 0:
        return done(UNTRANSLATABLE, _first_error(tr.stderr, tr.stdout))
    port = _run([s.cmpi_run, "-n", "1", "--timeout", str(int(s.port_timeout)), "Prog.cs"], s.port_timeout + 60, d)
    if port is None:
        return done(FAILED, f"port did not finish in {s.port_timeout:g} s")
    if port.returncode != status:
        return done(FAILED, f"port exited with {port.returncode}" + (f" (native {status})" if status else "") + ": " +
                    _first_error(port.stderr, port.stdout))
    if port.stdout != native.stdout:
        return done(FAILED, _first_difference(native.stdout, port.stdout))
    return done(PASSED)


def check_seeds(seeds: List[int], s: Settings, jobs: int = 2, progress=None) -> List[Outcome]:
    """check_seed over many seeds on `jobs` workers; results in seed order."""
    results = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = {pool.submit(check_seed, seed, s): seed for seed in seeds}
        for k, fut in enumerate(concurrent.futures.as_completed(futures), 1):
            seed = futures[fut]
            try:
                outcome = fut.result()
            except Exception as e:  # a harness problem for one seed must not lose the others
                outcome = Outcome(seed, FAILED, f"harness error: {type(e).__name__}: {e}")
            results[seed] = outcome
            if progress:
                progress(k, len(seeds), outcome)
    return [results[seed] for seed in seeds]


def run_label(csmith_args: List[str]) -> str:
    """A directory-name-safe label of a run's extra csmith options ("" without any)."""
    return re.sub(r"[^A-Za-z0-9]+", "-", " ".join(csmith_args)).strip("-")


def summary(tier: int, outcomes: List[Outcome], csmith_args: Optional[List[str]] = None) -> List[str]:
    count = {st: sum(o.status == st for o in outcomes) for st in (PASSED, FAILED, UNTRANSLATABLE, EXCLUDED)}
    options = f" ({' '.join(csmith_args)})" if csmith_args else ""
    lines = [f"csmith tier{tier}{options}: {count[PASSED]} passed, {count[FAILED]} failed, "
             f"{count[UNTRANSLATABLE]} untranslatable, {count[EXCLUDED]} excluded of {len(outcomes)}"]
    for st in (FAILED, UNTRANSLATABLE):
        lines += [f"  {st} seed {o.seed}: {o.detail}" for o in outcomes if o.status == st]
    return lines


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=20, help="number of programs (default 20)")
    ap.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    ap.add_argument("--tier", type=int, choices=sorted(TIER_FLAGS), default=1)
    ap.add_argument("--jobs", type=int, default=2, help="parallel workers (default 2)")
    ap.add_argument("--native-timeout", type=float, default=10.0, help="CPU seconds for the native run; slower programs are excluded")
    ap.add_argument("--port-timeout", type=float, default=300.0, help="seconds for the translated run")
    ap.add_argument("--csmith-args", default="", help="csmith options added to the tier's, one string (e.g. \"--max-funcs 20\")")
    ap.add_argument("--cflags", default="", help="compiler options for gcc and cmpi-translate, one string "
                    "(csmith's headers: -DUSE_MATH_MACROS, -DUSE_MATH_MACROS_NOTMP with csmith's --math-notmp)")
    ap.add_argument("--ubsan", action="store_true", help="also run a -fsanitize=undefined build and exclude a program "
                    "it finds undefined behaviour in (for csmith's --no-safe-math)")
    ap.add_argument("--compare-status", action="store_true", help="compare a native run that fails (csmith's "
                    "--null-ptr-deref-prob: SIGSEGV, status 139) with the port's status and output instead of "
                    "excluding it")
    ap.add_argument("--compile-check", action="store_true", help="translate with cmpi-translate's compile check, which "
                    "refuses C# that compiles only with a warning (cmpi-run's own compile lets warnings pass): such a "
                    "seed is untranslatable, as a user's translation would be")
    ap.add_argument("--label", default="", help="name of this run's directory and report (default: from --csmith-args)")
    ap.add_argument("--strict", action="store_true", help="exit 1 when a seed failed or was untranslatable")
    args = ap.parse_args(argv)
    if args.compile_check:
        os.environ["CMPI_TRANSLATE_CHECK"] = "1"  # (the children inherit it)
    for tool in ("csmith", "gcc"):
        if shutil.which(tool) is None:
            print(f"csmith.py: {tool} is not installed (make setup installs it)", file=sys.stderr)
            return 2

    out_dir = os.path.join(ROOT, "build", "csmith")
    csmith_args = shlex.split(args.csmith_args)
    cflags = shlex.split(args.cflags)
    label = args.label or run_label(csmith_args + cflags)
    name = f"tier{args.tier}" + (f"-{label}" if label else "")
    s = Settings(args.tier, os.path.join(out_dir, name), args.native_timeout, args.port_timeout,
                 csmith_args=csmith_args, cflags=cflags, ubsan=args.ubsan, compare_status=args.compare_status)
    seeds = list(range(args.seed, args.seed + args.n))

    def progress(k: int, n: int, o: Outcome) -> None:
        extra = f": {o.detail}" if o.detail else ""
        print(f"[{k}/{n}] seed {o.seed}: {o.status} ({o.seconds:.1f} s){extra}", file=sys.stderr, flush=True)

    started = time.monotonic()
    outcomes = check_seeds(seeds, s, args.jobs, progress)
    lines = summary(args.tier, outcomes, csmith_args + cflags)
    print("\n".join(lines))

    report = os.path.join(out_dir, f"{name}-seed{args.seed}-n{args.n}.txt")
    with open(report, "w") as f:
        f.write("\n".join(lines) + "\n\n")
        f.write(f"# {time.strftime('%Y-%m-%d %H:%M:%S')}, {time.monotonic() - started:.0f} s, "
                f"native limit {args.native_timeout:g} CPU s; programs in {s.workdir}/seed-N\n")
        for o in outcomes:
            f.write(f"{o.seed}\t{o.status}\t{o.seconds:.1f}\t{o.detail}\n")
    print(f"report: {os.path.relpath(report, ROOT)}", file=sys.stderr)
    bad = any(o.status in (FAILED, UNTRANSLATABLE) for o in outcomes)
    return 1 if args.strict and bad else 0


if __name__ == "__main__":
    sys.exit(main())
