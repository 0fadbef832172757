"""tests/verify/corpus.toml, the corpus as cmpi-verify cases: it names every golden program at 1, 2 and 4 ranks
(where the program runs at that count) on inproc and tcp, NPB at classes S and W, and a small subset of it runs here (the whole file is
`make verify`)."""
from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from tests.support import ROOT
from translator.verify import cases

CORPUS = os.path.join(ROOT, "tests", "verify", "corpus.toml")


def test_the_corpus_file_covers_the_golden_programs():
    loaded = {c.name: c for c in cases.load(CORPUS)}
    golden = sorted(n for n in os.listdir(os.path.join(ROOT, "tests", "golden"))
                    if os.path.exists(os.path.join(ROOT, "tests", "golden", n, "case.toml")))
    assert sorted(loaded) == sorted(golden + [f"npb-{k}-W" for k in ("cg", "ep", "ft", "is", "mg")])
    for c in loaded.values():
        assert c.transports == ["inproc", "tcp"]
        assert set(c.ranks) <= {1, 2, 4} and 4 in c.ranks, c.name
    assert {n for n, c in loaded.items() if n.startswith("npb-")} == \
        {f"npb-{k}-{cls}" for k in ("cg", "ep", "ft", "is", "mg") for cls in "SW"}


@pytest.mark.skipif(not os.path.exists(os.path.join(ROOT, ".venv", "bin", "cmpi-run")), reason="make setup first")
def test_a_subset_of_the_corpus_verifies(tmp_path):
    # pi (a timing mask), nbody (arguments, a written file), NPB IS (several files, NPB's masks) at 2 ranks
    cmd = [sys.executable, "-m", "translator.verify.cli", CORPUS, "-o", str(tmp_path / "out"),
           "--case", "pi", "--case", "nbody", "--case", "npb-is-S", "--ranks", "2"]
    r = subprocess.run(cmd, capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=ROOT), timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout == "6 passed, 0 failed\n"
    names = [(tc.get("classname"), tc.get("name")) for tc in ET.parse(tmp_path / "out" / "junit.xml").iter("testcase")]
    assert names == [(f"cmpi-verify.{c}", f"np2-{t}") for c in ("nbody", "npb-is-S", "pi") for t in ("inproc", "tcp")]
