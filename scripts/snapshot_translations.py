"""Translate every C program of tests/ and corpus/ into one directory, to compare two versions of the translator.

    .venv/bin/python scripts/snapshot_translations.py OUT_DIR [NAME ...]

Each .c file is translated alone (with -I of its folder), each golden case as its case.toml gives it (the files of
a multi-file program together, its -D and -I), and each folder of several .c files with a main as one program.
For every program OUT_DIR gets <name>.cs (when it translates) and <name>.log (the exit code and the diagnostics).
A change of the translator that should not change its output (a refactoring) leaves `diff -r OLD NEW` empty.
With NAMEs (as the log prints them: `tests__c__loops.c`, `golden__nbody`), only those programs are translated.
"""
from __future__ import annotations

import glob
import os
import subprocess
import sys
import tomllib
os.environ.setdefault("CMPI_TRANSLATE_CHECK", "0")  # what needs compiling is compiled here, not twice

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def programs():
    """(name, argv) of every program to translate, argv as cmpi-translate takes it (without -o)."""
    out = []
    for path in sorted(glob.glob(os.path.join(ROOT, "tests", "**", "*.c"), recursive=True) +
                       glob.glob(os.path.join(ROOT, "corpus", "**", "*.c"), recursive=True)):
        rel = os.path.relpath(path, ROOT)
        includes = [os.path.dirname(rel)]
        if rel.startswith("corpus/npb/"):
            includes.append("corpus/npb/common")
        out.append((rel.replace("/", "__"), [rel] + [f"-I{d}" for d in includes]))
    for case in sorted(glob.glob(os.path.join(ROOT, "tests", "golden", "*", "case.toml"))):
        with open(case, "rb") as f:
            spec = tomllib.load(f)
        sources = spec.get("sources") or [spec["source"]]
        argv = list(sources) + [f"-I{d}" for d in spec.get("includes", [])] + [f"-D{d}" for d in spec.get("defines", [])]
        if "class" in spec:
            argv += ["--class-name", spec["class"]]
        out.append(("golden__" + os.path.basename(os.path.dirname(case)), argv))
    for folder in ("tests/c/file_statics", "tests/c/unguarded_header", "tests/c/header_macros", "tests/bad/several"):
        files = sorted(glob.glob(os.path.join(ROOT, folder, "*.c")))
        out.append(("several__" + folder.replace("/", "__"), [os.path.relpath(f, ROOT) for f in files] + [f"-I{folder}"]))
    return out


def main(out_dir: str, only=()) -> int:
    os.makedirs(out_dir, exist_ok=True)
    env = dict(os.environ, PYTHONPATH=ROOT)
    for name, argv in programs():
        if only and name not in only:
            continue
        target = os.path.join(out_dir, name + ".cs")
        # one process per program, through the command line: its time and memory limits hold (a macro bomb)
        r = subprocess.run([sys.executable, "-m", "translator", *argv, "-o", target], cwd=ROOT, env=env,
                           capture_output=True, text=True, errors="surrogateescape")
        with open(os.path.join(out_dir, name + ".log"), "w", errors="surrogateescape") as f:
            f.write(f"exit {r.returncode}\n{r.stdout}{r.stderr}")
        print(f"{r.returncode} {name}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], set(sys.argv[2:])))
