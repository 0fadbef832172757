"""Helpers the suites share: running the translator, cmpi-run and native MPI."""
from __future__ import annotations

import hashlib
import json
import os
import selectors
import shlex
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from typing import Dict, Iterable, List, Optional

from translator.verify.compare import NATIVE_ENV, by_rank, mask  # noqa: F401  (the suites import them from here)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@dataclass
class Run:
    returncode: int
    stdout: str
    stderr: str


def run(cmd: List[str], timeout: float = 300, env: Optional[dict] = None, cwd: Optional[str] = None) -> Run:
    full_env = dict(os.environ, **(env or {}))
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=full_env, cwd=cwd)
    return Run(p.returncode, p.stdout, p.stderr)


class TranslationServer:
    """One `cmpi-translate --batch -` kept for the session (translator/batch.py): each translation is a fork of a
    warm process that runs `cmpi-translate ARGS` exactly (its exit status, standard output and error), without the
    0.2-0.4 s of CPU a fresh process spends on Python's start, the imports, libclang and the rules (ci10: 0.42 s of
    CPU a small translation as a process at load 35, about a third of that through the server). The suites' tests
    of the command line itself (its own process, its cwd, its bytes) still start cmpi-translate as a process."""

    def __init__(self, command: List[str], cwd: str):
        self.command, self.cwd = command, cwd
        self.proc: Optional[subprocess.Popen] = None
        self.env: Dict[str, str] = {}

    def translate(self, args: List[str], timeout: float) -> Optional[Run]:
        """The translation's Run, or None when the server died during it (the caller then runs the translation as
        a process, whose answer shows what happened). A server started in another environment is replaced first: a
        test's monkeypatch.setenv must reach the translator."""
        if self.proc is not None and (self.proc.poll() is not None or self.env != os.environ):
            self.stop()
        if self.proc is None:
            self.env = dict(os.environ)
            self.proc = subprocess.Popen(self.command + ["--batch", "-"], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, cwd=self.cwd, start_new_session=True)
        try:
            self.proc.stdin.write((shlex.join(args) + "\n").encode("utf-8", "surrogateescape"))
            self.proc.stdin.flush()
            line = self._read_line(timeout)
        except BrokenPipeError:
            line = b""
        if not line:  # the server died: the job is run again as a process, which shows what happened
            self.stop()
            return None
        result = json.loads(line)
        return Run(result["exit"], result["output"], result["diagnostics"])

    def _read_line(self, timeout: float) -> bytes:
        fd = self.proc.stdout.fileno()
        data = b""
        deadline = time.monotonic() + timeout
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while not data.endswith(b"\n"):
                left = deadline - time.monotonic()
                if left <= 0 or not sel.select(left):
                    self.stop()
                    raise subprocess.TimeoutExpired(self.command + ["--batch", "-"], timeout)
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    return b""
                data += chunk
        return data

    def stop(self):
        if self.proc is None:
            return
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)
        for f in (self.proc.stdin, self.proc.stdout):
            try:
                f.close()
            except OSError:
                pass
        self.proc = None


