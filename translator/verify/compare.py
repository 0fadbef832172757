"""Rank-by-rank output, masks and float tolerance: how a port's output is compared with mpirun's.

Ranks print concurrently under mpirun as under cmpi-run, so only each rank's own order is deterministic:
both sides run with --tag-output and are compared as `rank| line`, grouped by rank in rank order.
"""
from __future__ import annotations

import difflib
import math
import re
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

# Open MPI refuses root without these, and needs oversubscription past the core count.
NATIVE_ENV = {
    "OMPI_ALLOW_RUN_AS_ROOT": "1",
    "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
    "OMPI_MCA_rmaps_base_oversubscribe": "1",
    "OMPI_MCA_btl_vader_single_copy_mechanism": "none",
    # a hybrid MPI+OpenMP program's port runs each rank on one thread (translator/include/omp.h)
    "OMP_NUM_THREADS": "1",
}
# mpirun --tag-output and cmpi-run --tag-output: [jobid,rank]<stdout|stderr>:text
_TAG = re.compile(r"^\[\d+,(\d+)\]<(stdout|stderr)>:(.*)$")
MASKED = "<masked>"


def rank_lines(tagged: str, stream: str = "stdout") -> Dict[int, List[str]]:
    """Tagged output -> {rank: its lines of `stream`, in order}; untagged lines (the launcher's) under rank -1."""
    lines: Dict[int, List[str]] = {}
    for line in tagged.splitlines():
        m = _TAG.match(line)
        if m is None:
            lines.setdefault(-1, []).append(line)
        elif m.group(2) == stream:
            lines.setdefault(int(m.group(1)), []).append(m.group(3))
    return lines


def by_rank(tagged_stdout: str) -> str:
    """mpirun --tag-output text -> each rank's stdout lines, grouped by rank in rank order (`rank| line`).

    Ranks print concurrently, so the interleaving differs from run to run under
    mpirun as under cmpi-run; what a rank prints, in its order, does not.
    """
    return join_ranks(rank_lines(tagged_stdout, "stdout"))


def join_ranks(lines: Dict[int, List[str]]) -> str:
    out = []
    for rank in sorted(lines):
        out += [f"{rank}| {text}" for text in lines[rank]]
    return "\n".join(out) + ("\n" if out else "")


def split_ranks(text: str) -> Dict[int, List[str]]:
    """The inverse of join_ranks (a recorded `rank| line` file)."""
    lines: Dict[int, List[str]] = {}
    for line in text.splitlines():
        head, sep, rest = line.partition("| ")
        if sep and head.lstrip("-").isdigit():
            lines.setdefault(int(head), []).append(rest)
        else:
            lines.setdefault(-1, []).append(line)
    return lines


def mask(text: str, filters: List[str]) -> str:
    """Every match of each regex (multi-line mode) replaced by <masked>."""
    for pattern in filters:
        text = re.sub(pattern, lambda m: MASKED, text, flags=re.M)
    return text


def mask_lines(lines: Sequence[str], masks: Sequence["re.Pattern"]) -> List[str]:
    """Each line's own text masked (a mask's ^ is the start of what the rank printed, not of `rank| `)."""
    out = []
    for line in lines:
        for m in masks:
            line = m.sub(MASKED, line)
        out.append(line)
    return out


# ------------------------------------------------------------------ masks that hide too much

# Lines no timing mask has any business hiding whole: a mask that matches all of one of them matches anything.
_PROBES = ["x", "0", "hello world", "rank 3 of 4: sum = 42", "Verification    =               SUCCESSFUL",
           "The answer is 3.14159 (error 1.2e-07)", " ", "@@@ ### ;;;"]


class MaskError(ValueError):
    pass


def check_mask(pattern: str) -> "re.Pattern":
    """A compiled mask; MaskError for a bad regex or one that would hide any line whatever it says."""
    try:
        rx = re.compile(pattern)
    except re.error as e:
        raise MaskError(f"mask {pattern!r} is not a regular expression: {e}")
    hidden = [p for p in _PROBES if _hides_all(rx, p)]
    if len(hidden) >= 2:
        raise MaskError(f"mask {pattern!r} hides too much: it masks the whole of any line "
                        f"(e.g. {hidden[-1]!r}); mask only the field that legitimately differs, e.g. "
                        r"'(?<=time = )\S+'")
    return rx


def _hides_all(rx: "re.Pattern", line: str) -> bool:
    masked = rx.sub("\0", line)
    return masked.replace("\0", "").strip() == "" and "\0" in masked


def check_hides_everything(masks: Sequence["re.Pattern"], lines: Dict[int, List[str]]) -> Optional[str]:
    """A message when the masks leave nothing of a non-empty output to compare, else None."""
    all_lines = [line for r, ls in lines.items() if r >= 0 for line in ls if line.strip()]
    if not all_lines or not masks:
        return None
    kept = [line for line in mask_lines(all_lines, masks) if line.replace(MASKED, "").strip()]
    if not kept:
        return (f"the masks hide every line of the native output ({len(all_lines)} lines): nothing would be "
                "compared; mask only the fields that legitimately differ (timings)")
    return None


# ------------------------------------------------------------------ float tolerance

