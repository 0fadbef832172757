"""What to port: programs found from a captured native build, a compile_commands.json or a list of files.

A program is an executable with the C files that make it (`Unit`s, each with the flags it was compiled with).
From a build, the link lines say which objects (and which objects of which `ar` archives) make which executable;
without link lines (compile_commands.json, a list of files) each file that defines `main` starts a program, which
takes the other files that define what it uses.
"""
from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from typing import Dict, List, Optional

from . import wrapper

WRAPPED_TOOLS = ("mpicc", "mpicxx", "cc", "gcc", "c99", "clang", "ar")


class PortError(Exception):
    """A located problem with the user's input or build: a message and the exit status (never a traceback)."""

    def __init__(self, message: str, status: int = 2):
        super().__init__(message)
        self.status = status


@dataclass
class Unit:
    source: str                 # absolute path as the build named it
    cwd: str
    defines: List[str] = field(default_factory=list)
    undefs: List[str] = field(default_factory=list)
    includes: List[str] = field(default_factory=list)
    include_files: List[str] = field(default_factory=list)
    std: Optional[str] = None
    source_hash: Optional[str] = None   # the content compiled, kept in the capture's store


@dataclass
class Program:
    name: str                   # the executable's file name
    executable: Optional[str]   # absolute path (None: from a list of files)
    cwd: str
    units: List[Unit]
    notes: List[str] = field(default_factory=list)


@dataclass
class Capture:
    mode: str                   # build, compile-commands, files
    programs: List[Program]
    command: Optional[List[str]] = None
    build_status: Optional[int] = None
    compiles: int = 0
    links: int = 0
    skipped: List[str] = field(default_factory=list)   # links whose executable the build removed (configure tests)
    notes: List[str] = field(default_factory=list)
    store: Optional[str] = None  # the content store of captured sources


# ------------------------------------------------------------------ running the build

def write_wrappers(bin_dir: str) -> None:
    os.makedirs(bin_dir, exist_ok=True)
    script = os.path.abspath(wrapper.__file__)
    for tool in WRAPPED_TOOLS:
        path = os.path.join(bin_dir, tool)
        with open(path, "w", encoding="utf-8") as f:
            f.write("#!/bin/sh\n# cmpi-port's recording wrapper: logs the command, then runs the real " + tool + "\n"
                    f"CMPI_PORT_TOOL={tool} exec {shlex.quote(sys.executable)} -s -E {shlex.quote(script)} \"$@\"\n")
        os.chmod(path, 0o755)


def run_build(command: List[str], work: str) -> Capture:
    """Runs the build with the wrappers first on PATH; returns what it compiled and linked."""
    bin_dir = os.path.join(work, "bin")
    log = os.path.join(work, "capture.jsonl")
    write_wrappers(bin_dir)
    previous = os.path.join(work, "capture.previous.jsonl")
    if os.path.exists(log):
        os.replace(log, previous)
    open(log, "w").close()
    env = dict(os.environ)
    env.pop("CMPI_PORT_INSIDE", None)
    env.update(PATH=bin_dir + os.pathsep + env.get("PATH", ""), CMPI_PORT_LOG=log, CMPI_PORT_WRAPPERS=bin_dir,
               CC=os.path.join(bin_dir, _tool_of(os.environ.get("CC", "cc"))),
               MPICC=os.path.join(bin_dir, "mpicc"), AR=os.path.join(bin_dir, "ar"))
    # make's default CC is `cc`: an explicit CC in the environment is seen by make only with -e, but
    # configure scripts and most Makefiles that use $(CC) read it; the PATH wrappers catch the rest.
    try:
        status = subprocess.call(command, env=env)
    except FileNotFoundError:
        raise PortError(f"cannot run the build command '{command[0]}': no such file or command", 2)
    except PermissionError:
        raise PortError(f"cannot run the build command '{command[0]}': permission denied", 2)
    records = read_log(log)
    reused = False
    if status == 0 and not any(r.get("kind") == "compiler" for r in records) and os.path.exists(previous):
        # an up-to-date build compiles nothing: the previous run's capture still describes it
        records = read_log(previous)
        os.replace(previous, log)
        reused = True
    cap = group_build(records)
    if reused:
        cap.notes.append("the build compiled nothing (up to date): the programs are those of the previous capture")
    cap.mode = "build"
    cap.command = list(command)
    cap.build_status = status
    cap.store = os.path.join(work, "sources")
    return cap


def _tool_of(cc: str) -> str:
    name = os.path.basename(shlex.split(cc)[0]) if cc.strip() else "cc"
    return name if name in WRAPPED_TOOLS else "mpicc"


