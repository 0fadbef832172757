"""The rules table against the two things it connects: mpi.h and CloudMpi's API."""
from __future__ import annotations

import glob
import os
import re
import shutil

import pytest

from tests.support import ROOT, run
from translator.reader import clang_setup
from translator.rules import load

OUR_HEADER = os.path.join(ROOT, "translator", "include", "mpi.h")
OMPI_HEADER = "/usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h"


def test_every_row_matches_a_prototype_of_cmpis_mpi_h():
    protos = clang_setup.declared_functions(OUR_HEADER)
    table = load()
    assert table.mpi, "the table maps no MPI function"
    for name, rule in table.mpi.items():
        assert name in protos, f"{name} has a row but no prototype in translator/include/mpi.h"
        assert len(protos[name][1]) == len(rule.params), f"{name}: row has {len(rule.params)} params"


@pytest.mark.skipif(not os.path.exists(OMPI_HEADER), reason="Open MPI headers (libopenmpi-dev) not installed")
def test_cmpis_prototypes_are_open_mpis():
    ours = clang_setup.declared_functions(OUR_HEADER)
    # the MPI-1 functions MPI-3.0 removed are declared for a program that asks (rules/mpi.toml, `removed`)
    theirs = clang_setup.declared_functions(OMPI_HEADER, ["-DOMPI_OMIT_MPI1_COMPAT_DECLS=0"])
    for name, (result, params) in ours.items():
        assert name in theirs, f"{name} is not in Open MPI's mpi.h"
        assert (result, params) == theirs[name], f"{name}: ours {result}{params} vs Open MPI {theirs[name]}"


@pytest.mark.skipif(shutil.which("mpicc") is None, reason="mpicc not installed")
def test_observable_constants_have_open_mpis_values(tmp_path):
    names = re.findall(r"^\s+(MPI_\w+) = (-?\d+)", open(OUR_HEADER).read(), re.M)
    prog = tmp_path / "c.c"
    prog.write_text("#include <mpi.h>\n#include <stdio.h>\nint main(void) {\n" +
                    "".join(f'printf("{n} %d\\n", (int)({n}));\n' for n, _ in names) + "return 0; }\n")
    b = run(["mpicc", "-o", str(tmp_path / "c"), str(prog)])
    assert b.returncode == 0, b.stderr
    native = dict(line.split() for line in run([str(tmp_path / "c")]).stdout.splitlines())
    for n, v in names:
        assert native[n] == v, f"{n}: cmpi's mpi.h says {v}, Open MPI says {native[n]}"


# Programs that call every mapped function; each helper's rows have their own file (mpi_calls*.c).
CALL_PROGRAMS = sorted(glob.glob(os.path.join(ROOT, "tests", "mpi_calls*.c")))


def test_every_row_is_called_by_a_calls_program():
    calls = set()
    for src in CALL_PROGRAMS:
        calls |= set(re.findall(r"\b(MPI_[A-Z][a-z0-9_]+)\(", open(src).read()))  # MPI_Comm_c2f: digits too
    assert set(load().mpi) <= calls, f"no tests/mpi_calls*.c calls {sorted(set(load().mpi) - calls)}"


@pytest.mark.parametrize("src", CALL_PROGRAMS, ids=os.path.basename)
def test_every_row_translates_to_a_call_cloudmpi_compiles(src, tools, tmp_path):
    cs = str(tmp_path / "Calls.cs")
    t = tools.translate_file(src, cs)
    assert t.returncode == 0, t.stderr
    chk = tools.check(cs)
    assert chk.returncode == 0, chk.stdout + chk.stderr
    r = run(tools.cmpi_run + ["-n", "1", cs])
    assert r.returncode == 0 and r.stdout.startswith("ok "), r.stdout + r.stderr
