"""`cmpi-translate --batch JOBS`: many translations, the start-up paid once (issue 28: the corpus in under 5 s).

A translation alone spends about 0.2 s of CPU before it reads a line of C: Python's start, the translator's imports
(the IR's dataclasses, Jinja, libclang's bindings), the rules' tables, the template's compilation. A port of a
codebase, or the corpus, pays that once per program. Here one process does it once, then forks a child per job:
the child is `cmpi-translate ARGS` exactly (translator.cli.main, its bounds, its exit status), started warm. The
parent never translates, so nothing one translation caches or changes reaches the next, a crash is one job's, and
each job's --time-limit and --memory-limit bound that job alone (scripts/fuzz_worker.py serves the fuzz the same
way).

JOBS ('-': standard input, read line by line as the jobs come) has one job a line, its arguments shell-quoted as on
the command line (blank lines and `#` comments skipped). Options given beside --batch are given to every job, before its own (a job's own win). For
each job, in order, one JSON line on standard output:

    {"line": its line in JOBS, "exit": its exit status (-N: killed by signal N), "output": its standard output,
     "diagnostics": its standard error, "cpu": its CPU seconds (user + system)}

Exit status: 0 when every job exited 0, else the highest of theirs (1 for a signal); 2 when JOBS cannot be read.
"""
from __future__ import annotations

import json
import os
import signal
import shlex
import sys
import tempfile
from typing import Callable, List, Tuple


def run_batch(jobs: str, common: List[str], translate: Callable[[List[str]], int],
              is_batch: Callable[[List[str]], bool]) -> int:
    """The jobs of JOBS, each `translate(common + its arguments)` (cli.main, passed in: this module does not import
    the command line that imports it) in a child of its own; a job for which `is_batch` holds is refused."""
    try:
        if jobs == "-":
            # read as they come: a caller may send a job, read its result, then send the next (cmpi-port keeps one
            # batch per worker so), where reading to the end first would wait for jobs that wait for results
            lines = (line.rstrip("\n") for line in iter(sys.stdin.readline, ""))
        else:
            with open(jobs, encoding="utf-8", errors="surrogateescape") as f:
                lines = iter(f.read().split("\n"))
    except OSError as e:
        print(f"cmpi-translate: error: cannot read the jobs {jobs}: {e.strerror}", file=sys.stderr)
        return 2
    _warm()
    worst = 0
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            argv = common + shlex.split(line)
        except ValueError as e:
            result = {"line": number, "exit": 2, "output": "",
                      "diagnostics": f"cmpi-translate: error: line {number} of {jobs}: {e}\n", "cpu": 0.0}
        else:
            status, output, diagnostics, cpu = _run_job(argv, translate, is_batch)
            result = {"line": number, "exit": status, "output": output, "diagnostics": diagnostics,
                      "cpu": round(cpu, 4)}
        sys.stdout.write(json.dumps(result) + "\n")
        sys.stdout.flush()  # a reader sees each job as it ends
        worst = max(worst, result["exit"] if result["exit"] >= 0 else 1)
    return worst


def _warm() -> None:
    """What every translation does first and the same way, done once before the forks: the imports, libclang
    loaded, the rules' tables read, the C# template compiled."""
    import gc
    os.environ.setdefault("LIBCLANG_NOTHREADS", "1")  # as cli.main sets it, before libclang loads
    from . import emit
    from .csharp import context, decls  # noqa: F401  (the emission's modules; decls imports the handlers)
    from .reader import frontend  # noqa: F401
    from .reader.clang_setup import ci
    from .rules import load
    ci.conf.lib  # loads libclang.so and checks its functions, once here
    load()
    emit.template()
    # what the children inherit is never garbage: kept out of their collections (cli.main freezes again)
    gc.collect()
    gc.freeze()


XCPU_MESSAGE = ("cmpi-translate: error: the translation went past --time-limit inside one call that could not be "
                "interrupted and was stopped by the kernel's CPU limit: the input is beyond cmpi's bounds "
                "[-Wresource-limit]")


def _run_job(argv: List[str], translate, is_batch) -> Tuple[int, str, str, float]:
    """One job in a forked child: (exit status, standard output, standard error, CPU seconds)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            _child(argv, out.fileno(), err.fileno(), translate, is_batch)
        _, status, usage = os.wait4(pid, 0)
        out.seek(0)
        err.seek(0)
        code = os.waitstatus_to_exitcode(status)
        diagnostics = err.read().decode("utf-8", "surrogateescape")
        if code == -signal.SIGXCPU:  # the kernel's backstop of --time-limit (cli._cpu_backstop)
            diagnostics += XCPU_MESSAGE + "\n"
            code = 1
        return (code, out.read().decode("utf-8", "surrogateescape"), diagnostics, usage.ru_utime + usage.ru_stime)


def _child(argv: List[str], out: int, err: int, translate, is_batch) -> None:
    """`cmpi-translate ARGV` with its standard output and error in the given files; never returns."""
    status = 1
    try:
        os.dup2(out, 1)
        os.dup2(err, 2)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)  # the jobs may come on standard input: no translation reads them
        os.close(null)
        sys.stdin = open(0, closefd=False)
        sys.stdout = open(1, "w", encoding="utf-8", closefd=False)
        sys.stderr = open(2, "w", encoding="utf-8", closefd=False)
        sys.argv = ["cmpi-translate", *argv]
        try:
            if is_batch(argv):
                print("cmpi-translate: error: a job of a batch is no batch", file=sys.stderr)
                status = 2
            else:
                status = translate(argv)
        except SystemExit as e:  # argparse's end of arguments it cannot read (2), or --help's (0)
            status = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except BaseException:  # as the console script would end: the traceback, exit 1
        import traceback
        traceback.print_exc()
        status = 1
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(status if isinstance(status, int) else 1)
