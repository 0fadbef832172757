"""report.json (docs/port.md has its schema), report.sarif (SARIF 2.1.0) and report.html (one page)."""
from __future__ import annotations

import html
import json
import os
from typing import List

SCHEMA_ID = "cmpi-port-report/1"


def categories(programs: List[dict]) -> List[dict]:
    """The -W categories with their counts; those that block the most programs first."""
    cats = {}
    for p in programs:
        for d in p["diagnostics"]:
            c = cats.setdefault(d["category"], {"name": d["category"], "errors": 0, "warnings": 0, "notes": 0,
                                                "programs_blocked": [], "programs": []})
            c[{"error": "errors", "warning": "warnings"}.get(d["severity"], "notes")] += 1
            if p["name"] not in c["programs"]:
                c["programs"].append(p["name"])
            if d["severity"] == "error" and p["status"] != "ported" and p["name"] not in c["programs_blocked"]:
                c["programs_blocked"].append(p["name"])
    out = sorted(cats.values(), key=lambda c: (-len(c["programs_blocked"]), -c["errors"], -c["warnings"], c["name"]))
    for c in out:
        c["blocked"] = len(c["programs_blocked"])
    return out


def summary(programs: List[dict]) -> dict:
    return {
        "programs": len(programs),
        "ported": sum(p["status"] == "ported" for p in programs),
        "failed": sum(p["status"] == "failed" for p in programs),
        "internal_errors": sum(p["status"] == "internal-error" for p in programs),
        "unchanged": sum(bool(p["cached"]) for p in programs),
        "c_lines": sum(p["c_lines"] for p in programs),
        "cs_lines": sum(p["cs_lines"] for p in programs),
        "errors": sum(d["severity"] == "error" for p in programs for d in p["diagnostics"]),
        "warnings": sum(d["severity"] == "warning" for p in programs for d in p["diagnostics"]),
    }


def sarif(report: dict) -> dict:
    cats = report["categories"]
    rules = [{"id": c["name"], "name": c["name"],
              "shortDescription": {"text": f"cmpi-translate -W{c['name']}"},
              "helpUri": "https://github.com/cmpi/cmpi/blob/main/README.md#not-yet-each-gives-a-named-diagnostic-with-its-location"}
             for c in cats]
    index = {c["name"]: i for i, c in enumerate(cats)}
    results = []
    for p in report["programs"]:
        for d in p["diagnostics"]:
            r = {"ruleId": d["category"], "ruleIndex": index[d["category"]],
                 "level": {"error": "error", "warning": "warning"}.get(d["severity"], "note"),
                 "message": {"text": d["message"]},
                 "properties": {"program": p["name"]}}
            if d.get("file"):
                region = {"startLine": max(1, d["line"])}
                if d["column"] > 0:
                    region["startColumn"] = d["column"]
                if d.get("source_line") is not None:
                    region["snippet"] = {"text": d["source_line"]}
                r["locations"] = [{"physicalLocation": {"artifactLocation": {"uri": _uri(d["file"])},
                                                        "region": region}}]
            results.append(r)
    return {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "cmpi-port", "informationUri": "https://github.com/cmpi/cmpi",
                                "version": report["tool"]["version"], "rules": rules}},
            "results": results,
        }],
    }


def _uri(path: str) -> str:
    from urllib.parse import quote
    return "file://" + quote(os.path.abspath(path))


def _caret(d: dict) -> str:
    line = d.get("source_line")
    if line is None:
        return ""
    col = max(1, d["column"])
    # tabs stay tabs so the caret lines up under them
    pad = "".join(ch if ch == "\t" else " " for ch in line[:col - 1])
    return f'<pre class="src">{html.escape(line)}\n{html.escape(pad)}<span class="caret">^</span></pre>'


_CSS = """
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222}
h1{font-size:22px} h2{font-size:18px;margin-top:28px}
table{border-collapse:collapse} td,th{border:1px solid #ccc;padding:3px 8px;text-align:left}
th{background:#f3f3f3} td.num{text-align:right}
.ported{color:#176d2c;font-weight:600} .failed,.internal-error{color:#b00020;font-weight:600}
.summary span{display:inline-block;margin-right:18px;font-size:16px}
pre.src{background:#f7f7f7;padding:4px 8px;margin:2px 0 10px;overflow-x:auto}
.caret{color:#b00020;font-weight:700} .diag{margin:6px 0 0} .sev-error{color:#b00020} .sev-warning{color:#9a6700}
details{margin:4px 0}
"""


