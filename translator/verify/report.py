"""cmpi-verify's outputs: JUnit XML (one testcase per case x ranks x transport), report.html (cmpi-port's
style, with a side-by-side view of the first differences), report.json and the one-line summary."""
from __future__ import annotations

import difflib
import html
import json
import os
import platform
import xml.etree.ElementTree as ET
from typing import List

from ..port.report import _CSS, write_atomic
from .compare import first_window
from .verify import Result

_MORE_CSS = """
.passed{color:#176d2c;font-weight:600} .rejected{color:#b00020;font-weight:600} .error{color:#9a6700;font-weight:600}
table.diff{font:12px/1.3 ui-monospace,monospace;margin:6px 0 14px} table.diff td{border:none;padding:0 6px;white-space:pre}
.diff_add{background:#e6ffec} .diff_chg{background:#fff5b1} .diff_sub{background:#ffebe9}
.diff_next{display:none} .diff_header{color:#888} pre.states{background:#fff4f4;padding:6px 8px}
"""


def counts(results: List[Result]) -> dict:
    return {"runs": len(results), "passed": sum(r.passed for r in results),
            "failed": sum(not r.passed for r in results),
            "errors": sum(r.status == "error" for r in results),
            "rejected": sum(r.status == "rejected" for r in results)}


def summary_line(results: List[Result]) -> str:
    c = counts(results)
    extra = [f"{c['errors']} could not run" if c["errors"] else "", f"{c['rejected']} rejected" if c["rejected"] else ""]
    extra = ", ".join(x for x in extra if x)
    return f"{c['passed']} passed, {c['failed']} failed" + (f" ({extra})" if extra else "")


def _failure_text(r: Result, limit: int = 80) -> str:
    parts = []
    if r.rank_states:
        parts.append("rank states (cmpi-run):\n" + r.rank_states)
    for d in r.differences:
        if d.what == "hang":
            continue
        parts.append(d.summary + ("\n" + d.diff if d.diff and d.diff != d.summary else ""))
    if not parts:
        parts.append(r.message)
    lines = "\n\n".join(parts).splitlines()
    return "\n".join(lines[:limit] + ([f"... ({len(lines) - limit} more lines)"] if len(lines) > limit else []))


def junit(results: List[Result], elapsed: float) -> str:
    c = counts(results)
    suites = ET.Element("testsuites", name="cmpi-verify", tests=str(c["runs"]),
                        failures=str(c["failed"] - c["errors"]), errors=str(c["errors"]), time=f"{elapsed:.3f}")
    by_case = {}
    for r in results:
        by_case.setdefault(r.case, []).append(r)
    for case, rs in by_case.items():
        s = ET.SubElement(suites, "testsuite", name=case, tests=str(len(rs)),
                          failures=str(sum(r.status in ("failed", "rejected") for r in rs)),
                          errors=str(sum(r.status == "error" for r in rs)),
                          time=f"{sum(r.seconds + r.native_seconds for r in rs):.3f}",
                          hostname=platform.node() or "localhost")
        for r in rs:
            tc = ET.SubElement(s, "testcase", classname=f"cmpi-verify.{case}", name=f"np{r.ranks}-{r.transport}",
                               time=f"{r.seconds:.3f}")
            if r.status == "error":
                e = ET.SubElement(tc, "error", message=r.message.splitlines()[0][:500] if r.message else "error",
                                  type="error")
                e.text = r.message
            elif not r.passed:
                f = ET.SubElement(tc, "failure", message=(r.message.splitlines() or [""])[0][:500], type=r.status)
                f.text = _failure_text(r)
    ET.indent(suites)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(suites, encoding="unicode") + "\n"


def render_html(results: List[Result], title: str, elapsed: float) -> str:
    e = html.escape
    c = counts(results)
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           "<title>cmpi-verify report</title>", f"<style>{_CSS}{_MORE_CSS}</style></head><body>",
           "<h1>cmpi-verify report</h1>", f"<p>Cases: <code>{e(title)}</code></p>",
           '<p class="summary" id="summary">'
           f'<span id="count-runs">{c["runs"]} run{"s" if c["runs"] != 1 else ""}</span><span id="count-passed">{c["passed"]} passed</span>'
           f'<span id="count-failed">{c["failed"]} failed</span>'
           f'<span id="count-errors">{c["errors"]} could not run</span>'
           f'<span id="count-rejected">{c["rejected"]} rejected</span></p>',
           '<h2>Runs</h2><table id="runs"><tr><th>case</th><th>ranks</th><th>transport</th><th>result</th>'
           "<th>native (s)</th><th>port (s)</th><th>first difference</th></tr>"]
    for r in results:
        cell = f'<a href="#{e(r.id)}">{e(r.message[:160])}</a>' if not r.passed else ""
        out.append(f'<tr data-run="{e(r.id)}"><td>{e(r.case)}</td><td class="num">{r.ranks}</td>'
                   f'<td>{e(r.transport)}</td><td class="{e(r.status)}">{e(r.status)}</td>'
                   f'<td class="num">{r.native_seconds:.2f}</td><td class="num">{r.seconds:.2f}</td><td>{cell}</td></tr>')
    out.append("</table>")
    bad = [r for r in results if not r.passed]
    out.append("<h2>Differences</h2>")
    if not bad:
        out.append("<p>None: every port printed and wrote what its native program did.</p>")
    for r in bad:
        out.append(f'<section class="run" id="{e(r.id)}"><h3>{e(r.case)}, {r.ranks} ranks, {e(r.transport)}: '
                   f'<span class="{e(r.status)}">{e(r.status)}</span></h3>')
        if not any(d.summary == r.message for d in r.differences):
            out.append(f"<p><code>{e(r.message)}</code></p>")
        if r.rank_states:
            out.append(f'<p>Rank states when the job was stopped:</p><pre class="states">{e(r.rank_states)}</pre>')
        for d in r.differences[:4]:
            if d.what == "hang":
                continue
            out.append(f"<details open><summary>{e(d.summary)}</summary>")
            if d.expected or d.actual:
                exp, act = first_window(d.expected, d.actual)
                table = difflib.HtmlDiff(wrapcolumn=100).make_table(exp, act, "native (mpirun)", "port",
                                                                     context=True, numlines=3)
                out.append(table.replace('class="diff"', 'class="diff side-by-side"', 1))
            out.append("</details>")
        out.append("</section>")
    out.append(f"<p>cmpi-verify, {elapsed:.1f} s.</p></body></html>")
    return "\n".join(out) + "\n"


def to_json(results: List[Result], elapsed: float) -> dict:
    return {"schema": "cmpi-verify-report/1", "summary": counts(results), "elapsed_seconds": round(elapsed, 3),
            "runs": [{"case": r.case, "ranks": r.ranks, "transport": r.transport, "status": r.status,
                      "seconds": round(r.seconds, 3), "native_seconds": round(r.native_seconds, 3),
                      "message": r.message, "rank_states": r.rank_states,
                      "differences": [{"what": d.what, "summary": d.summary, "diff": d.diff}
                                      for d in r.differences]} for r in results]}


def write_all(out: str, results: List[Result], title: str, elapsed: float, junit_path=None, html_path=None) -> None:
    os.makedirs(out, exist_ok=True)
    write_atomic(junit_path or os.path.join(out, "junit.xml"), junit(results, elapsed))
    write_atomic(html_path or os.path.join(out, "report.html"), render_html(results, title, elapsed))
    write_atomic(os.path.join(out, "report.json"), json.dumps(to_json(results, elapsed), indent=2) + "\n")
