"""The compiler wrapper cmpi-port puts first on PATH as mpicc, cc, gcc, ... and ar during the native build.

It appends one JSON record per invocation to $CMPI_PORT_LOG (cwd, argv, the parse of the command line, and a
copy of every C source it compiles, so generated files the build deletes afterwards can still be ported), then
runs the real tool with the same arguments: the native build happens as it would without cmpi-port.

Standalone on purpose (only the standard library, no import of the translator): the build may run it thousands
of times, and it must never stand between the build and its compiler. Anything that goes wrong while recording is
written to the log as an error record, never to the build.
"""
from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import sys

C_SUFFIXES = (".c",)
OBJECT_SUFFIXES = (".o", ".obj", ".lo")
ARCHIVE_SUFFIXES = (".a",)
SHARED_SUFFIXES = (".so",)
# options whose value is the next argument when not attached
_VALUE_OPTIONS = {"-o", "-I", "-D", "-U", "-include", "-imacros", "-isystem", "-iquote", "-idirafter", "-L", "-l",
                  "-x", "-MF", "-MT", "-MQ", "-Xlinker", "-Xassembler", "-Xpreprocessor", "-u", "-T", "-z",
                  "--param", "-aux-info", "-B", "-e"}


def parse_compiler(argv: list[str], cwd: str) -> dict:
    """What a gcc-style command line compiles and links (paths made absolute)."""
    rec = {"kind": "compiler", "sources": [], "objects": [], "archives": [], "libs": [], "libdirs": [],
           "defines": [], "undefs": [], "includes": [], "include_files": [], "std": None, "output": None,
           "mode": "link", "other_sources": []}

    def absolute(p: str) -> str:
        return os.path.normpath(os.path.join(cwd, p))

    i = 0
    args = argv[1:]
    language = None
    while i < len(args):
        a = args[i]

        def value() -> str | None:
            nonlocal i
            if i + 1 < len(args):
                i += 1
                return args[i]
            return None
        if a in ("-c",):
            rec["mode"] = "compile"
        elif a in ("-E", "-M", "-MM"):
            rec["mode"] = "preprocess"
        elif a == "-S":
            rec["mode"] = "assemble"
        elif a in ("-v", "--version", "-dumpversion", "-dumpmachine", "--help", "-###") or a.startswith("-print-") \
                or a.startswith("--showme") or a.startswith("-showme"):
            rec["mode"] = "query"
        elif a == "-o":
            v = value()
            rec["output"] = absolute(v) if v else None
        elif a.startswith("-o") and len(a) > 2:
            rec["output"] = absolute(a[2:])
        elif a in ("-D", "-U", "-I", "-include", "-imacros", "-iquote", "-isystem", "-idirafter", "-L", "-l", "-x"):
            v = value()
            if v is None:
                break
            if a == "-D":
                rec["defines"].append(v)
            elif a == "-U":
                rec["undefs"].append(v)
            elif a in ("-I", "-iquote", "-isystem", "-idirafter"):
                rec["includes"].append(absolute(v))
            elif a in ("-include", "-imacros"):
                rec["include_files"].append(absolute(v))
            elif a == "-L":
                rec["libdirs"].append(absolute(v))
            elif a == "-l":
                rec["libs"].append(v)
            elif a == "-x":
                language = None if v == "none" else v
        elif a.startswith("-D"):
            rec["defines"].append(a[2:])
        elif a.startswith("-U"):
            rec["undefs"].append(a[2:])
        elif a.startswith("-I"):
            rec["includes"].append(absolute(a[2:]))
        elif a.startswith("-L"):
            rec["libdirs"].append(absolute(a[2:]))
        elif a.startswith("-l"):
            rec["libs"].append(a[2:])
        elif a.startswith("-x"):
            language = None if a[2:] == "none" else a[2:]
        elif a.startswith("-std="):
            rec["std"] = a[5:]
        elif a in _VALUE_OPTIONS:
            value()
        elif a.startswith("-") and a != "-":
            pass  # warnings, optimisation, -MD, -fPIC, -Wl,...: nothing the port needs
        else:
            path = absolute(a)
            lower = a.lower()
            if language == "c" or (language is None and lower.endswith(C_SUFFIXES)):
                rec["sources"].append(path)
            elif lower.endswith(OBJECT_SUFFIXES):
                rec["objects"].append(path)
            elif lower.endswith(ARCHIVE_SUFFIXES) or lower.endswith(SHARED_SUFFIXES) or ".so." in lower:
                rec["archives"].append(path)
            else:
                rec["other_sources"].append(path)  # C++, Fortran, assembly: not ported
        i += 1
    if "-shared" in args:
        rec["mode"] = "shared"
    return rec


