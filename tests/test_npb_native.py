"""The NPB kernels under corpus/npb, built with mpicc and run with mpirun at
class S: each must verify against the official values at every rank count it
allows, and keep its timing-dependent values on the lines a golden test masks.
"""
from __future__ import annotations

import os
import re
import shutil

import pytest

from tests.support import NATIVE_ENV, ROOT, run

NPB = os.path.join(ROOT, "corpus", "npb")
KERNELS = ["ep", "is", "cg", "mg", "ft"]
RANKS = [1, 2, 4]
# The only lines whose values depend on timing (README of corpus/npb).
TIMING_LINE = re.compile(r"^ (Time in seconds =|Mop/s total     =|Mop/s/process   =)")

pytestmark = pytest.mark.skipif(shutil.which("mpicc") is None or shutil.which("mpirun") is None,
                                reason="native MPI (mpicc, mpirun) not installed")


@pytest.fixture(scope="module")
def built():
    """Each kernel built once at class S: kernel -> None (failures raise)."""
    done = {}

    def build(kernel):
        if kernel not in done:
            r = run([os.path.join(NPB, "run_native.sh"), kernel, "S", "1"], timeout=300,
                    env={"NPB_BUILD_ONLY": "1"})
            assert r.returncode == 0, r.stderr
            done[kernel] = True
    return build


@pytest.mark.parametrize("ranks", RANKS)
@pytest.mark.parametrize("kernel", KERNELS)
def test_class_s_verifies(built, kernel, ranks):
    built(kernel)
    r = run([os.path.join(NPB, "run_native.sh"), kernel, "S", str(ranks)], timeout=300,
            env=dict(NATIVE_ENV, NPB_SKIP_BUILD="1"))
    assert r.returncode == 0, r.stdout + r.stderr
    lines = [line for line in r.stdout.splitlines() if line.strip()]
    assert re.fullmatch(r" Verification +=  +SUCCESSFUL", lines[-1]), r.stdout
    assert f" {kernel.upper()} Benchmark Completed." in lines
    assert re.search(rf"^ Total processes = +{ranks}$", r.stdout, re.M), r.stdout
    assert sum(1 for line in lines if TIMING_LINE.match(line)) == 3, r.stdout


def test_sources_lists_kernel_and_common_files():
    r = run([os.path.join(NPB, "sources.sh"), "mg"])
    assert r.returncode == 0, r.stderr
    files, includes = r.stdout.splitlines()
    names = sorted(os.path.relpath(f, NPB) for f in files.split())
    assert names == ["common/c_timers.c", "common/print_results.c", "common/randdp.c",
                     "mg/grid.c", "mg/mg.c", "mg/stencils.c"]
    assert includes.split() == [os.path.join(NPB, "mg"), os.path.join(NPB, "common")]
