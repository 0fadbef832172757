"""Opt-in: the NPB kernels at class W, translated, must print what mpirun prints.

Class S is in the golden tests; class W takes several seconds per run natively
(EP W about 7 s on one core, the others 1-5 s), too long for every `make test`.
Run it with

    CMPI_NPB_CLASS_W=1 .venv/bin/python -m pytest -q tests/test_npb_class_w.py

It uses the corpus harness (bench/common.py): native build with mpicc -O2,
translation, then both runs at 1, 2 and 4 ranks, each verified by the
kernel's own check against the official class W values, and the outputs
compared rank by rank with only the timing values masked.
"""
from __future__ import annotations

import os
import shutil
import sys

import pytest

from tests.support import ROOT

sys.path.insert(0, os.path.join(ROOT, "bench"))

import common  # noqa: E402

KERNELS = ["ep", "is", "cg", "mg", "ft"]
RANKS = [1, 2, 4]
TIMEOUT = 600

pytestmark = [
    pytest.mark.skipif(os.environ.get("CMPI_NPB_CLASS_W") != "1",
                       reason="opt-in (several minutes): set CMPI_NPB_CLASS_W=1"),
    pytest.mark.skipif(shutil.which("mpicc") is None or shutil.which("mpirun") is None,
                       reason="native MPI (mpicc, mpirun) not installed"),
]


@pytest.fixture(scope="module")
def builds():
    return common.Builds()


@pytest.mark.parametrize("ranks", RANKS)
@pytest.mark.parametrize("kernel", KERNELS)
def test_class_w_translated_prints_what_mpirun_prints(builds, kernel, ranks, tmp_path):
    prog, why = common.npb(kernel, "W", [ranks])
    assert prog is not None, why
    exe, native_err = builds.native_exe(prog)
    assert exe is not None, native_err
    cs, translate_err = builds.translation(prog)
    assert cs is not None, translate_err

    native = common.run_native(exe, prog, ranks, str(tmp_path / "native"), TIMEOUT)
    assert native.ok and prog.verify(native.stdout, ranks), native.first_error()
    translated = common.run_translated(cs, prog, ranks, str(tmp_path / "translated"), TIMEOUT)
    assert translated.ok, translated.first_error()
    assert prog.verify(translated.stdout, ranks), translated.stdout
    same, why = common.same_output(native, translated)
    assert same, why