def parse_ar(argv: list[str], cwd: str) -> dict:
    """`ar rcs libx.a a.o b.o`: which objects go into which archive."""
    args = argv[1:]
    rec = {"kind": "ar", "archive": None, "members": [], "ops": ""}
    rest = [a for a in args if not a.startswith("--")]
    if rest:
        rec["ops"] = rest[0].lstrip("-")
    if len(rest) >= 2:
        rec["archive"] = os.path.normpath(os.path.join(cwd, rest[1]))
        rec["members"] = [os.path.normpath(os.path.join(cwd, a)) for a in rest[2:]]
    return rec


def _store(path: str, store: str) -> str | None:
    """Copies the source into the content store (by its SHA-256); returns the hash."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    digest = hashlib.sha256(data).hexdigest()
    target = os.path.join(store, digest)
    if not os.path.exists(target):
        tmp = f"{target}.{os.getpid()}.tmp"
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, target)
    return digest


def _real_tool(name: str, own_dir: str) -> str | None:
    env_name = "CMPI_PORT_REAL_" + name.upper().replace("-", "_").replace("+", "X")
    if os.environ.get(env_name):
        return os.environ[env_name]
    path = os.pathsep.join(p for p in os.environ.get("PATH", "").split(os.pathsep)
                           if p and os.path.realpath(p) != os.path.realpath(own_dir))
    return shutil.which(name, path=path)


def record(tool: str, argv: list[str], log: str) -> None:
    cwd = os.getcwd()
    rec = parse_ar(argv, cwd) if tool == "ar" else parse_compiler(argv, cwd)
    rec.update({"tool": tool, "cwd": cwd, "argv": argv, "pid": os.getpid()})
    if rec["kind"] == "compiler" and rec["mode"] in ("compile", "link"):
        store = os.path.join(os.path.dirname(log), "sources")
        os.makedirs(store, exist_ok=True)
        rec["source_hashes"] = {s: _store(s, store) for s in rec["sources"]}
        rec["include_file_hashes"] = {s: _store(s, store) for s in rec["include_files"]}
    _append(log, rec)


def _append(log: str, rec: dict) -> None:
    line = json.dumps(rec) + "\n"
    with open(log, "a", encoding="utf-8") as f:
        fcntl.flock(f, fcntl.LOCK_EX)  # parallel make: one whole line per record
        f.write(line)
        fcntl.flock(f, fcntl.LOCK_UN)


def main() -> int:
    tool = os.environ.get("CMPI_PORT_TOOL") or os.path.basename(sys.argv[0])
    own_dir = os.environ.get("CMPI_PORT_WRAPPERS") or os.path.dirname(os.path.abspath(sys.argv[0]))
    argv = [tool] + sys.argv[1:]
    log = os.environ.get("CMPI_PORT_LOG")
    # mpicc runs gcc, which is on PATH as a wrapper too: only the outermost command is the build's
    if log and not os.environ.get("CMPI_PORT_INSIDE"):
        try:
            record(tool, argv, log)
        except Exception as e:  # recording must never break the native build
            try:
                _append(log, {"kind": "error", "tool": tool, "cwd": os.getcwd(), "argv": argv,
                              "error": f"{type(e).__name__}: {e}"})
            except Exception:
                pass
    real = _real_tool(tool, own_dir)
    if real is None:
        print(f"cmpi-port: no real '{tool}' on PATH behind the wrapper", file=sys.stderr)
        return 127
    env = dict(os.environ, CMPI_PORT_INSIDE="1",
               PATH=os.pathsep.join(p for p in os.environ.get("PATH", "").split(os.pathsep)
                                    if p and os.path.realpath(p) != os.path.realpath(own_dir)))
    env.pop("CMPI_PORT_TOOL", None)
    sys.stdout.flush()
    os.execve(real, [real] + sys.argv[1:], env)
    return 127  # not reached


if __name__ == "__main__":
    sys.exit(main())