def read_log(log: str) -> List[dict]:
    records = []
    with open(log, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line:
                try:
                    records.append(json.loads(line))
                except json.JSONDecodeError:
                    pass  # a line cut by a killed build
    return records


def unit_from_record(rec: dict, source: str) -> Unit:
    return Unit(source=source, cwd=rec["cwd"], defines=list(rec["defines"]), undefs=list(rec["undefs"]),
                includes=list(rec["includes"]), include_files=list(rec["include_files"]), std=rec.get("std"),
                source_hash=(rec.get("source_hashes") or {}).get(source))


def _object_name(rec: dict, source: str) -> str:
    if rec.get("output") and len(rec["sources"]) == 1:
        return rec["output"]
    return os.path.join(rec["cwd"], os.path.splitext(os.path.basename(source))[0] + ".o")


def _build_system_probe(exe: str) -> bool:
    """An executable CMake builds to learn the compiler (`CMakeFiles/3.25.1/CompilerIdC/a.out`, which it keeps, unlike
    its try_compile programs and configure's conftest, which the build removes). CMake writes only its own files
    under a `CMakeFiles` folder: targets' executables go beside it."""
    return "CMakeFiles" in os.path.normpath(exe).split(os.sep)


def group_build(records: List[dict]) -> Capture:
    objects: Dict[str, Unit] = {}
    archives: Dict[str, List[str]] = {}
    links: Dict[str, tuple] = {}
    cap = Capture(mode="build", programs=[])
    for rec in records:
        if rec.get("kind") == "error":
            cap.notes.append(f"the wrapper could not record `{' '.join(rec.get('argv', []))}`: {rec.get('error')}")
            continue
        if rec.get("kind") == "ar":
            if rec.get("archive") and any(c in rec.get("ops", "") for c in "rq"):
                members = archives.setdefault(rec["archive"], [])
                for m in rec["members"]:
                    if m not in members:
                        members.append(m)
            continue
        mode = rec.get("mode")
        if mode == "compile":
            for s in rec["sources"]:
                objects[_object_name(rec, s)] = unit_from_record(rec, s)
                cap.compiles += 1
        elif mode in ("link", "shared"):
            if not rec["sources"] and not rec["objects"] and not rec["archives"]:
                continue
            output = rec.get("output") or os.path.join(rec["cwd"], "a.out")
            cap.compiles += len(rec["sources"])
            if mode == "shared":
                archives[output] = [_object_name(rec, s) for s in rec["sources"]] + list(rec["objects"])
                for s in rec["sources"]:
                    objects[_object_name(rec, s)] = unit_from_record(rec, s)
                continue
            cap.links += 1
            units: List[Unit] = [unit_from_record(rec, s) for s in rec["sources"]]
            notes: List[str] = []
            members: List[str] = list(rec["objects"])
            for a in rec["archives"]:
                if a in archives:
                    members += archives[a]
            for lib in rec["libs"]:
                for d in rec["libdirs"] + [rec["cwd"]]:
                    for cand in (os.path.join(d, f"lib{lib}.a"), os.path.join(d, f"lib{lib}.so")):
                        if cand in archives:
                            members += archives[cand]
            for o in members:
                if o in objects:
                    units.append(objects[o])
                else:
                    notes.append(f"{o} is linked but no captured command compiled it from C: left out")
            if rec["other_sources"]:
                notes.append("not C, left out: " + ", ".join(rec["other_sources"]))
            links[output] = (rec["cwd"], units, notes)
    for exe, (cwd, units, notes) in links.items():
        if not os.path.exists(exe):
            cap.skipped.append(exe)
            continue
        if _build_system_probe(exe):
            cap.notes.append(f"{exe}: CMake's own check of the compiler, not a program of the codebase: not ported")
            continue
        seen, unique = set(), []
        for u in units:
            if u.source not in seen:
                seen.add(u.source)
                unique.append(u)
        if not unique:
            cap.notes.append(f"{exe}: linked from no C file: not ported")
            continue
        cap.programs.append(Program(os.path.basename(exe), exe, cwd, unique, notes))
    return cap


# ------------------------------------------------------------------ compile_commands.json and lists of files

def from_compile_commands(path: str) -> Capture:
    try:
        with open(path, encoding="utf-8") as f:
            entries = json.load(f)
    except OSError as e:
        raise PortError(f"cannot read {path}: {e.strerror}", 2)
    except json.JSONDecodeError as e:
        raise PortError(f"{path}:{e.lineno}:{e.colno}: not JSON: {e.msg}", 2)
    if not isinstance(entries, list):
        raise PortError(f"{path}: expected a JSON array of compile commands", 2)
    units: List[Unit] = []
    for i, e in enumerate(entries):
        if not isinstance(e, dict) or "file" not in e or "directory" not in e:
            raise PortError(f"{path}: entry {i}: needs 'directory' and 'file'", 2)
        argv = e.get("arguments") or shlex.split(e.get("command", ""))
        if not argv:
            raise PortError(f"{path}: entry {i}: needs 'arguments' or 'command'", 2)
        cwd = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(path)), e["directory"]))
        rec = wrapper.parse_compiler(list(argv), cwd)
        rec["cwd"] = cwd
        source = os.path.normpath(os.path.join(cwd, e["file"]))
        if not source.endswith(".c"):
            continue
        units.append(unit_from_record(rec, source))
    cap = Capture(mode="compile-commands", programs=group_by_main(units), compiles=len(units))
    return cap


