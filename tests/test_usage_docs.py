"""The usage lines the docs show come from the tools: each `<!-- usage: TOOL -->` marker in docs/*.md is followed by a
```text block that must equal the `usage:` paragraph of `TOOL --help` (up to its first blank line). When a tool gains
an option (cmpi-run --azure-accounts, say), this fails until `pytest tests/test_usage_docs.py --update-golden` rewrites
the block from the tool's own output.
"""
from __future__ import annotations

import glob
import os
import re

import pytest

from tests.support import ROOT, run

DOCS = sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
MARKER = re.compile(r"<!-- usage: (?P<tool>[\w-]+) -->\n```text\n(?P<block>.*?)```\n", re.S)
# argparse wraps its usage to the terminal's width: one width, whatever terminal runs the test
ENV = {"COLUMNS": "120"}


def usage_paragraph(tool: str) -> str:
    r = run([os.path.join(ROOT, ".venv", "bin", tool), "--help"], env=ENV, timeout=120)
    assert r.returncode == 0, r.stderr
    text = r.stdout + r.stderr
    start = text.find("usage:")
    assert start >= 0, f"{tool} --help prints no 'usage:'"
    paragraph = text[start:].split("\n\n", 1)[0]
    return "\n".join(line.rstrip() for line in paragraph.splitlines()) + "\n"


def markers():
    return [(os.path.relpath(path, ROOT), m.group("tool")) for path in DOCS
            for m in MARKER.finditer(open(path).read())]


def test_the_contract_shows_cmpi_runs_usage():
    assert ("docs/runtime-contract.md", "cmpi-run") in markers()


@pytest.mark.parametrize("doc,tool", markers())
def test_doc_usage_is_the_tools(doc, tool, update_golden):
    path = os.path.join(ROOT, doc)
    text = open(path).read()
    actual = usage_paragraph(tool)
    stale = [m for m in MARKER.finditer(text) if m.group("tool") == tool and m.group("block") != actual]
    if not stale:
        return
    if update_golden:
        text = MARKER.sub(lambda m: m.group(0) if m.group("tool") != tool else
                          f"<!-- usage: {tool} -->\n```text\n{actual}```\n", text)
        with open(path, "w") as f:
            f.write(text)
        pytest.fail(f"rewrote the usage of {tool} in {doc} (--update-golden); review and commit it")
    pytest.fail(f"{doc}: the usage of {tool} differs from `{tool} --help`; run pytest {__file__} --update-golden\n"
                f"doc:\n{stale[0].group('block')}\ntool:\n{actual}")
