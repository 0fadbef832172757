"""Shared fixtures and options for cmpi's pytest suites."""
from __future__ import annotations

import os
import shutil
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true",
                     help="rewrite expected.cs and expected.np<N>.out from the tools (the run still fails)")


@pytest.fixture(scope="session")
def update_golden(request) -> bool:
    return request.config.getoption("--update-golden")


@pytest.fixture(scope="session")
def tools():
    from tests.support import Tools
    return Tools(ROOT)


class _Azurite:
    """Azurite (from `make setup`, build/azurite) on free loopback ports, in memory; env holds its connection string."""

    DEV_KEY = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="

    def __init__(self, exe: str):
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


@pytest.fixture(scope="session")
def azurite():
    """A running Azurite for the azure transport's runs; skips when `make setup` has not installed it."""
    exe = os.path.join(ROOT, "build", "azurite", "node_modules", ".bin", "azurite")
    if not os.path.exists(exe):
        pytest.skip("Azurite is not installed (build/azurite): run `make setup`")
    server = _Azurite(exe)
    yield server
    server.stop()