def render_html(report: dict) -> str:
    s = report["summary"]
    e = html.escape
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           "<title>cmpi-port report</title>", f"<style>{_CSS}</style></head><body>",
           "<h1>cmpi-port report</h1>"]
    if report.get("command"):
        out.append(f"<p>Build: <code>{e(' '.join(report['command']))}</code>"
                   + (f" (exit status {report['capture']['build_status']})" if report['capture'].get('build_status') is not None else "")
                   + "</p>")
    out.append('<p class="summary" id="summary">'
               f'<span id="count-programs">{s["programs"]} programs</span>'
               f'<span id="count-ported">{s["ported"]} ported</span>'
               f'<span id="count-failed">{s["failed"]} failed</span>'
               f'<span id="count-internal">{s["internal_errors"]} internal errors</span>'
               f'<span id="count-errors">{s["errors"]} errors</span>'
               f'<span id="count-warnings">{s["warnings"]} warnings</span>'
               f'<span>{s["c_lines"]} C lines → {s["cs_lines"]} C# lines</span></p>')
    out.append("<h2>Programs</h2><table id=\"programs\"><tr><th>program</th><th>status</th><th>C lines</th>"
               "<th>C# lines</th><th>translation (s)</th><th>errors</th><th>warnings</th><th>port</th></tr>")
    for p in report["programs"]:
        errs = sum(d["severity"] == "error" for d in p["diagnostics"])
        warns = sum(d["severity"] == "warning" for d in p["diagnostics"])
        port = e(p["project"]) if p.get("project") else "—"
        cached = " (unchanged)" if p["cached"] else ""
        out.append(f'<tr data-program="{e(p["name"])}"><td>{e(p["name"])}</td>'
                   f'<td class="{e(p["status"])}">{e(p["status"])}{cached}</td>'
                   f'<td class="num">{p["c_lines"]}</td><td class="num">{p["cs_lines"]}</td>'
                   f'<td class="num">{p["translation_seconds"]:.2f}</td><td class="num">{errs}</td>'
                   f'<td class="num">{warns}</td><td><code>{port}</code></td></tr>')
    out.append("</table>")
    out.append("<h2>Diagnostics by category</h2>")
    if not report["categories"]:
        out.append("<p>None.</p>")
    for c in report["categories"]:
        out.append(f'<section class="category" id="cat-{e(c["name"])}" data-errors="{c["errors"]}" '
                   f'data-warnings="{c["warnings"]}" data-blocked="{c["blocked"]}">')
        out.append(f'<h3>-W{e(c["name"])}: <span class="cat-count">{c["errors"] + c["warnings"] + c["notes"]}</span> '
                   f'({c["errors"]} errors, {c["warnings"]} warnings), blocks {c["blocked"]} '
                   f'program{"s" if c["blocked"] != 1 else ""}</h3>')
        for p in report["programs"]:
            ds = [d for d in p["diagnostics"] if d["category"] == c["name"]]
            if not ds:
                continue
            out.append(f'<details open><summary>{e(p["name"])} ({len(ds)})</summary>')
            for d in ds:
                where = f'{e(d["file"])}:{d["line"]}:{d["column"]}: ' if d.get("file") else ""
                out.append(f'<div class="diag"><code>{where}<span class="sev-{e(d["severity"])}">{e(d["severity"])}'
                           f'</span>: {e(d["message"])}</code></div>{_caret(d)}')
            out.append("</details>")
        out.append("</section>")
    notes = [(p["name"], n) for p in report["programs"] for n in p.get("notes", [])] + \
            [("", n) for n in report["capture"].get("notes", [])]
    if notes or report["capture"].get("skipped"):
        out.append("<h2>Notes</h2><ul>")
        for name, n in notes:
            out.append(f"<li>{e(name + ': ' if name else '')}{e(n)}</li>")
        if report["capture"].get("skipped"):
            out.append(f"<li>{len(report['capture']['skipped'])} link(s) whose executable the build removed "
                       "(configure tests) were not ported</li>")
        out.append("</ul>")
    out.append(f"<p>cmpi-port {e(report['tool']['version'])}, {report['elapsed_seconds']:.1f} s, "
               f"-j {report['jobs']}.</p></body></html>")
    return "\n".join(out) + "\n"


def write_atomic(path: str, text: str) -> None:
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


def write_all(out: str, report: dict) -> None:
    write_atomic(os.path.join(out, "report.json"), json.dumps(report, indent=2) + "\n")
    write_atomic(os.path.join(out, "report.sarif"), json.dumps(sarif(report), indent=2) + "\n")
    write_atomic(os.path.join(out, "report.html"), render_html(report))


def summary_text(report: dict) -> str:
    s = report["summary"]
    lines = [f"cmpi-port: {s['ported']}/{s['programs']} programs ported"
             + (f" ({s['unchanged']} unchanged)" if s["unchanged"] else "")
             + f", {s['failed']} failed" + (f", {s['internal_errors']} internal errors" if s["internal_errors"] else "")
             + f"; {s['c_lines']} C lines -> {s['cs_lines']} C# lines; {s['errors']} errors, {s['warnings']} warnings"]
    for p in report["programs"]:
        errs = sum(d["severity"] == "error" for d in p["diagnostics"])
        warns = sum(d["severity"] == "warning" for d in p["diagnostics"])
        lines.append(f"  {p['name']:<24} {p['status']:<15} {p['c_lines']:>7} C {p['cs_lines']:>7} C# "
                     f"{p['translation_seconds']:>6.2f} s  {errs} errors {warns} warnings")
    for c in report["categories"][:8]:
        lines.append(f"  -W{c['name']}: {c['errors']} errors, {c['warnings']} warnings, blocks {c['blocked']}")
    return "\n".join(lines)
