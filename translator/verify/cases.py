"""cases.toml: what cmpi-verify runs (docs/verify.md has the format).

    root = "."                       # folder the case paths are relative to (relative to this file); default "."
    [defaults]                       # any case key, for every case
    ranks = [1, 2, 4]
    transports = ["inproc", "tcp"]
    [[case]]
    name = "pi"
    sources = ["src/pi.c"]           # C sources, built with mpicc and translated with cmpi-translate
    flags = ["-DN=64", "-Iinclude"]  # -D/-I/-U for both; native_flags for mpicc only (-fopenmp)
    # or: port = "ported/pi"         # a program cmpi-port wrote (its report.json says how it was built)
    args = ["100"]; stdin = "..." (or stdin_file); inputs = ["in.dat"] (copied beside the program)
    files = ["out.txt"]              # files the program writes, compared byte for byte (or within tolerance)
    masks = ['(?<=time = )\\S+']     # regexes over each printed line; what they match is not compared
    tolerance = { rel = 1e-12, abs = 0.0 }   # numbers in otherwise equal lines
    timeout = 300                    # seconds per run; a hang is a failure with the rank states
"""
from __future__ import annotations

import json
import os
import re
import tomllib
from dataclasses import dataclass, field
from typing import List, Optional

from .compare import MaskError, Tolerance, check_mask

TRANSPORTS = ("inproc", "tcp", "azure")
_KEYS = {"name", "sources", "flags", "native_flags", "class", "port", "runner", "ranks", "transports", "args",
         "stdin", "stdin_file", "inputs", "files", "masks", "tolerance", "timeout", "deadlock_timeout", "stderr",
         "description"}


class CasesError(ValueError):
    """A cases file that cannot be used (exit status 2)."""


@dataclass
class Case:
    name: str
    base: str                                   # folder its paths are relative to
    sources: List[str] = field(default_factory=list)
    flags: List[str] = field(default_factory=list)
    native_flags: List[str] = field(default_factory=list)
    class_name: Optional[str] = None
    port: Optional[str] = None                  # a cmpi-port program folder
    runner: str = "cmpi-run"                    # or "dotnet" (the port's project, through dotnet run)
    executable: Optional[str] = None            # the native program cmpi-port's build made
    ranks: List[int] = field(default_factory=lambda: [2])
    transports: List[str] = field(default_factory=lambda: ["inproc"])
    args: List[str] = field(default_factory=list)
    stdin: Optional[str] = None
    inputs: List[str] = field(default_factory=list)
    files: List[str] = field(default_factory=list)
    masks: List[str] = field(default_factory=list)
    compiled_masks: list = field(default_factory=list)
    tolerance: Tolerance = field(default_factory=Tolerance)
    timeout: float = 300
    deadlock_timeout: Optional[float] = None
    stderr: bool = True

    def path(self, p: str) -> str:
        return p if os.path.isabs(p) else os.path.normpath(os.path.join(self.base, p))


def load(path: str) -> List[Case]:
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except FileNotFoundError:
        raise CasesError(f"{path}: no such file")
    except tomllib.TOMLDecodeError as e:
        raise CasesError(f"{path}: not valid TOML: {e}")
    unknown = set(data) - {"root", "defaults", "case"}
    if unknown:
        raise CasesError(f"{path}: unknown top-level key(s) {', '.join(sorted(unknown))} (known: root, defaults, [[case]])")
    base = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(path)), data.get("root", ".")))
    defaults = data.get("defaults", {})
    raw = data.get("case", [])
    if not isinstance(raw, list) or not raw:
        raise CasesError(f"{path}: no [[case]] tables")
    cases, seen = [], set()
    for i, c in enumerate(raw):
        merged = {**defaults, **c}
        where = f"{path}: case {c.get('name', f'#{i + 1}')}"
        case = _case(merged, base, where)
        if case.name in seen:
            raise CasesError(f"{where}: a second case named {case.name!r}")
        seen.add(case.name)
        cases.append(case)
    return cases


def _list(v, where, key, typ=str):
    if v is None:
        return []
    if not isinstance(v, list) or not all(isinstance(x, typ) and not isinstance(x, bool) for x in v):
        raise CasesError(f"{where}: {key} must be a list of {typ.__name__}")
    return list(v)


