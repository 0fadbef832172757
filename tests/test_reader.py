"""translator/reader/: how many times it asks libclang to parse, and that the shortcuts keep the answers.

A program of several files is parsed once as a unit unless it has statics to rename (then each file alone
first, as rename_colliding_statics needs); which standard header declares a name is read from one parse per
header. tests/test_c_semantics.py runs the programs these read (tests/c/file_statics, the NPB goldens)."""
from __future__ import annotations

import collections
import os

import clang.cindex as ci
import pytest

from tests.support import ROOT
from translator.reader import clang_setup
from translator.reader.frontend import Frontend


@pytest.fixture
def parses(monkeypatch):
    """Counts of libclang parses during the test: 'probe' (a standard header asked), 'program', and per file name
    (the file clang is asked to read first)."""
    counts = collections.Counter()
    original = ci.Index.parse

    def counting(self, path, args=None, unsaved_files=None, options=0):
        counts["probe" if path == "probe.c" else "program"] += 1
        counts[os.path.basename(path)] += 1
        return original(self, path, args, unsaved_files, options)
    monkeypatch.setattr(ci.Index, "parse", counting)
    return counts


def _files(folder):
    return sorted(os.path.join(ROOT, folder, f) for f in os.listdir(os.path.join(ROOT, folder)) if f.endswith(".c"))


def test_files_without_colliding_statics_are_parsed_once_as_a_unit(parses):
    npb = ["corpus/npb/cg/cg.c", "corpus/npb/cg/matrix.c", "corpus/npb/common/c_timers.c",
           "corpus/npb/common/print_results.c", "corpus/npb/common/randdp.c"]
    tu = Frontend([os.path.join(ROOT, f) for f in npb],
                  [f"-I{os.path.join(ROOT, d)}" for d in ("corpus/npb/cg", "corpus/npb/common")] + ["-DCLASS=S"]).parse()
    assert parses["program"] == 1  # no function-like macro to expand either
    assert parses["matrix.c"] == parses["randdp.c"] == 0  # no file read alone
    assert {"main", "conj_grad", "timer_start", "randlc"} <= {f.name for f in tu.functions}


def test_colliding_statics_are_found_file_by_file_and_renamed(parses):
    files = _files("tests/c/file_statics")
    tu = Frontend(files, [f"-I{os.path.join(ROOT, 'tests/c/file_statics')}"]).parse()
    # the unit first; it has statics another file names too: each file alone, then the renamed unit (and its
    # macros' expansion: BUMP())
    assert [parses[os.path.basename(f)] for f in files[1:]] == [1] * (len(files) - 1)
    assert parses["program"] >= 1 + len(files) + 1
    names = [f.name for f in tu.functions]
    assert len(names) == len(set(names)) and any(n.startswith("helper_") for n in names), names


def test_declaring_header_reads_each_header_once(parses, monkeypatch):
    monkeypatch.setattr(clang_setup, "_declaring_headers", {})
    monkeypatch.setattr(clang_setup, "_header_declarations", {})
    assert clang_setup.declaring_header("printf") == "stdio.h"
    assert clang_setup.declaring_header("time") == "time.h"
    assert clang_setup.declaring_header("optarg", (clang_setup.K.VAR_DECL,)) == "unistd.h"
    assert clang_setup.declaring_header("printf", (clang_setup.K.VAR_DECL,)) is None  # a function, no variable
    assert clang_setup.declaring_header("no_such_function_anywhere") is None
    first = parses["probe"]
    assert first == len(clang_setup._STANDARD_HEADERS)  # the unknown name asked every header, each once
    for name in ("strlen", "sqrt", "getopt", "malloc"):
        assert clang_setup.declaring_header(name) is not None
    assert parses["probe"] == first  # known headers: no parse more