_NUM = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|[-+]?(?:nan|inf)\b", re.I)


@dataclass(frozen=True)
class Tolerance:
    rel: float = 0.0
    abs: float = 0.0

    def __bool__(self) -> bool:
        return self.rel > 0 or self.abs > 0

    def numbers_close(self, a: str, b: str) -> bool:
        if a == b:
            return True
        try:
            x, y = float(a), float(b)
        except ValueError:
            return False
        if math.isnan(x) or math.isnan(y):
            return False
        if math.isinf(x) or math.isinf(y):
            return x == y
        d = abs(x - y)
        return d <= self.abs or d <= self.rel * max(abs(x), abs(y))

    def lines_equal(self, a: str, b: str) -> bool:
        """Equal, or equal but for numbers each within the tolerance (absolute or relative)."""
        if a == b:
            return True
        if not self:
            return False
        sa, sb = _NUM.split(a), _NUM.split(b)
        if sa != sb:
            return False
        return all(self.numbers_close(x, y) for x, y in zip(_NUM.findall(a), _NUM.findall(b)))


# ------------------------------------------------------------------ differences

@dataclass
class Difference:
    what: str                    # "exit status", "stdout", "stderr", "file positions.txt"
    summary: str                 # one line: the first difference
    expected: List[str]          # the expected side's lines (masked), for the side-by-side view
    actual: List[str]
    diff: str                    # unified diff (first differences)


def compare_ranked(what: str, expected: Dict[int, List[str]], actual: Dict[int, List[str]],
                   masks: Sequence["re.Pattern"], tol: Tolerance, a_name: str, b_name: str) -> Optional[Difference]:
    """Each rank's lines (masked) compared in order; None when every rank printed the same."""
    exp = {r: mask_lines(ls, masks) for r, ls in expected.items() if r >= 0}
    act = {r: mask_lines(ls, masks) for r, ls in actual.items() if r >= 0}
    first = None
    for r in sorted(set(exp) | set(act)):
        e, a = exp.get(r, []), act.get(r, [])
        for i in range(max(len(e), len(a))):
            le = e[i] if i < len(e) else None
            la = a[i] if i < len(a) else None
            if le is not None and la is not None and tol.lines_equal(le, la):
                if le != la:
                    a[i] = le       # equal within the tolerance: shown as equal in the diff
                continue
            first = (r, i, le, la)
            break
        if first:
            break
    if first is None:
        return None
    r, i, le, la = first
    if le is None:
        summary = f"{what}: rank {r} printed more lines than {a_name}: line {i + 1}: {la!r}"
    elif la is None:
        summary = f"{what}: rank {r} stopped after {i} lines; {a_name} printed {le!r}"
    else:
        summary = f"{what}: rank {r} line {i + 1}: expected {le!r}, got {la!r}"
    e_lines = join_ranks(exp).splitlines()
    a_lines = join_ranks(act).splitlines()
    return Difference(what, summary, e_lines, a_lines, unified(e_lines, a_lines, a_name, b_name))


def compare_text(what: str, expected: str, actual: str, tol: Tolerance, a_name: str,
                 b_name: str) -> Optional[Difference]:
    """A file's text, line by line with the tolerance."""
    if expected == actual:
        return None
    e, a = expected.splitlines(), actual.splitlines()
    for i in range(max(len(e), len(a))):
        le = e[i] if i < len(e) else None
        la = a[i] if i < len(a) else None
        if le is not None and la is not None and tol.lines_equal(le, la):
            a[i] = le
            continue
        summary = (f"{what}: line {i + 1}: expected {le!r}, got {la!r}" if le is not None and la is not None
                   else f"{what}: {'extra' if le is None else 'missing'} line {i + 1}: {(la if le is None else le)!r}")
        return Difference(what, summary, e, a, unified(e, a, a_name, b_name))
    if expected.endswith("\n") != actual.endswith("\n"):
        return Difference(what, f"{what}: the final newline differs", e, a, "")
    return None


def compare_bytes(what: str, expected: bytes, actual: bytes) -> Optional[Difference]:
    if expected == actual:
        return None
    n = next((i for i in range(min(len(expected), len(actual))) if expected[i] != actual[i]),
             min(len(expected), len(actual)))
    summary = (f"{what}: {len(expected)} bytes expected, {len(actual)} written; first difference at byte {n}")
    return Difference(what, summary, [expected[n:n + 32].hex()], [actual[n:n + 32].hex()], summary)


def unified(e: List[str], a: List[str], a_name: str, b_name: str, limit: int = 60) -> str:
    lines = list(difflib.unified_diff(e, a, a_name, b_name, n=2, lineterm=""))
    if len(lines) > limit:
        lines = lines[:limit] + [f"... ({len(lines) - limit} more diff lines)"]
    return "\n".join(lines)


def first_window(e: List[str], a: List[str], after: int = 200) -> Tuple[List[str], List[str]]:
    """The lines up to a little past the first difference (for the side-by-side view of a long output); they
    start at the first line, so the view's line numbers are the output's."""
    n = next((i for i in range(min(len(e), len(a))) if e[i] != a[i]), min(len(e), len(a)))
    return e[:n + after], a[:n + after]
