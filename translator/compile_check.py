"""The translator's own compile check: exit 0 means the C# compiles without a warning.

A translation that succeeds is compiled by the runtime's checker (`cmpi-run --check`, Roslyn against CloudMpi) before
the file is written. Where the C# does not compile (a construct the translator converts wrongly: a cmpi defect),
the user gets a located diagnostic at the C declaration whose translation holds the C# error, and exit 1, not a C#
file that fails later in cmpi-run. The check leaves the compiled assembly in cmpi-run's cache (keyed by the source's
SHA-256 and full path: the check compiles its temporary copy as the output's path, `cmpi-run --check-as`), so the
first `cmpi-run` of the written file does not compile it again.

The check is skipped (the file written unchecked) when cmpi-run is not installed beside the translator or cannot run
(no .NET), with `--no-check` or CMPI_TRANSLATE_CHECK=0; a batch of many translations (translation_diff, the bench)
passes --no-check and compiles in one process where it needs to.
"""
from __future__ import annotations

import os
import re
import sys
from typing import Callable, List, Optional, Sequence, Tuple

from .diagnostics import Diagnostic

# `Out.cs:134:39: error: Argument 1: cannot convert from 'string' to 'sbyte[]?' [CS1503]`
_CHECKER_LINE = re.compile(r"^(?P<file>.*?):(?P<line>\d+):(?P<col>\d+): (?P<severity>error|warning): (?P<message>.*)$")
_MARK = "// cmpi-compile-check member "
CHECK_SECONDS = 600  # a bound far above any compile (a 100k-statement port compiles in about a minute)


def enabled(requested: bool) -> bool:
    return requested and os.environ.get("CMPI_TRANSLATE_CHECK", "1") not in ("0", "off", "no")


def checker() -> Optional[List[str]]:
    """The command of the runtime's checker: the cmpi-run beside this Python's cmpi-translate, or on PATH."""
    import shutil  # (here and in problems: a translation without the check does not import them, issue 28)
    beside = os.path.join(os.path.dirname(sys.executable), "cmpi-run")
    found = beside if os.access(beside, os.X_OK) else shutil.which("cmpi-run")
    return [found] if found else None


def problems(text: str, output: str) -> Optional[List[Tuple[int, int, str, str]]]:
    """The checker's (line, column, severity, message) for `text` as the C# file `output`; [] when it compiles
    cleanly; None when no checker could run (not installed, no .NET, killed, beyond the bound)."""
    import subprocess
    import tempfile
    command = checker()
    if command is None:
        return None
    with tempfile.TemporaryDirectory(prefix="cmpi-check-") as work:
        path = os.path.join(work, os.path.basename(output) or "Out.cs")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        try:
            # compiled as the file it will be: the cache entry is then the written file's, and its first cmpi-run
            # loads the image instead of compiling it again
            p = subprocess.run(command + ["--check", "--check-as", os.path.abspath(output), path],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, errors="replace", timeout=CHECK_SECONDS)
        except (OSError, subprocess.TimeoutExpired):
            return None
    if p.returncode == 0:
        return []
    found = []
    for line in p.stdout.splitlines():
        m = _CHECKER_LINE.match(line)
        if m and os.path.basename(m.group("file")) == os.path.basename(path):
            found.append((int(m.group("line")), int(m.group("col")), m.group("severity"), m.group("message")))
    return found or None  # a failure that names no place of the file: the checker itself could not run


def member_lines(render: Callable[[dict], str], converted: dict, text: str) -> Optional[List[Optional[object]]]:
    """For each line of `text` (1-based, index 0 unused), the C location of the member (function, global, type)
    whose translation it is, or None outside every member: `text` rendered again with a marker line before each
    member, the markers then counted out."""
    members = converted["members"]
    marked = dict(converted, members=[dict(m, lines=[f"{_MARK}{i}"] + list(m["lines"])) for i, m in enumerate(members)])
    lines = render(marked).split("\n")
    owner: List[Optional[object]] = [None]
    kept = []
    current = None
    for line in lines:
        stripped = line.strip()
        if stripped.startswith(_MARK):
            current = members[int(stripped[len(_MARK):])].get("loc")
            continue
        kept.append(line)
        owner.append(current)
    if "\n".join(kept) != text.rstrip("\n") and "\n".join(kept) != text:
        return None  # the marked rendering differs otherwise: no mapping rather than a wrong one
    return owner


def diagnostics(found: Sequence[Tuple[int, int, str, str]], owners: Optional[list], output: str) -> List[Diagnostic]:
    """One located error per C declaration whose translation does not compile (its first C# problem named)."""
    out, seen = [], set()
    name = os.path.basename(output)
    for line, col, severity, message in found:
        loc = owners[line] if owners is not None and 0 < line < len(owners) else None
        key = loc if loc is not None else (line, col)
        if key in seen:
            continue
        seen.add(key)
        what = "its translation" if loc is not None else "the translation"
        out.append(Diagnostic(loc, "error", f"{what} does not compile: {name}:{line}:{col}: {severity}: {message} "
                              "(a cmpi defect: please report it; --no-check writes the C# unchecked)", "csharp-check"))
    return out
