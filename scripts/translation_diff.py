"""Translate every C program of tests/ and corpus/ with one checkout of the translator and keep what it gives,
then compare two such runs: a speed change must leave every output byte-identical.

    python3 scripts/translation_diff.py run  OUT [--root CHECKOUT] [-j 2] [--batch]  # OUT/<case>/{out.cs,stderr,rc}
    python3 scripts/translation_diff.py diff OUT_BEFORE OUT_AFTER           # exit 1 on any difference

`--root` is the checkout whose translator/ runs (`python -m translator` there, with this repository's .venv,
whose clang bindings both use), e.g. main's in another worktree; the inputs are always this repository's.
Cases: each .c file alone (with -I its directory), every directory of tests/ with several .c files as one
program, the NPB kernels (class S), and the generated programs of bench/translation.py (1k statements).
"""
from __future__ import annotations

import argparse
import concurrent.futures
import filecmp
import json
import os
import shlex
import subprocess
import sys
from typing import Dict, List, Tuple

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PYTHON = os.path.join(ROOT, ".venv", "bin", "python")
sys.path.insert(0, os.path.join(ROOT, "bench"))
import translation  # noqa: E402  (bench/ first on sys.path)
os.environ.setdefault("CMPI_TRANSLATE_CHECK", "0")  # what needs compiling is compiled here, not twice


def cases(generated_dir: str) -> Dict[str, Tuple[List[str], List[str]]]:
    """case name -> (C files, flags)."""
    out: Dict[str, Tuple[List[str], List[str]]] = {}
    by_dir: Dict[str, List[str]] = {}
    for top in ("tests", "corpus"):
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, top)):
            dirnames.sort()
            for name in sorted(filenames):
                if name.endswith(".c"):
                    path = os.path.join(dirpath, name)
                    rel = os.path.relpath(path, ROOT)
                    out[rel] = ([path], ["-I", dirpath])
                    by_dir.setdefault(dirpath, []).append(path)
    for dirpath, files in by_dir.items():
        rel = os.path.relpath(dirpath, ROOT)
        if len(files) > 1 and rel.startswith("tests" + os.sep + "c" + os.sep):
            out[rel + "/*"] = (files, ["-I", dirpath])
    for label, files, flags in translation.corpus_programs():
        if label.startswith("npb"):
            out[label] = (files, flags)
    os.makedirs(generated_dir, exist_ok=True)
    for kind, make in (("functions", translation.many_functions), ("long", translation.long_function)):
        path = os.path.join(generated_dir, f"gen_{kind}_1000.c")
        with open(path, "w") as f:
            f.write(make(1000)[0])
        out[f"generated {kind} 1000"] = ([path], [])
    return out


def _slug(name: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in name)


def run_one(root: str, out_dir: str, name: str, files: List[str], flags: List[str]) -> str:
    case = os.path.join(out_dir, _slug(name))
    os.makedirs(case, exist_ok=True)
    cs = os.path.join(case, "out.cs")
    if os.path.exists(cs):
        os.unlink(cs)
    proc = subprocess.run([PYTHON, "-m", "translator", *files, "-o", cs, "--time-limit", "120", "--memory-limit", "400", *flags],
                          cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    with open(os.path.join(case, "stderr"), "w") as f:
        f.write(proc.stdout + proc.stderr)
    with open(os.path.join(case, "rc"), "w") as f:
        f.write(f"{proc.returncode}\n")
    return f"{name}: exit {proc.returncode}"


def _keep(case: str, output: str, rc: int) -> None:
    with open(os.path.join(case, "stderr"), "w") as f:
        f.write(output)
    with open(os.path.join(case, "rc"), "w") as f:
        f.write(f"{rc}\n")


def run_batch(root: str, out_dir: str, batch: List[Tuple[str, List[str], List[str]]]) -> str:
    """The cases of `batch` through `cmpi-translate --batch` (one process for all; after a job that ends the process,
    a resource bound, a new one for the rest), kept as run_one keeps each: a batch must give what each run alone
    gives."""
    pending = list(batch)
    processes = 0
    while pending:
        lines, where = [], {}
        for number, (name, files, flags) in enumerate(pending, 1):
            case = os.path.join(out_dir, _slug(name))
            os.makedirs(case, exist_ok=True)
            cs = os.path.join(case, "out.cs")
            if os.path.exists(cs):
                os.unlink(cs)
            lines.append(shlex.join([*files, "-o", cs, *flags]))
            where[number] = case
        proc = subprocess.run([PYTHON, "-m", "translator", "--batch", "-", "--time-limit", "120", "--memory-limit",
                               "400"], cwd=root, input="\n".join(lines) + "\n", stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, errors="surrogateescape")
        processes += 1
        done = 0
        for text in proc.stdout.splitlines():
            result = json.loads(text)
            _keep(where[result["line"]], result["output"] + result["diagnostics"], result["exit"])
            done = result["line"]
        if done == 0:
            # the process ended with no line for its first job (a crash): that job as a run alone would end
            _keep(where[1], proc.stderr, proc.returncode)
            done = 1
        pending = pending[done:]
    return f"{len(batch)} cases in {processes} batch process(es)"


def run(out_dir: str, root: str, jobs: int, batch: bool = False) -> int:
    all_cases = cases(os.path.join(out_dir, "_generated"))
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        if batch:
            items = [(n, f, fl) for n, (f, fl) in all_cases.items()]
            futures = [pool.submit(run_batch, root, out_dir, items[k::jobs]) for k in range(jobs)]
        else:
            futures = [pool.submit(run_one, root, out_dir, n, f, fl) for n, (f, fl) in all_cases.items()]
        for fut in concurrent.futures.as_completed(futures):
            print(fut.result(), file=sys.stderr, flush=True)
    print(f"{len(all_cases)} cases translated into {out_dir}")
    return 0


def diff(a: str, b: str) -> int:
    names = sorted(n for n in os.listdir(a) if not n.startswith("_"))
    differing = []
    for n in names:
        for f in ("out.cs", "stderr", "rc"):
            pa, pb = os.path.join(a, n, f), os.path.join(b, n, f)
            if os.path.exists(pa) != os.path.exists(pb) or \
                    os.path.exists(pa) and not filecmp.cmp(pa, pb, shallow=False):
                differing.append(f"{n}/{f}")
    missing = sorted(set(n for n in os.listdir(b) if not n.startswith("_")) - set(names))
    for d in differing + [f"{m} (only in {b})" for m in missing]:
        print("differs:", d)
    print(f"{len(names)} cases compared: {len(differing) + len(missing)} differ")
    return 1 if differing or missing else 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run")
    r.add_argument("out")
    r.add_argument("--root", default=ROOT, help="the checkout whose translator runs (default: this one)")
    r.add_argument("-j", type=int, default=2)
    r.add_argument("--batch", action="store_true", help="translate through `cmpi-translate --batch` (-j processes, "
                   "each given every j-th case) instead of a process per case")
    d = sub.add_parser("diff")
    d.add_argument("before")
    d.add_argument("after")
    args = p.parse_args(argv)
    if args.command == "run":
        return run(os.path.abspath(args.out), os.path.abspath(args.root), args.j, args.batch)
    return diff(args.before, args.after)


if __name__ == "__main__":
    sys.exit(main())