def _case(c: dict, base: str, where: str) -> Case:
    unknown = set(c) - _KEYS
    if unknown:
        raise CasesError(f"{where}: unknown key(s) {', '.join(sorted(unknown))} (known: {', '.join(sorted(_KEYS))})")
    name = c.get("name")
    if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z0-9_.+-]+", name):
        raise CasesError(f"{where}: name must be letters, digits, _ . + - (a file name), got {name!r}")
    case = Case(name=name, base=base)
    case.sources = _list(c.get("sources"), where, "sources")
    case.flags = _list(c.get("flags"), where, "flags")
    case.native_flags = _list(c.get("native_flags"), where, "native_flags")
    case.class_name = c.get("class")
    case.port = c.get("port")
    if bool(case.sources) == bool(case.port):
        raise CasesError(f"{where}: give either sources (C files) or port (a cmpi-port program folder)")
    case.runner = c.get("runner", "cmpi-run")
    if case.runner not in ("cmpi-run", "dotnet"):
        raise CasesError(f"{where}: runner is cmpi-run or dotnet, got {case.runner!r}")
    if case.port:
        _from_port(case, where)
    for s in case.sources:
        if not os.path.exists(case.path(s)):
            raise CasesError(f"{where}: source {case.path(s)} does not exist")
    case.ranks = _list(c.get("ranks", [2]), where, "ranks", int)
    if not case.ranks or any(n < 1 for n in case.ranks):
        raise CasesError(f"{where}: ranks must be positive rank counts")
    case.transports = _list(c.get("transports", ["inproc"]), where, "transports")
    bad = [t for t in case.transports if t not in TRANSPORTS]
    if bad or not case.transports:
        raise CasesError(f"{where}: unknown transport(s) {bad} (known: {', '.join(TRANSPORTS)})")
    case.args = [str(a) for a in c.get("args", [])]
    if "stdin" in c and "stdin_file" in c:
        raise CasesError(f"{where}: give stdin or stdin_file, not both")
    if "stdin_file" in c:
        p = case.path(c["stdin_file"])
        try:
            with open(p, encoding="utf-8", newline="") as f:
                case.stdin = f.read()
        except OSError as e:
            raise CasesError(f"{where}: stdin_file {p}: {e.strerror}")
    elif "stdin" in c:
        case.stdin = str(c["stdin"])
    case.inputs = _list(c.get("inputs"), where, "inputs")
    case.files = _list(c.get("files"), where, "files")
    case.masks = _list(c.get("masks"), where, "masks")
    try:
        case.compiled_masks = [check_mask(m) for m in case.masks]
    except MaskError as e:
        raise CasesError(f"{where}: {e}")
    tol = c.get("tolerance", {})
    if not isinstance(tol, dict) or set(tol) - {"rel", "abs"}:
        raise CasesError(f"{where}: tolerance is {{ rel = R, abs = A }}")
    try:
        case.tolerance = Tolerance(float(tol.get("rel", 0.0)), float(tol.get("abs", 0.0)))
    except (TypeError, ValueError):
        raise CasesError(f"{where}: tolerance's rel and abs are numbers")
    if case.tolerance.rel < 0 or case.tolerance.abs < 0 or case.tolerance.rel >= 1:
        raise CasesError(f"{where}: tolerance needs 0 <= rel < 1 and abs >= 0")
    case.timeout = float(c.get("timeout", 300))
    case.deadlock_timeout = c.get("deadlock_timeout")
    case.stderr = bool(c.get("stderr", True))
    return case


def _from_port(case: Case, where: str) -> None:
    """A cmpi-port program folder: its sources, flags and native executable from the report beside it."""
    folder = case.path(case.port)
    report_path = os.path.join(os.path.dirname(folder), "report.json")
    try:
        with open(report_path, encoding="utf-8") as f:
            report = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        raise CasesError(f"{where}: port {folder}: cannot read the cmpi-port report {report_path}: {e}")
    entry = next((p for p in report.get("programs", []) if p["name"] == os.path.basename(folder)), None)
    if entry is None or entry.get("status") != "ported":
        raise CasesError(f"{where}: port {folder}: {report_path} has no ported program "
                         f"{os.path.basename(folder)!r}")
    case.port = folder
    case.class_name = entry["class"]
    case.executable = entry.get("executable")
    case.sources = [s for s in entry["sources"] if os.path.exists(s)]
    case.flags = [f"-I{i}" for i in entry.get("includes", [])] + [f"-D{d}" for d in entry.get("defines", [])] + \
        case.flags
