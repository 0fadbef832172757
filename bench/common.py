"""What the corpus and bench harnesses share: the programs, building them
natively, translating them, running both ways, comparing and timing.

Python 3 standard library only; run by /usr/bin/python3 from the repository root
or anywhere (paths are resolved from this file).
"""
from __future__ import annotations

import os
import re
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Tuple

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from tests.support import NATIVE_ENV, by_rank, mask  # noqa: E402  (ROOT must be on sys.path first)
from peak_rss import JobMemory  # noqa: E402
os.environ.setdefault("CMPI_TRANSLATE_CHECK", "0")  # what needs compiling is compiled here, not twice

BUILD = os.path.join(ROOT, "build", "corpus")
TRANSLATE = os.path.join(ROOT, ".venv", "bin", "cmpi-translate")
CMPI_RUN = os.path.join(ROOT, ".venv", "bin", "cmpi-run")
NPB_DIR = os.path.join(ROOT, "corpus", "npb")
NPB_KERNELS = ["ep", "is", "cg", "mg", "ft"]

# Values that change from run to run: masked before outputs are compared.
TIMING_FILTERS = [
    r"(?<=simulation time = )\S+",                # nbody
    r"(?<=multiply time = )\S+",                  # cannon
    # NPB report: the labels are padded before "=" (" Mop/s total     ="), so match label, padding, "="
    r"(?<=Time in seconds)\s*=.*$",
    r"(?<=Mop/s total)\s*=.*$",
    r"(?<=Mop/s/process)\s*=.*$",
    r"(?<=Compile date)\s*=.*$",
]

# The program's own timer, reported beside the wall time when present.
PROGRAM_TIME = re.compile(r"(?:simulation time = |multiply time = |Time in seconds =\s*)([0-9.eE+-]+)")


def progress(message: str) -> None:
    """Progress goes to stderr so stdout stays a clean report."""
    print(message, file=sys.stderr, flush=True)


@dataclass
class Program:
    """One program at one size or class: how to build, translate, run and verify it."""
    name: str                      # nbody, cannon, ep, ...
    variant: str                   # size or class label for the table
    sources: List[str]             # C files, absolute
    cflags: List[str]              # -I / -D flags for both mpicc and cmpi-translate
    args: List[str]                # program arguments
    ranks: List[int]               # the rank counts the program allows
    verify: Callable[[str, int], bool]  # (stdout of rank 0 etc., ranks) -> verified
    output_files: List[str] = field(default_factory=list)  # files the run writes, compared byte for byte
    build_key: str = ""            # programs with equal keys share one native build and one translation

    @property
    def label(self) -> str:
        return f"{self.name} {self.variant}"

    @property
    def key(self) -> str:
        return self.build_key or self.name


@dataclass
class RunResult:
    ok: bool                       # exit status 0 (and no timeout)
    seconds: float                 # wall time
    stdout: str                    # by_rank, unmasked
    stderr: str
    files: Dict[str, bytes]
    program_seconds: Optional[float] = None
    cpu_seconds: Optional[float] = None  # user + system time of the job's processes
    peak_rss_mib: Optional[float] = None  # the job's processes' peak resident sets, summed (peak_rss.py)

    def first_error(self) -> str:
        for line in (self.stderr.strip().splitlines() or self.stdout.strip().splitlines()):
            if line.strip():
                return line.strip()
        return "no output"


# ---------------------------------------------------------------- verification

def verify_nbody(out: str, ranks: int) -> bool:
    """The original's own sanity check: absmin >= 0.4 and absavg >= 0.8 (units of the cutoff)."""
    m1 = re.search(r"absmin = ([0-9.]+)", out)
    m2 = re.search(r"absavg = ([0-9.]+)", out)
    return bool(m1 and m2) and float(m1.group(1)) >= 0.4 and float(m2.group(1)) >= 0.8 \
        and "too small" not in out


def verify_cannon(out: str, ranks: int) -> bool:
    return re.search(r"^\d+\| PASSED$", out, re.M) is not None


def verify_npb(out: str, ranks: int) -> bool:
    return re.search(r"Verification\s*=\s*SUCCESSFUL", out) is not None


# ---------------------------------------------------------------- the programs

def nbody(n: int, steps: int, ranks: List[int]) -> Program:
    return Program("nbody", f"n={n} t={steps}", [os.path.join(ROOT, "corpus", "nbody", "nbody.c")], [],
                   ["-n", str(n), "-t", str(steps), "-o", "positions.txt"], ranks, verify_nbody,
                   output_files=["positions.txt"])


def cannon(n: int, ranks: List[int]) -> Program:
    return Program("cannon", f"n={n}", [os.path.join(ROOT, "corpus", "cannon", "cannon.c")], [],
                   [str(n)], [r for r in ranks if _is_square(r)], verify_cannon)


def _is_square(n: int) -> bool:
    q = int(round(n ** 0.5))
    return q * q == n