class Tools:
    def __init__(self, root: str):
        self.root = root
        self.translate = [os.path.join(root, ".venv", "bin", "cmpi-translate")]
        if not os.path.exists(self.translate[0]):
            self.translate = [sys.executable, "-m", "translator"]
        self.cmpi_run = [os.path.join(root, ".venv", "bin", "cmpi-run")]
        self.mpicc = shutil.which("mpicc")
        self.mpirun = shutil.which("mpirun")
        self.server = TranslationServer(self.translate, root)
        self.checked: Dict[str, tuple] = {}  # path -> (sha256 of the file checked, its Run): check_many's answers

    def translate_file(self, src: str, out: str, *extra: str) -> Run:
        args = [src, "-o", out, *extra]
        served = self.server.translate(args, timeout=120)
        return served if served is not None else run(self.translate + args, timeout=120, cwd=self.root)

    def check(self, cs: str) -> Run:
        """`cmpi-run --check CS`, or its answer from an earlier check_many of the same file's same content."""
        known = self.checked.get(cs)
        if known is not None and known[0] == _digest(cs):
            return known[1]
        return run(self.cmpi_run + ["--check", cs], timeout=300)

    def check_many(self, paths: Iterable[str]) -> None:
        """Check many files in one `cmpi-run --check A.cs B.cs ...` (one Roslyn start-up, ~0.8 s of CPU, for all;
        each later compile of a warm Roslyn is a fraction of it) and keep each file's answer for check(). Each
        diagnostic line names its file, so each file gets its own lines and status (1 when it has any: only errors and
        warnings are printed). Compiling also fills cmpi-run's cache, so the files' first runs start at once. An answer
        that cannot be split (a crash, a line naming no file) is not kept: check() then runs that file alone."""
        paths = [p for p in dict.fromkeys(paths) if os.path.exists(p)]
        if not paths:
            return
        digests = {p: _digest(p) for p in paths}
        try:
            r = run(self.cmpi_run + ["--check", *paths], timeout=120 + 10 * len(paths))
        except subprocess.TimeoutExpired:
            return
        if r.returncode not in (0, 1) or r.stdout.strip():
            return
        lines: Dict[str, List[str]] = {p: [] for p in paths}
        for line in r.stderr.splitlines(True):
            owner = next((p for p in paths if line.startswith(p + ":")), None)
            if owner is None:
                return
            lines[owner].append(line)
        if r.returncode == 1 and not any(lines.values()):
            return
        for p in paths:
            self.checked[p] = (digests[p], Run(1 if lines[p] else 0, "", "".join(lines[p])))

    def cmpi(self, cs: str, ranks: int, args: List[str], timeout: float = 300, cwd: Optional[str] = None,
             transport: str = "inproc", env: Optional[dict] = None) -> Run:
        return run(self.cmpi_run + ["-n", str(ranks), "--tag-output", "--timeout", str(int(timeout)),
                                    "--transport", transport, cs, *args],
                   timeout=timeout + 30, cwd=cwd, env=env)

    def build_native(self, src, exe: str, flags: List[str] = ()) -> Run:
        sources = [src] if isinstance(src, str) else list(src)
        return run([self.mpicc, "-O2", "-o", exe, *sources, *flags, "-lm"], timeout=120)

    def native(self, exe: str, ranks: int, args: List[str], timeout: float = 300, cwd: Optional[str] = None) -> Run:
        return run([self.mpirun, "-np", str(ranks), "--tag-output", exe, *args], timeout=timeout, env=NATIVE_ENV,
                   cwd=cwd)


def _digest(path: str) -> str:
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def selected(session, module: str, param: str) -> List:
    """The values of `param` the collected tests of `module` (a file name, test_golden.py) take, in order, once each:
    what a suite's session fixture prepares in one batch before the first of them runs (`-k` selects fewer)."""
    values = []
    for item in session.items:
        spec = getattr(item, "callspec", None)
        if item.path.name == module and spec is not None and param in spec.params:
            values.append(spec.params[param])
    return list(dict.fromkeys(values))


class Azurite:
    """Azurite (from `make setup`, build/azurite) on free loopback ports, in memory; env holds its connection string."""

    DEV_KEY = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="

    def __init__(self, exe: str, debug_log: str = ""):
        import socket
        import subprocess
        import time

        def free_port():
            with socket.socket() as s:
                s.bind(("127.0.0.1", 0))
                return s.getsockname()[1]

        self.ports = {svc: free_port() for svc in ("blob", "queue", "table")}
        args = [exe, "--silent", "--inMemoryPersistence", "--loose", "--skipApiVersionCheck", "--disableTelemetry"]
        for svc, port in self.ports.items():
            args += [f"--{svc}Host", "127.0.0.1", f"--{svc}Port", str(port)]
        if debug_log:  # Azurite's own log of every request and of its garbage collection (slows it down)
            args += ["--debug", debug_log]
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"Azurite exited at start with status {self.proc.returncode}")
            if all(self._listening(p) for p in self.ports.values()):
                break
            time.sleep(0.1)
        else:
            self.stop()
            raise RuntimeError("Azurite did not start listening within 90 s")
        endpoints = ";".join(f"{svc.capitalize()}Endpoint=http://127.0.0.1:{port}/devstoreaccount1"
                             for svc, port in self.ports.items())
        self.env = {"CMPI_AZURE_CONNECTION_STRING":
                    f"DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey={self.DEV_KEY};{endpoints}"}

    @staticmethod
    def _listening(port: int) -> bool:
        import socket
        with socket.socket() as s:
            return s.connect_ex(("127.0.0.1", port)) == 0

    def stop(self):
        import os
        import signal
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)
