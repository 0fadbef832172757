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
