"""Helpers the suites share: running the translator, cmpi-run and native MPI."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from typing import List, Optional

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


class Tools:
    def __init__(self, root: str):
        self.root = root
        self.translate = [os.path.join(root, ".venv", "bin", "cmpi-translate")]
        if not os.path.exists(self.translate[0]):
            self.translate = [sys.executable, "-m", "translator"]
        self.cmpi_run = [os.path.join(root, ".venv", "bin", "cmpi-run")]
        self.mpicc = shutil.which("mpicc")
        self.mpirun = shutil.which("mpirun")

    def translate_file(self, src: str, out: str, *extra: str) -> Run:
        return run(self.translate + [src, "-o", out, *extra], timeout=120, cwd=self.root)

    def check(self, cs: str) -> Run:
        return run(self.cmpi_run + ["--check", cs], timeout=300)

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