def npb_available() -> bool:
    return os.path.exists(os.path.join(NPB_DIR, "sources.sh"))


def npb(kernel: str, klass: str, ranks: List[int]) -> Tuple[Optional[Program], str]:
    """An NPB kernel from corpus/npb's sources.sh; (None, why) when it cannot be had."""
    script = os.path.join(NPB_DIR, "sources.sh")
    if not os.path.exists(script):
        return None, "corpus/npb/sources.sh is missing"
    p = subprocess.run(["bash", script, kernel], capture_output=True, text=True, cwd=ROOT)
    if p.returncode != 0:
        return None, f"sources.sh {kernel} failed: {(p.stderr or p.stdout).strip()[:200]}"
    sources, flags = _parse_sources(p.stdout)
    if not sources:
        return None, f"sources.sh {kernel} listed no .c file"
    allowed = [r for r in ranks if kernel == "ep" or r & (r - 1) == 0]
    return Program(kernel.upper(), f"class {klass}", sources, flags + [f"-DCLASS={klass}"], [], allowed,
                   verify_npb, build_key=f"npb-{kernel}-{klass}"), ""


def _parse_sources(text: str) -> Tuple[List[str], List[str]]:
    """sources.sh prints .c files and include directories (bare or as -I), in any layout."""
    sources, flags = [], []
    tokens = shlex.split(text)
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if t in ("-I", "-D") and i + 1 < len(tokens):
            t = t + tokens[i + 1]
            i += 1
        if t.startswith("-I"):
            flags.append("-I" + _resolve(t[2:]))
        elif t.startswith("-D"):
            flags.append(t)
        elif t.endswith(".c"):
            sources.append(_resolve(t))
        elif os.path.isdir(_resolve(t)):
            flags.append("-I" + _resolve(t))
        i += 1
    return sources, flags


def _resolve(path: str) -> str:
    if os.path.isabs(path):
        return path
    for base in (ROOT, NPB_DIR):
        candidate = os.path.join(base, path)
        if os.path.exists(candidate):
            return os.path.normpath(candidate)
    return os.path.normpath(os.path.join(ROOT, path))


# ---------------------------------------------------------------- building

def ensure_current_runtime() -> None:
    """scripts/setup.sh, which rebuilds the runtime cmpi-run uses when a source is newer than its build (and is
    quiet, under a second, when nothing changed). Through make it has run already; a harness started by hand
    would otherwise time a stale runtime."""
    subprocess.run(["bash", os.path.join(ROOT, "scripts", "setup.sh")], cwd=ROOT, check=True,
                   stdout=sys.stderr)  # its messages are progress; stdout is the report


class Builds:
    """Native executables and translations, each made once per harness run."""

    def __init__(self):
        ensure_current_runtime()
        os.makedirs(os.path.join(BUILD, "native"), exist_ok=True)
        self.native: Dict[str, Tuple[Optional[str], str]] = {}
        self.translated: Dict[str, Tuple[Optional[str], str]] = {}
        self.mpicc = shutil.which("mpicc")
        self.mpirun = shutil.which("mpirun")

    def native_exe(self, prog: Program) -> Tuple[Optional[str], str]:
        """(path, "") or (None, first error line)."""
        if prog.key not in self.native:
            exe = os.path.join(BUILD, "native", prog.key)
            if not self.mpicc:
                self.native[prog.key] = (None, "mpicc is not installed")
            else:
                progress(f"  mpicc {prog.key}")
                p = subprocess.run([self.mpicc, "-O2", *prog.cflags, "-o", exe, *prog.sources, "-lm"],
                                   capture_output=True, text=True, cwd=ROOT)
                self.native[prog.key] = (exe, "") if p.returncode == 0 else (None, _first_line(p.stderr))
        return self.native[prog.key]

    def translation(self, prog: Program, checkout: Optional[str] = None) -> Tuple[Optional[str], str]:
        """(path of the C# file, "") or (None, the translator's first error line). With `checkout` (another
        worktree, after its make setup): that checkout's translator and cmpi-run, so a before/after of a change to
        the emitted code compares the two translations, not one translation run by two runtimes."""
        key = (prog.key, checkout)
        if key not in self.translated:
            out_dir = os.path.join(BUILD, "before") if checkout else BUILD
            os.makedirs(out_dir, exist_ok=True)
            cs = os.path.join(out_dir, _class_name(prog.key) + ".cs")
            venv_bin = os.path.join(os.path.abspath(checkout), ".venv", "bin") if checkout else None
            translate = os.path.join(venv_bin, "cmpi-translate") if checkout else TRANSLATE
            cmpi_run = os.path.join(venv_bin, "cmpi-run") if checkout else CMPI_RUN
            progress(f"  cmpi-translate {prog.key}" + (f" ({checkout})" if checkout else ""))
            cmd = [translate, *prog.sources, "-o", cs, *prog.cflags]
            p = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
            if p.returncode != 0:
                self.translated[key] = (None, _first_line(p.stderr or p.stdout) +
                                        f" (cmpi-translate exit {p.returncode})")
            else:
                # Compile once, untimed, so the timed runs use Roslyn's cache.
                progress(f"  cmpi-run --check {os.path.basename(cs)}")
                c = subprocess.run([cmpi_run, "--check", cs], capture_output=True, text=True)
                if c.returncode != 0:
                    self.translated[key] = (None, "does not compile: " + _first_line(c.stdout + c.stderr))
                else:
                    self.translated[key] = (cs, "")
        return self.translated[key]


