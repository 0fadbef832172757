"""C programs without MPI: built with gcc and translated, their outputs must be equal.

Each tests/c/*.c is a small program exercising one area of C semantics; each folder tests/c/<name>/ is a
program of several files (main.c first, then the others in name order).
"""
from __future__ import annotations

import glob
import os
import re

import pytest

from tests.support import ROOT, run, selected

PROGRAMS = sorted(glob.glob(os.path.join(ROOT, "tests", "c", "*.c"))) + \
    sorted(d.rstrip(os.sep) for d in glob.glob(os.path.join(ROOT, "tests", "c", "*", "")))


def _xfail_reason(program: str):
    """The reason after `xfail:` in the first comment of a program (its main.c for a folder): a construct that does
    not work yet, run as a strict expected failure (a fix shows as a failing XPASS, and the mark must go)."""
    path = os.path.join(program, "main.c") if os.path.isdir(program) else program
    m = re.match(r"\s*/\*(.*?)\*/", open(path).read(), re.S)
    k = re.search(r"xfail:\s*(.*?)(?:\*/|$)", m.group(1), re.S) if m else None
    return " ".join(re.sub(r"\n\s*\*(?!/)", " ", k.group(1)).split()) if k else None  # the lines' leading *


def _native_flags(program: str):
    """gcc's options after `native flags:` in a program's first comment (`-fopenmp` for OpenMP's runtime calls, which
    the translation maps and whose pragmas it ignores), else none."""
    path = os.path.join(program, "main.c") if os.path.isdir(program) else program
    m = re.match(r"\s*/\*(.*?)\*/", open(path).read(), re.S)
    k = re.search(r"native flags:\s*([^\n]*)", m.group(1)) if m else None
    return k.group(1).split() if k else []


def _param(program: str):
    reason = _xfail_reason(program)
    marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
    return pytest.param(program, marks=marks, id=os.path.basename(program))


def _sources(program: str):
    """The program's files: itself, or a folder's main.c and then its other .c files."""
    if not os.path.isdir(program):
        return [program]
    files = sorted(glob.glob(os.path.join(program, "*.c")))
    return sorted(files, key=lambda f: os.path.basename(f) != "main.c")


@pytest.fixture(scope="module")
def translated(request, tools, tmp_path_factory):
    """program -> (its translation's Run, the C# file): the module's selected programs are all translated before the
    first test, and their C# checked by one cmpi-run --check (tools.check_many), not one Roslyn start-up each."""
    out = tmp_path_factory.mktemp("c_semantics")
    done = {}

    def translate(src):
        cs = os.path.join(out, os.path.basename(src).replace(".", "_"), "Program.cs")
        os.makedirs(os.path.dirname(cs), exist_ok=True)
        sources = _sources(src)
        done[src] = (tools.translate_file(sources[0], cs, *sources[1:]), cs)

    def get(src):
        if not done:
            for program in selected(request.session, "test_c_semantics.py", "src"):
                translate(program)
            tools.check_many(cs for t, cs in done.values() if t.returncode == 0)
        if src not in done:
            translate(src)
        return done[src]
    return get


@pytest.mark.parametrize("src", [_param(p) for p in PROGRAMS])
def test_translation_prints_what_gcc_build_prints(src, tools, translated, tmp_path):
    sources = _sources(src)
    # named as the port names argv[0] (the first file's name without .c), so a program printing argv[0]'s last
    # component (a usage line's `strrchr(argv[0], '/')`) prints the same in both
    exe = str(tmp_path / os.path.splitext(os.path.basename(sources[0]))[0])
    b = run(["gcc", "-O1", *_native_flags(src), "-o", exe, *sources, "-lm"])
    assert b.returncode == 0, b.stderr
    native = run([exe, "one", "two"])
    t, cs = translated(src)
    assert t.returncode == 0, t.stderr
    chk = tools.check(cs)
    assert chk.returncode == 0, chk.stdout + chk.stderr
    r = run(tools.cmpi_run + ["-n", "1", cs, "one", "two"])
    # a native program killed by a signal (abort: SIGABRT) has the shell's status 128 + signal, as cmpi-run reports
    status = native.returncode if native.returncode >= 0 else 128 - native.returncode
    assert r.returncode == status, r.stderr
    assert r.stdout == native.stdout
