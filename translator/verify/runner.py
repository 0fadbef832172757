"""Building and running both sides: the native program under mpirun, the port under cmpi-run (or dotnet run)."""
from __future__ import annotations

import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import Dict, List, Optional

from ..port.translate import REPO_ROOT
from .cases import Case
from .compare import NATIVE_ENV

DOTNET_ENV = {"DOTNET_NOLOGO": "1", "DOTNET_CLI_TELEMETRY_OPTOUT": "1", "DOTNET_SKIP_FIRST_TIME_EXPERIENCE": "1"}
# exit status of cmpi-run for a deadlock or a --timeout (its report of the ranks goes to stderr)
HANG_STATUS = 124


class ToolError(RuntimeError):
    """A program that cannot be built or translated (the run fails with this message)."""


@dataclass
class Outcome:
    """One run of one side: its exit status, tagged stdout/stderr and the files it wrote."""
    status: int
    stdout: str
    stderr: str
    files: Dict[str, Optional[bytes]] = field(default_factory=dict)
    seconds: float = 0.0
    timed_out: bool = False          # killed by cmpi-verify's own timeout
    hung: bool = False               # a deadlock or timeout (cmpi-run's 124, or killed)


def run_bounded(cmd: List[str], timeout: float, cwd: str, env: dict, stdin: Optional[str]) -> Outcome:
    """Runs cmd in its own process group; past the timeout the whole group is killed (no stuck CI)."""
    start = time.perf_counter()
    p = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        out, err = p.communicate(stdin, timeout=timeout)
        return Outcome(p.returncode, out, err, seconds=time.perf_counter() - start)
    except subprocess.TimeoutExpired:
        _kill_group(p)
        out, err = p.communicate()
        return Outcome(HANG_STATUS, out or "", (err or "") + f"\ncmpi-verify: killed after {timeout:g} s\n",
                       seconds=time.perf_counter() - start, timed_out=True, hung=True)
    except BaseException:
        _kill_group(p)
        raise