def _class_name(key: str) -> str:
    return "".join(part.capitalize() for part in re.split(r"[^A-Za-z0-9]+", key) if part)


def _first_line(text: str) -> str:
    for line in text.splitlines():
        if line.strip():
            return line.strip()
    return "(no message)"


# ---------------------------------------------------------------- running

def run_native(exe: str, prog: Program, ranks: int, workdir: str, timeout: float,
               mpirun_args: Optional[List[str]] = None) -> RunResult:
    cmd = ["mpirun", "-np", str(ranks), "--tag-output", *(mpirun_args or []), exe, *prog.args]
    return _timed(cmd, prog, workdir, timeout, NATIVE_ENV)


def run_translated(cs: str, prog: Program, ranks: int, workdir: str, timeout: float,
                   transport: Optional[str] = None, env: Optional[dict] = None,
                   cmpi_run: str = CMPI_RUN) -> RunResult:
    cmd = [cmpi_run, "-n", str(ranks), "--tag-output", "--timeout", str(int(timeout))]
    if transport:
        cmd += ["--transport", transport]
    cmd += [cs, *prog.args]
    return _timed(cmd, prog, workdir, timeout + 30, env)


def _timed(cmd: List[str], prog: Program, workdir: str, timeout: float, env: Optional[dict]) -> RunResult:
    shutil.rmtree(workdir, ignore_errors=True)
    os.makedirs(workdir)
    # The runs are sequential, so the children's rusage grows by this job's processes alone
    # (mpirun waits for its ranks; cmpi-run's ranks are threads).
    usage0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=workdir,
                          env=dict(os.environ, **(env or {}))) as p:
        memory = JobMemory(p.pid)
        try:
            out, err = p.communicate(timeout=timeout)
            ok = p.returncode == 0
            if not ok:
                err = f"exit {p.returncode}: " + (err.strip() or out.strip()[-300:])
        except subprocess.TimeoutExpired:
            p.kill()
            out, _ = p.communicate()
            ok, err = False, f"timed out after {timeout:.0f} s"
        peak_rss = memory.stop()
    seconds = time.perf_counter() - t0
    usage1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (usage1.ru_utime - usage0.ru_utime) + (usage1.ru_stime - usage0.ru_stime)
    files = {}
    for name in prog.output_files:
        path = os.path.join(workdir, name)
        if os.path.exists(path):
            with open(path, "rb") as f:
                files[name] = f.read()
    grouped = by_rank(out)
    m = PROGRAM_TIME.search(grouped)
    return RunResult(ok, seconds, grouped, err, files, float(m.group(1)) if m else None, cpu, peak_rss)


def same_output(a: RunResult, b: RunResult) -> Tuple[bool, str]:
    """Outputs equal rank by rank with timings masked, and every output file equal byte for byte."""
    ma, mb = mask(a.stdout, TIMING_FILTERS), mask(b.stdout, TIMING_FILTERS)
    if ma != mb:
        la, lb = ma.splitlines(), mb.splitlines()
        for i in range(max(len(la), len(lb))):
            x = la[i] if i < len(la) else "<none>"
            y = lb[i] if i < len(lb) else "<none>"
            if x != y:
                return False, f"stdout differs: native '{x}' vs translated '{y}'"
    for name in sorted(set(a.files) | set(b.files)):
        if a.files.get(name) != b.files.get(name):
            return False, f"{name} differs"
    return True, ""


def median(values: List[float]) -> Optional[float]:
    return statistics.median(values) if values else None


# ---------------------------------------------------------------- tables

def fmt_seconds(s: Optional[float]) -> str:
    return "-" if s is None else f"{s:.3f}"


def fmt_ratio(a: Optional[float], b: Optional[float]) -> str:
    return "-" if a is None or b is None or b <= 0 else f"{a / b:.2f}"


def table(headers: List[str], rows: List[List[str]]) -> str:
    """A plain text table, columns left-aligned, widths from the content."""
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *rows)]
    def line(cells):
        return "  ".join(str(c).ljust(w) for c, w in zip(cells, widths)).rstrip()
    out = [line(headers), line(["-" * w for w in widths])]
    out += [line(r) for r in rows]
    return "\n".join(out)