def from_files(files: List[str], includes: List[str], defines: List[str]) -> Capture:
    cwd = os.getcwd()
    units = []
    for f in files:
        if os.path.isdir(f):
            raise PortError(f"{f}: is a directory, not a C file", 2)
        if not os.path.exists(f):
            raise PortError(f"{f}: no such file", 2)
        units.append(Unit(source=os.path.abspath(f), cwd=cwd, defines=list(defines),
                          includes=[os.path.abspath(d) for d in includes]))
    return Capture(mode="files", programs=group_by_main(units), compiles=len(units))


_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'", re.S)
_PREPROCESSOR = re.compile(r"^[ \t]*#(?:[^\n]*\\\n)*[^\n]*", re.M)
_IDENT = re.compile(r"[A-Za-z_]\w*")
_KEYWORDS = {"if", "while", "for", "switch", "return", "sizeof", "do", "else"}


def c_symbols(path: str) -> tuple:
    """(functions and variables a file defines at file scope, identifiers it uses): a scan, not a parse."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError:
        return set(), set()
    text = _PREPROCESSOR.sub(" ", _COMMENT.sub(" ", text))
    defined, depth, statement = set(), 0, []
    i = 0
    tokens = re.findall(r"[A-Za-z_]\w*|\S", text)
    while i < len(tokens):
        t = tokens[i]
        if t == "{":
            if depth == 0 and statement:
                name = _defined_function(statement)
                if name:
                    defined.add(name)
                    statement = []
            depth += 1
        elif t == "}":
            depth = max(0, depth - 1)
        elif depth == 0:
            if t == ";":
                if statement and statement[0] not in ("extern", "typedef") and len(statement) > 2:
                    defined.update(_declared_variables(statement))
                statement = []
            else:
                statement.append(t)
        i += 1
    used = set(_IDENT.findall(text))
    return defined, used - defined


def _defined_function(stmt: List[str]) -> Optional[str]:
    if "(" not in stmt or "=" in stmt or stmt[0] == "typedef":
        return None
    i = stmt.index("(")
    if i == 0 or "=" in stmt[:i]:
        return None
    name = stmt[i - 1]
    return name if _IDENT.fullmatch(name) and name not in _KEYWORDS else None


def _declared_variables(stmt: List[str]) -> set:
    names, depth = set(), 0
    if "(" in stmt:
        return names  # a prototype
    for j, t in enumerate(stmt):
        if t in "([{":
            depth += 1
        elif t in ")]}":
            depth -= 1
        elif depth == 0 and _IDENT.fullmatch(t) and j + 1 <= len(stmt):
            nxt = stmt[j + 1] if j + 1 < len(stmt) else ";"
            if nxt in ("=", "[", ",", ";") and j > 0:
                names.add(t)
    return names


def group_by_main(units: List[Unit]) -> List[Program]:
    """Each file that defines main starts a program; it takes the files (without a main) defining what it uses."""
    symbols = {u.source: c_symbols(u.source) for u in units}
    mains = [u for u in units if "main" in symbols[u.source][0]]
    others = [u for u in units if "main" not in symbols[u.source][0]]
    programs = []
    for m in mains:
        chosen, wanted, notes = [m], set(symbols[m.source][1]), []
        provided = set(symbols[m.source][0])
        changed = True
        while changed:
            changed = False
            for o in others:
                if o in chosen:
                    continue
                defs, used = symbols[o.source]
                hit = (defs & wanted) - provided
                if hit:
                    chosen.append(o)
                    provided |= defs
                    wanted |= used
                    changed = True
        stem = os.path.splitext(os.path.basename(m.source))[0]
        programs.append(Program(stem, None, m.cwd, chosen, notes))
    if not mains and units:
        # a list of files with no main: one library-like program, which the translator will say has no main
        stem = os.path.splitext(os.path.basename(units[0].source))[0]
        programs.append(Program(stem, None, units[0].cwd, list(units),
                                ["no file defines main: the files are ported as one program"]))
    return programs
