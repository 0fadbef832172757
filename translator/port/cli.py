"""`cmpi-port [-o ported/] -- make [args]`: port every program a codebase's own build makes.

    cmpi-port -o ported -- make CLASS=S              run the build, record its compiles and links, port each executable
    cmpi-port --compile-commands compile_commands.json   from CMake's (or bear's) list of compiles
    cmpi-port [-I dir] [-D NAME=VAL] a.c b.c ...       from files: each file with a main is a program

Exit status: 0 every program ported; 1 some program has errors (located diagnostics in the report) or the native
build failed; 2 usage (a bad command line, a build that compiles nothing, an output folder that cannot be written);
3 an internal error of the translator on some program; 130 interrupted.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import threading
import time
import traceback
from concurrent.futures import ThreadPoolExecutor, as_completed
from typing import List, Optional

from . import capture as cap_mod
from . import report as report_mod
from .capture import Capture, PortError
from .translate import (Job, Result, make_runner, folder_names, job_key, make_job, nuget_feed, runtime_version,
                        solution_text, translator_fingerprint, write_project)

VERSION = "0.1.0"


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="cmpi-port",
        usage="cmpi-port [-o DIR] [-j N] [--force] [--verify CASES] (-- BUILD COMMAND... | --compile-commands FILE | "
              "FILE.c...)",
        description="Port every program of a C MPI codebase to C# for CloudMpi: run its own build and record what it "
                    "compiles and links, or read compile_commands.json, or take a list of files.")
    p.add_argument("files", nargs="*", metavar="FILE.c", help="C files (each that defines main is a program)")
    p.add_argument("-o", "--output", default="ported", help="the folder of the ports (default: ported)")
    p.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1, help="translations at once (default: cores)")
    p.add_argument("--force", action="store_true", help="translate every program, even those unchanged since the last run")
    p.add_argument("--compile-commands", metavar="FILE", help="a compile_commands.json instead of running a build")
    p.add_argument("-I", dest="includes", action="append", default=[], metavar="DIR", help="with FILE.c: an include folder")
    p.add_argument("-D", dest="defines", action="append", default=[], metavar="NAME[=VAL]", help="with FILE.c: a macro")
    p.add_argument("--keep-going", action="store_true", default=True,
                   help="port every program even when some fail (the default)")
    p.add_argument("--verify", metavar="CASES", help="then run cmpi-verify CASES on the ports (reports in OUTPUT/verify; "
                   "docs/verify.md), when every program ported")
    p.add_argument("--version", action="version", version=f"cmpi-port {VERSION}")
    return p


def main(argv: Optional[List[str]] = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    command: List[str] = []
    if "--" in argv:
        i = argv.index("--")
        argv, command = argv[:i], argv[i + 1:]
    try:
        args = _parser().parse_args(argv)
    except SystemExit as e:
        return 0 if e.code == 0 else 2
    try:
        return run(args, command)
    except PortError as e:
        print(f"cmpi-port: error: {e}", file=sys.stderr)
        return e.status
    except KeyboardInterrupt:
        print("\ncmpi-port: interrupted: no port was left half-written", file=sys.stderr)
        return 130
    except Exception as e:  # a bug in cmpi-port itself
        if os.environ.get("CMPI_DEBUG"):
            traceback.print_exc()
        print(f"cmpi-port: internal error: {type(e).__name__}: {e} (set CMPI_DEBUG=1 for details; please report it)",
              file=sys.stderr)
        return 3


def _check_output(out: str) -> None:
    """The output folder exists and takes files, checked before the build runs (not after an hour of it)."""
    try:
        os.makedirs(out, exist_ok=True)
        probe = os.path.join(out, f".cmpi-port-probe-{os.getpid()}")
        with open(probe, "w") as f:
            f.write("")
        os.remove(probe)
    except OSError as e:
        raise PortError(f"cannot write the output folder {out}: {e.strerror or e}", 2)


def run(args, command: List[str]) -> int:
    sources_given = bool(args.files)
    modes = sum([bool(command), bool(args.compile_commands), sources_given])
    if modes != 1:
        raise PortError("give one of: a build command after --, --compile-commands FILE, or C files "
                        "(cmpi-port --help)", 2)
    if args.jobs < 1:
        raise PortError(f"-j needs a positive number, got {args.jobs}", 2)
    out = os.path.abspath(args.output)
    _check_output(out)
    work = os.path.join(out, ".cmpi-port")
    tmp_root = os.path.join(work, "tmp")
    shutil.rmtree(tmp_root, ignore_errors=True)  # what an interrupted run left
    os.makedirs(tmp_root, exist_ok=True)
    started = time.time()

    if command:
        print(f"cmpi-port: running the build: {' '.join(command)}", file=sys.stderr)
        capture = cap_mod.run_build(command, work)
        if capture.build_status:
            print(f"cmpi-port: error: the build failed (exit status {capture.build_status}); porting what it "
                  f"linked before it stopped", file=sys.stderr)
        if not capture.programs and capture.compiles and not capture.links:
            # compiled but never linked (a library-only or a -c only build): each file with a main is a program
            units = list(_compiled_units(cap_mod.read_log(os.path.join(work, "capture.jsonl"))))
            capture.programs = cap_mod.group_by_main(units)
            capture.notes.append("the build linked no executable: programs grouped by the files that define main")
        if not capture.programs:
            if capture.build_status:
                raise PortError(f"the build failed (exit status {capture.build_status}) before it linked any "
                                "program: nothing to port", 1)
            if capture.compiles == 0:
                raise PortError("the build compiled no C file, so there is nothing to port (was it up to date? "
                                "clean it first, e.g. `make clean`, or use --compile-commands; a build that names its compiler by an absolute "
                                "path, /usr/bin/mpicc, is not seen by the wrappers on PATH: give it CC=mpicc)", 2)
            raise PortError(f"the build compiled {capture.compiles} C file(s) but made no program that still exists "
                            "(only configure tests, or executables it removed)", 2)
    elif args.compile_commands:
        capture = cap_mod.from_compile_commands(args.compile_commands)
        if not capture.programs:
            raise PortError(f"{args.compile_commands}: no C file to port", 2)
    else:
        capture = cap_mod.from_files(args.files, args.includes, args.defines)

    results = translate_all(capture, out, work, tmp_root, args.jobs, args.force)
    write_outputs(out, results)
    rep = build_report(capture, results, out, args.jobs, time.time() - started)
    report_mod.write_all(out, rep)
    print(report_mod.summary_text(rep))
    print(f"cmpi-port: report: {os.path.join(out, 'report.html')}", file=sys.stderr)
    shutil.rmtree(tmp_root, ignore_errors=True)
    if any(r.status == "internal-error" for r in results):
        return 3
    if any(r.status == "failed" for r in results) or capture.build_status:
        return 1
    if args.verify:
        from ..verify.cli import main as verify_main
        return verify_main([args.verify, "-o", os.path.join(out, "verify")])
    return 0


def _compiled_units(records):
    for rec in records:
        if rec.get("kind") == "compiler" and rec.get("mode") in ("compile", "link"):
            for s in rec["sources"]:
                yield cap_mod.unit_from_record(rec, s)


# ------------------------------------------------------------------ translating every program

class Progress:
    """A bar on a terminal (done/total, elapsed, the program being translated); plain lines otherwise."""

    def __init__(self, total: int, stream=None):
        self.stream = stream or sys.stderr
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.total, self.done = total, 0
        self.current: List[str] = []
        self.start = time.perf_counter()
        self.lock = threading.Lock()
        self._stop = threading.Event()
        if self.tty:
            threading.Thread(target=self._tick, daemon=True).start()

    def _tick(self):
        while not self._stop.wait(0.5):
            self.draw()

    def draw(self):
        if not self.tty:
            return
        with self.lock:
            width = 24
            filled = int(width * self.done / max(1, self.total))
            now = ", ".join(self.current[:3])
            line = (f"\r\033[K[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} "
                    f"{time.perf_counter() - self.start:5.1f}s {now}")
            self.stream.write(line[:200])
            self.stream.flush()

    def started(self, name: str):
        with self.lock:
            self.current.append(name)
        self.draw()

    def finished(self, r: Result):
        with self.lock:
            self.done += 1
            if r.job.folder in self.current:
                self.current.remove(r.job.folder)
            if not self.tty:
                errs = sum(d["severity"] == "error" for d in r.diagnostics)
                warns = sum(d["severity"] == "warning" for d in r.diagnostics)
                how = "unchanged" if r.cached else f"{r.seconds:.2f} s"
                self.stream.write(f"cmpi-port: [{self.done}/{self.total}] {r.job.folder}: {r.status} ({how}"
                                  f"{f', {errs} errors' if errs else ''}{f', {warns} warnings' if warns else ''})\n")
                self.stream.flush()
        self.draw()

    def close(self):
        self._stop.set()
        if self.tty:
            self.stream.write("\r\033[K")
            self.stream.flush()


def translate_all(capture: Capture, out: str, work: str, tmp_root: str, jobs: int, force: bool) -> List[Result]:
    names = folder_names(capture.programs)
    dupes = {}
    for i, p in enumerate(capture.programs):
        dupes.setdefault(p.name, []).append(i)
    for name, idx in dupes.items():
        if len(idx) > 1:
            where = ", ".join(f"{capture.programs[i].executable or capture.programs[i].units[0].source} -> "
                              f"{os.path.join(os.path.basename(out), names[i])}" for i in idx)
            print(f"cmpi-port: note: {len(idx)} programs are named '{name}': ported apart as {where}", file=sys.stderr)
    staging = os.path.join(work, "staged-sources")
    stamps = os.path.join(work, "stamps")
    os.makedirs(stamps, exist_ok=True)
    settings = f"runtime={runtime_version()} translate={os.environ.get('CMPI_PORT_TRANSLATE', '')}"
    todo: List[Job] = []
    results: List[Result] = []
    for i, p in enumerate(capture.programs):
        job = make_job(p, names[i], capture.store, staging)
        job.key = job_key(job, settings)
        cached = None if force else _cached(job, out, stamps)
        if cached:
            results.append(cached)
        elif not job.sources:
            results.append(Result(job, "failed", [{"file": None, "line": 0, "column": 0, "severity": "error",
                                                   "message": "none of the program's C files can be read",
                                                   "category": "missing-source", "source_line": None}], 0.0, 0, 0))
        else:
            todo.append(job)
    progress = Progress(len(capture.programs))
    for r in results:
        progress.finished(r)
    runner = make_runner()  # cmpi-translate --batch processes, one per worker (translate.py)

    def one(job: Job) -> Result:
        progress.started(job.folder)
        tmp = os.path.join(tmp_root, job.folder)
        shutil.rmtree(tmp, ignore_errors=True)
        r = runner.translate(job, tmp)
        if r.status == "ported":
            write_project(tmp, job.folder, r.class_name, list(job.originals.values()))
        _install(r, out, tmp, stamps)
        progress.finished(r)
        return r

    pool = ThreadPoolExecutor(max_workers=max(1, min(jobs, len(todo) or 1)))
    try:
        futures = [pool.submit(one, j) for j in todo]
        for f in as_completed(futures):
            results.append(f.result())
    except BaseException:
        runner.interrupt()
        pool.shutdown(wait=True, cancel_futures=True)
        runner.close()
        progress.close()
        shutil.rmtree(tmp_root, ignore_errors=True)
        raise
    pool.shutdown()
    runner.close()
    progress.close()
    order = {id(p): i for i, p in enumerate(capture.programs)}
    results.sort(key=lambda r: order[id(r.job.program)])
    return results


def _install(r: Result, out: str, tmp: str, stamps: str) -> None:
    """Puts a finished port in place with renames (never half a port in ported/<folder>), then its stamp."""
    final = os.path.join(out, r.job.folder)
    trash = os.path.join(os.path.dirname(tmp), "." + r.job.folder + ".old")
    shutil.rmtree(trash, ignore_errors=True)
    if os.path.exists(final):
        os.rename(final, trash)
    if r.status == "ported":
        os.rename(tmp, final)
    else:
        shutil.rmtree(tmp, ignore_errors=True)
    shutil.rmtree(trash, ignore_errors=True)
    stamp = {"format": "cmpi-port-stamp/1", "key": r.job.key, "entry": _entry(r, out)}
    report_mod.write_atomic(os.path.join(stamps, r.job.folder + ".json"), json.dumps(stamp))


def _cached(job: Job, out: str, stamps: str) -> Optional[Result]:
    try:
        with open(os.path.join(stamps, job.folder + ".json"), encoding="utf-8") as f:
            stamp = json.load(f)
    except (OSError, json.JSONDecodeError):
        return None
    if stamp.get("key") != job.key:
        return None
    e = stamp["entry"]
    if e["status"] == "ported" and not os.path.exists(os.path.join(out, e["output"])):
        return None
    return Result(job, e["status"], e["diagnostics"], e["translation_seconds"], e["c_lines"], e["cs_lines"],
                  cached=True, class_name=e.get("class"))


def _entry(r: Result, out: str) -> dict:
    j = r.job
    ported = r.status == "ported"
    return {
        "name": j.folder,
        "executable": j.program.executable,
        "status": r.status,
        "cached": r.cached,
        "class": r.class_name if ported else None,
        "output": os.path.join(j.folder, f"{r.class_name}.cs") if ported else None,
        "project": os.path.join(j.folder, f"{r.class_name}.csproj") if ported else None,
        "sources": [j.originals.get(s, s) for s in j.sources],
        "includes": j.includes,
        "defines": j.defines,
        "clang_args": j.clang_args,
        "c_lines": r.c_lines,
        "cs_lines": r.cs_lines,
        "translation_seconds": round(r.seconds, 3),
        "diagnostics": r.diagnostics,
        "notes": j.notes,
    }


# ------------------------------------------------------------------ the solution and the report

def write_outputs(out: str, results: List[Result]) -> None:
    report_mod.write_atomic(os.path.join(out, "nuget.config"),
                            _nuget_config())
    ported = [(r.job.folder, r.class_name) for r in results if r.status == "ported"]
    report_mod.write_atomic(os.path.join(out, "Ported.sln"), solution_text(ported))


def _nuget_config() -> str:
    from .translate import NUGET_CONFIG
    from xml.sax.saxutils import escape
    feed = nuget_feed()
    if not os.path.isdir(feed):
        print(f"cmpi-port: warning: no CloudMpi package feed at {feed}: run `make setup` (it packs the runtime) "
              "before building the ports", file=sys.stderr)
    return NUGET_CONFIG.format(feed=escape(feed, {'"': "&quot;"}))


def build_report(capture: Capture, results: List[Result], out: str, jobs: int, elapsed: float) -> dict:
    programs = []
    for r in results:
        e = _entry(r, out)
        e["cached"] = r.cached
        programs.append(e)
    return {
        "schema": report_mod.SCHEMA_ID,
        "tool": {"name": "cmpi-port", "version": VERSION, "translator": translator_fingerprint()[:16],
                 "runtime_package": f"CloudMpi.Run {runtime_version()}"},
        "output": out,
        "command": capture.command,
        "capture": {"mode": capture.mode, "build_status": capture.build_status, "compiles": capture.compiles,
                    "links": capture.links, "skipped": capture.skipped, "notes": capture.notes,
                    "static_libraries": "per program: a library's files are translated into each program that "
                                        "links it"},
        "jobs": jobs,
        "elapsed_seconds": round(elapsed, 3),
        "summary": report_mod.summary(programs),
        "categories": report_mod.categories(programs),
        "programs": programs,
    }


if __name__ == "__main__":
    sys.exit(main())
