"""C programs without MPI: built with gcc and translated, their outputs must be equal.

Each tests/c/*.c is a small program exercising one area of C semantics; each folder tests/c/<name>/ is a
program of several files (main.c first, then the others in name order).
"""
from __future__ import annotations

import glob
import os

import pytest

from tests.support import ROOT, run

PROGRAMS = sorted(glob.glob(os.path.join(ROOT, "tests", "c", "*.c"))) + \
    sorted(d.rstrip(os.sep) for d in glob.glob(os.path.join(ROOT, "tests", "c", "*", "")))


def _sources(program: str):
    """The program's files: itself, or a folder's main.c and then its other .c files."""
    if not os.path.isdir(program):
        return [program]
    files = sorted(glob.glob(os.path.join(program, "*.c")))
    return sorted(files, key=lambda f: os.path.basename(f) != "main.c")


@pytest.mark.parametrize("src", PROGRAMS, ids=[os.path.basename(p) for p in PROGRAMS])
def test_translation_prints_what_gcc_build_prints(src, tools, tmp_path):
    sources = _sources(src)
    exe = str(tmp_path / "native")
    b = run(["gcc", "-O1", "-o", exe, *sources, "-lm"])
    assert b.returncode == 0, b.stderr
    native = run([exe, "one", "two"])
    cs = str(tmp_path / "Program.cs")
    t = tools.translate_file(sources[0], cs, *sources[1:])
    assert t.returncode == 0, t.stderr
    chk = tools.check(cs)
    assert chk.returncode == 0, chk.stdout + chk.stderr
    r = run(tools.cmpi_run + ["-n", "1", cs, "one", "two"])
    # a native program killed by a signal (abort: SIGABRT) has the shell's status 128 + signal, as cmpi-run reports
    status = native.returncode if native.returncode >= 0 else 128 - native.returncode
    assert r.returncode == status, r.stderr
    assert r.stdout == native.stdout
