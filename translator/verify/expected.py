"""Recorded native outputs (--record DIR / --against DIR), so a machine without MPI can verify a port.

    DIR/<case>/np<N>/stdout      each rank's lines, `rank| line` (unmasked: masks apply when comparing)
    DIR/<case>/np<N>/stderr
    DIR/<case>/np<N>/status.json {"exit": 0, "files": {"out.txt": true}, "args": [...], "mpirun": "..."}
    DIR/<case>/np<N>/files/<name>
"""
from __future__ import annotations

import json
import os
import shutil
from typing import Optional

from .compare import join_ranks, rank_lines, split_ranks
from .runner import Outcome

FORMAT = "cmpi-verify-expected/1"


def record(root: str, case, ranks: int, o: Outcome, mpirun: str) -> None:
    d = os.path.join(root, case.name, f"np{ranks}")
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(os.path.join(d, "files"))
    out = {r: ls for r, ls in rank_lines(o.stdout, "stdout").items() if r >= 0}
    err = {r: ls for r, ls in rank_lines(o.stdout + "\n" + o.stderr, "stderr").items() if r >= 0}
    with open(os.path.join(d, "stdout"), "w", encoding="utf-8", newline="") as f:
        f.write(join_ranks(out))
    with open(os.path.join(d, "stderr"), "w", encoding="utf-8", newline="") as f:
        f.write(join_ranks(err))
    for name, data in o.files.items():
        if data is not None:
            with open(os.path.join(d, "files", name), "wb") as f:
                f.write(data)
    status = {"format": FORMAT, "exit": o.status, "args": case.args, "mpirun": mpirun,
              "files": {n: data is not None for n, data in o.files.items()}, "seconds": round(o.seconds, 3)}
    with open(os.path.join(d, "status.json"), "w", encoding="utf-8") as f:
        json.dump(status, f, indent=2)
        f.write("\n")


def load(root: str, case, ranks: int) -> Optional[Outcome]:
    """The recorded run as an Outcome whose stdout/stderr are tagged as mpirun tags them; None when not recorded."""
    d = os.path.join(root, case.name, f"np{ranks}")
    try:
        with open(os.path.join(d, "status.json"), encoding="utf-8") as f:
            status = json.load(f)
        with open(os.path.join(d, "stdout"), encoding="utf-8", newline="") as f:
            out = split_ranks(f.read())
        with open(os.path.join(d, "stderr"), encoding="utf-8", newline="") as f:
            err = split_ranks(f.read())
    except (OSError, json.JSONDecodeError):
        return None
    files = {}
    for name in case.files:
        try:
            with open(os.path.join(d, "files", name), "rb") as f:
                files[name] = f.read()
        except OSError:
            files[name] = None
    tag = lambda lines, stream: "".join(f"[1,{r}]<{stream}>:{line}\n" for r in sorted(lines) if r >= 0
                                        for line in lines[r])
    return Outcome(status["exit"], tag(out, "stdout"), tag(err, "stderr"), files, status.get("seconds", 0.0))
