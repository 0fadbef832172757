"""One case at one rank count on one transport: the port's run compared with the native run."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Optional

from .cases import Case
from .compare import (Difference, check_hides_everything, compare_bytes, compare_ranked, compare_text,
                      rank_lines)
from .runner import Outcome


@dataclass
class Result:
    case: str
    ranks: int
    transport: str
    status: str                       # "passed", "failed", "error" (could not build or run), "rejected" (masks)
    seconds: float = 0.0
    message: str = ""                 # the first difference, or why it could not run
    differences: List[Difference] = field(default_factory=list)
    rank_states: str = ""             # cmpi-run's deadlock/timeout report of the ranks
    native_seconds: float = 0.0

    @property
    def id(self) -> str:
        return f"{self.case}-np{self.ranks}-{self.transport}"

    @property
    def passed(self) -> bool:
        return self.status == "passed"


def launcher_lines(o: Outcome) -> str:
    """What the launcher itself said (its untagged stderr lines): cmpi-run's deadlock or timeout report."""
    return "\n".join(line for line in rank_lines(o.stderr, "stderr").get(-1, []) if line.strip())


def compare(case: Case, ranks: int, transport: str, native: Outcome, port: Outcome, native_name: str) -> Result:
    r = Result(case.name, ranks, transport, "passed", port.seconds, native_seconds=native.seconds)
    port_name = f"cmpi-run -n {ranks} --transport {transport}"
    if native.hung:
        r.status, r.message = "error", f"the native run did not finish within {case.timeout:g} s ({native_name})"
        return r
    native_out = rank_lines(native.stdout, "stdout")
    hidden = check_hides_everything(case.compiled_masks, native_out)
    if hidden:
        r.status, r.message = "rejected", f"{case.name}: {hidden}"
        return r
    if port.hung:
        r.rank_states = launcher_lines(port) or "(no report from the launcher)"
        r.status = "failed"
        r.message = (f"the port did not finish: {r.rank_states.splitlines()[0]}" if port.status == 124 and
                     not port.timed_out else f"the port hung and was killed after {case.timeout + 60:g} s")
        r.differences.append(Difference("hang", r.message, [], r.rank_states.splitlines(), r.rank_states))
    diffs = []
    if native.status != port.status:
        msg = f"exit status: {native_name} exited {native.status}, {port_name} exited {port.status}"
        tail = launcher_lines(port)
        diffs.append(Difference("exit status", msg, [str(native.status)], [str(port.status)],
                                msg + (f"\n{tail}" if tail and not port.hung else "")))
    d = compare_ranked("stdout", native_out, rank_lines(port.stdout, "stdout"), case.compiled_masks,
                       case.tolerance, native_name, port_name)
    if d:
        diffs.append(d)
    if case.stderr:
        d = compare_ranked("stderr", rank_lines(native.stderr, "stderr"), rank_lines(port.stderr, "stderr"),
                           case.compiled_masks, case.tolerance, native_name, port_name)
        if d:
            diffs.append(d)
    for name in case.files:
        want, got = native.files.get(name), port.files.get(name)
        what = f"file {name}"
        if want is None and got is None:
            continue
        if want is None or got is None:
            who = native_name if want is None else port_name
            diffs.append(Difference(what, f"{what}: {who} wrote no {name}", [], [], ""))
            continue
        try:
            d = compare_text(what, want.decode("utf-8"), got.decode("utf-8"), case.tolerance, native_name,
                             port_name) if case.tolerance else compare_bytes(what, want, got)
            if d and not case.tolerance:  # byte for byte; a text file's first differing line tells more
                t = compare_text(what, want.decode("utf-8"), got.decode("utf-8"), case.tolerance, native_name,
                                 port_name)
                d = t or d
        except UnicodeDecodeError:
            d = compare_bytes(what, want, got)
        if d:
            diffs.append(d)
    if diffs:
        r.status = "failed"
        r.differences += diffs
        if not r.message:
            r.message = diffs[0].summary
    return r


def error(case: Case, ranks: int, transport: str, message: str) -> Result:
    return Result(case.name, ranks, transport, "error", message=message)
