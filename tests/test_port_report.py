"""cmpi-port's reports: report.json against its documented schema, report.sarif's SARIF 2.1.0 fields, and
report.html as a real browser (headless chromium) renders it."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess

import pytest

from tests.port_support import ROOT, port, report

BAD = os.path.join(ROOT, "tests", "bad")


@pytest.fixture(scope="module")
def ported(tmp_path_factory):
    root = str(tmp_path_factory.mktemp("report"))
    for src in (os.path.join(BAD, "asm.c"), os.path.join(BAD, "several", "three_errors.c"),
                os.path.join(BAD, "unmapped.c"), os.path.join(ROOT, "corpus", "examples", "pi.c")):
        shutil.copy(src, root)
    r = port(["-o", "out", "asm.c", "three_errors.c", "unmapped.c", "pi.c"], cwd=root)
    assert r.returncode == 1, r.stderr
    return os.path.join(root, "out")


def test_report_json_matches_its_schema(ported):
    jsonschema = pytest.importorskip("jsonschema")
    with open(os.path.join(ROOT, "docs", "port-report.schema.json")) as f:
        schema = json.load(f)
    rep = report(ported)
    jsonschema.validate(rep, schema)
    s = rep["summary"]
    assert (s["programs"], s["ported"], s["failed"], s["errors"]) == (4, 1, 3, 5)
    cats = [c["name"] for c in rep["categories"]]
    assert set(cats) == {"pointer-to-integer", "inline-asm", "integer-to-pointer", "unsupported-mpi"}
    blocked = [c["blocked"] for c in rep["categories"]]
    assert blocked == sorted(blocked, reverse=True)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(dict(rep, schema="other"), schema)


def test_sarif_has_the_required_fields(ported):
    with open(os.path.join(ported, "report.sarif")) as f:
        sarif = json.load(f)
    assert sarif["version"] == "2.1.0"
    run = sarif["runs"][0]
    driver = run["tool"]["driver"]
    assert driver["name"] == "cmpi-port"
    rule_ids = {r["id"] for r in driver["rules"]}
    assert rule_ids == {"pointer-to-integer", "inline-asm", "integer-to-pointer", "unsupported-mpi"}
    assert len(run["results"]) == 5
    for res in run["results"]:
        assert res["ruleId"] in rule_ids and res["level"] == "error" and res["message"]["text"]
        loc = res["locations"][0]["physicalLocation"]
        assert loc["artifactLocation"]["uri"].startswith("file:///")
        assert loc["region"]["startLine"] >= 1 and loc["region"]["startColumn"] >= 1
    asm = [r for r in run["results"] if r["ruleId"] == "inline-asm"][0]
    region = asm["locations"][0]["physicalLocation"]["region"]
    assert (region["startLine"], region["startColumn"]) == (4, 5)
    assert asm["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].endswith("/asm.c")


def _chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name)
    return None


@pytest.mark.skipif(_chromium() is None, reason="needs chromium (make setup installs Debian's)")
def test_html_report_in_a_headless_browser(ported, tmp_path):
    browser = [_chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
               f"--user-data-dir={tmp_path / 'profile'}"]
    url = "file://" + os.path.join(ported, "report.html")
    dom = subprocess.run(browser + ["--dump-dom", url], capture_output=True, text=True, timeout=120)
    assert dom.returncode == 0, dom.stderr[-2000:]
    html = dom.stdout
    for ident, text in (("count-programs", "4 programs"), ("count-ported", "1 ported"), ("count-failed", "3 failed"),
                        ("count-errors", "5 errors"), ("count-warnings", "0 warnings")):
        assert re.search(rf'id="{ident}">{text}<', html), ident
    # the categories, most blocking first, each with its count; the caret under the construct
    assert re.search(r'id="cat-inline-asm"[^>]*data-errors="2"', html)  # asm.c and three_errors.c
    assert re.search(r'id="cat-pointer-to-integer"[^>]*data-errors="1"', html)
    assert html.index('id="cat-inline-asm"') < html.index('id="cat-pointer-to-integer"')  # blocks 2 programs, not 1
    assert '__asm__("nop");\n    <span class="caret">^</span>' in html
    assert re.search(r'<tr data-program="pi"><td>pi</td><td class="ported">ported</td><td class="num">47</td>', html)
    shot = tmp_path / "report.png"
    r = subprocess.run(browser + [f"--screenshot={shot}", "--window-size=1200,900", url], capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20000  # a rendered page, not a blank one
