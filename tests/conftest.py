"""Shared fixtures and options for cmpi's pytest suites."""
from __future__ import annotations

import os
import shutil
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
# cmpi-translate compiles what it writes (translator/compile_check.py) unless told not to; the suites compile every
# translation they run or check themselves (`cmpi-run`, `--check`), so the translator's own compile would only be
# a second Roslyn run per case. tests/test_compile_check.py runs the check itself.
os.environ.setdefault("CMPI_TRANSLATE_CHECK", "0")


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true",
                     help="rewrite expected.cs and expected.np<N>.out from the tools (the run still fails)")


@pytest.fixture(scope="session")
def update_golden(request) -> bool:
    return request.config.getoption("--update-golden")


@pytest.fixture(scope="session")
def tools():
    """The translator, cmpi-run and native MPI (tests/support.py); translations go to one warm
    `cmpi-translate --batch -` for the session, stopped at its end."""
    from tests.support import Tools
    t = Tools(ROOT)
    yield t
    t.server.stop()


@pytest.fixture(scope="session")
def azurite():
    """A running Azurite for the azure transport's runs; skips when `make setup` has not installed it."""
    exe = os.path.join(ROOT, "build", "azurite", "node_modules", ".bin", "azurite")
    if not os.path.exists(exe):
        pytest.skip("Azurite is not installed (build/azurite): run `make setup`")
    from tests.support import Azurite
    server = Azurite(exe)
    yield server
    server.stop()