def _kill_group(p: subprocess.Popen) -> None:
    """Ends the launcher and every process under it. mpirun's ranks live in sessions of their own (a signal to
    mpirun's group misses them), so the launcher is first asked to stop them (SIGTERM), then whatever is left of
    its process tree is killed."""
    tree = _descendants(p.pid)
    try:
        os.killpg(p.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    try:
        p.wait(timeout=5)
    except subprocess.TimeoutExpired:
        pass
    tree |= _descendants(p.pid)
    for pid in tree | {p.pid}:
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _descendants(root: int) -> set:
    """The pids under root (Linux /proc; empty elsewhere)."""
    children: Dict[int, List[int]] = {}
    try:
        names = os.listdir("/proc")
    except OSError:
        return set()
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", encoding="utf-8", errors="replace") as f:
                stat = f.read()
            ppid = int(stat[stat.rindex(")") + 2:].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        children.setdefault(ppid, []).append(int(name))
    out, todo = set(), [root]
    while todo:
        for c in children.get(todo.pop(), []):
            if c not in out:
                out.add(c)
                todo.append(c)
    return out


def read_files(cwd: str, names: List[str]) -> Dict[str, Optional[bytes]]:
    out = {}
    for n in names:
        try:
            with open(os.path.join(cwd, n), "rb") as f:
                out[n] = f.read()
        except OSError:
            out[n] = None
    return out


def fresh_dir(path: str, case: Case) -> str:
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    for i in case.inputs:
        src = case.path(i)
        dst = os.path.join(path, os.path.basename(i))
        (shutil.copytree if os.path.isdir(src) else shutil.copy2)(src, dst)
    return path


# ------------------------------------------------------------------ native

class Native:
    def __init__(self):
        self.mpicc = os.environ.get("CMPI_VERIFY_MPICC") or shutil.which("mpicc")
        self.mpirun = os.environ.get("CMPI_VERIFY_MPIRUN") or shutil.which("mpirun")

    def missing(self) -> List[str]:
        return [n for n, p in (("mpicc", self.mpicc), ("mpirun", self.mpirun)) if not p or not os.path.exists(p)]

    def build(self, case: Case, work: str) -> str:
        if case.executable and os.path.exists(case.executable) and not case.native_flags:
            return case.executable
        exe = os.path.join(work, "native", case.name)
        os.makedirs(os.path.dirname(exe), exist_ok=True)
        cmd = [self.mpicc, "-O2", "-o", exe, *[case.path(s) for s in case.sources],
               *_paths(case, case.flags), *case.native_flags, "-lm"]
        p = subprocess.run(cmd, capture_output=True, text=True, cwd=case.base, timeout=600)
        if p.returncode != 0:
            raise ToolError(f"mpicc failed ({p.returncode}): {shlex.join(cmd)}\n{p.stderr[-3000:]}")
        return exe

    def run(self, case: Case, exe: str, ranks: int, cwd: str) -> Outcome:
        cmd = [self.mpirun, "-np", str(ranks), "--tag-output", exe, *case.args]
        o = run_bounded(cmd, case.timeout, cwd, dict(os.environ, **NATIVE_ENV), case.stdin)
        o.files = read_files(cwd, case.files)
        return o


def _paths(case: Case, flags: List[str]) -> List[str]:
    """-I dirs relative to the case's folder made absolute (the tools run elsewhere)."""
    out = []
    for f in flags:
        if f.startswith("-I") and len(f) > 2:
            out.append("-I" + case.path(f[2:]))
        else:
            out.append(f)
    return out


# ------------------------------------------------------------------ the port

def cmpi_run_command() -> List[str]:
    override = os.environ.get("CMPI_RUN")
    if override:
        return shlex.split(override)
    for cand in (os.path.join(os.path.dirname(sys.executable), "cmpi-run"), shutil.which("cmpi-run"),
                 os.path.join(REPO_ROOT, ".venv", "bin", "cmpi-run")):
        if cand and os.path.exists(cand):
            return [cand]
    raise ToolError("cmpi-run not found (run `make setup`, or set CMPI_RUN)")


class Port:
    def __init__(self):
        self._built: Dict[str, str] = {}

    def prepare(self, case: Case, work: str) -> str:
        """The C# file (cmpi-run) or project folder (dotnet) to run; translated or built once per case."""
        if case.name in self._built:
            return self._built[case.name]
        if case.port and case.runner == "dotnet":
            p = subprocess.run(["dotnet", "build", case.port, "-c", "Release", "-nologo", "-v", "q",
                                "-clp:ErrorsOnly"], capture_output=True, text=True, timeout=900,
                               env=dict(os.environ, **DOTNET_ENV))
            if p.returncode != 0:
                raise ToolError(f"dotnet build {case.port} failed:\n{(p.stdout + p.stderr)[-3000:]}")
            target = case.port
        elif case.port:
            target = os.path.join(case.port, f"{case.class_name}.cs")
            if not os.path.exists(target):
                raise ToolError(f"{target}: the port's C# file is missing")
        else:
            from ..port.translate import class_name
            cls = case.class_name or class_name(os.path.splitext(os.path.basename(case.sources[0]))[0])
            target = os.path.join(work, "port", case.name, f"{cls}.cs")
            os.makedirs(os.path.dirname(target), exist_ok=True)
            cmd = [sys.executable, "-m", "translator", *[case.path(s) for s in case.sources], "-o", target,
                   "--class-name", cls, *_paths(case, case.flags)]
            env = dict(os.environ, PYTHONPATH=REPO_ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
            p = subprocess.run(cmd, capture_output=True, text=True, cwd=case.base, timeout=600, env=env)
            if p.returncode != 0:
                raise ToolError(f"cmpi-translate failed ({p.returncode}):\n{p.stderr[-3000:]}")
        self._built[case.name] = target
        return target

    def run(self, case: Case, target: str, ranks: int, transport: str, cwd: str) -> Outcome:
        opts = ["-n", str(ranks), "--transport", transport, "--tag-output", "--timeout", f"{case.timeout:g}"]
        if case.deadlock_timeout is not None:
            opts += ["--deadlock-timeout", f"{float(case.deadlock_timeout):g}"]
        if case.port and case.runner == "dotnet":
            cmd = ["dotnet", "run", "--project", target, "-c", "Release", "--no-build", "--", *opts, "--",
                   *case.args]
        else:
            cmd = [*cmpi_run_command(), *opts, target, *case.args]
        # cmpi-run ends a hung job itself with its report of every rank (exit 124); the backstop kills it
        o = run_bounded(cmd, case.timeout + 60, cwd, dict(os.environ, **DOTNET_ENV), case.stdin)
        if o.status == HANG_STATUS:
            o.hung = True
        o.files = read_files(cwd, case.files)
        return o
