"""bench/first_run.py (issue 28 "First run"): each timed run gets a source no compile cache has seen, and its cases
are real programs that translate."""
from __future__ import annotations

import os
import sys

from tests.support import ROOT

sys.path.insert(0, os.path.join(ROOT, "bench"))
import first_run  # noqa: E402  (bench/ on sys.path first)


def test_each_fresh_copy_is_a_new_source_with_the_program_unchanged(tmp_path):
    cs = tmp_path / "App.cs"
    cs.write_text("class App { static void Main() {} }\n")
    a, b = first_run.fresh_copy(str(cs), str(tmp_path)), first_run.fresh_copy(str(cs), str(tmp_path))
    text_a, text_b = open(a).read(), open(b).read()
    assert a != b and text_a != text_b  # a different file and a different text: a cache miss each time
    assert text_a.splitlines()[0].startswith("//") and text_a.endswith(cs.read_text())


def test_the_cases_are_programs_of_the_corpus_or_generated():
    for case in first_run.CASES:
        assert case.sources or case.generate, case.label
        for src in case.sources:
            assert os.path.isfile(src), src
        assert case.ranks in (1, 2, 4)


def test_phases_are_read_relative_to_the_start_and_the_servers_are_named(tmp_path):
    # CMPI_TRACE_PHASES lines: wall clock in microseconds, pid, process CPU ms, JIT-compiled methods, phase
    trace = tmp_path / "phases.txt"
    trace.write_text("1000250000 11 17 0 main\n"
                     "1000900000 11 810 900 compiled\n"
                     "1001000000 12 19 0 main\n"
                     "1001200000 12 52 13 server listening\n"
                     "garbage line\n")
    phases = first_run.read_phases(str(trace), 1000.0)
    assert phases == [("main", 250.0, 17.0, 0), ("compiled", 900.0, 810.0, 900), ("server: main", 1000.0, 19.0, 0),
                      ("server listening", 1200.0, 52.0, 13)]
    assert first_run.read_phases(str(tmp_path / "absent.txt"), 0.0) == []
