"""A warm cmpi-translate for scripts/fuzz.py: imports the translator once, then forks one child per input.

Started as `.venv/bin/python scripts/fuzz_worker.py`; reads one JSON request a line on stdin
({"argv": [...], "cwd": dir, "stderr": file, "timeout": CPU s, "wall_timeout": s}) and answers one JSON line on stdout
({"status": waitstatus or null, "timeout": bool, "seconds": wall s, "cpu": the child's CPU s}).

Why: a cold `cmpi-translate` spends most of a small input's time starting Python and importing the translator
(and libclang's bindings); a fork of a process that already did so starts in milliseconds. Isolation stays as a
separate process gives it: each input runs in its own child, which calls the console script's own entry point
(translator.cli.main) and exits with its status; a crash is the child's signal, a hang is killed at the bound
(SIGKILL), and nothing a translation caches or changes reaches the next input, since the parent never translates.
Only modules are imported here, and the rules table loaded (a pure, cached read of rules/*.toml); no C is parsed.
"""
from __future__ import annotations

import json
import os
import select
import signal
import sys
import time


def _warm() -> None:
    os.environ.setdefault("LIBCLANG_NOTHREADS", "1")  # as translator.cli.main sets it, before libclang loads
    import translator.cli  # noqa: F401
    import translator.csharp.decls  # noqa: F401
    import translator.csharp.context  # noqa: F401
    import translator.emit  # noqa: F401
    import translator.reader.frontend  # noqa: F401
    import clang.cindex as ci
    from translator.rules import load
    load()
    ci.conf.lib  # loads libclang.so (and checks its functions) once, here
    translator.emit._env.get_template("program.cs.j2")  # compiled once: a third of a small input's time


def _child(request) -> None:
    """In the forked child: the translation, as `cmpi-translate ARGV` in CWD with stderr to a file."""
    try:
        os.chdir(request["cwd"])
        fd = os.open(request["stderr"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(fd, 2)
        os.dup2(fd, 1)  # the protocol's pipe must not receive what the translator prints
        os.close(fd)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)  # nor may the translation read the requests meant for the worker
        os.close(null)
        sys.stdout = open(1, "w", closefd=False)
        sys.stderr = open(2, "w", closefd=False)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        sys.argv = ["cmpi-translate", *request["argv"]]
        from translator.cli import main
        status = main(request["argv"])
        sys.stdout.flush()
        sys.stderr.flush()
    except SystemExit as e:  # argparse's usage errors, as the console script exits with them
        status = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        sys.stderr.flush()
    except BaseException:  # the console script would print the traceback and exit 1
        import traceback
        traceback.print_exc()
        sys.stderr.flush()
        status = 1
    os._exit(status if isinstance(status, int) else 1)


_TICK = os.sysconf("SC_CLK_TCK")


def _cpu_of(pid: int) -> float:
    """CPU seconds (user + system, all threads) of a running child, from /proc/<pid>/stat."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / _TICK  # utime and stime: fields 14 and 15 of proc(5)
    except (OSError, IndexError, ValueError):
        return 0.0


def _wait(pid: int, cpu_timeout: float, wall_timeout: float):
    """(waitstatus, timed_out, CPU seconds) of the child: killed with SIGKILL past `cpu_timeout` seconds of CPU
    time (a bound that does not depend on how loaded the machine is) or `wall_timeout` seconds (a child blocked
    without using CPU)."""
    deadline = time.monotonic() + wall_timeout
    pidfd = os.pidfd_open(pid) if hasattr(os, "pidfd_open") else None
    try:
        while True:
            done, status, usage = os.wait4(pid, os.WNOHANG)
            if done:
                return status, False, usage.ru_utime + usage.ru_stime
            left = deadline - time.monotonic()
            if left <= 0 or _cpu_of(pid) > cpu_timeout:
                os.kill(pid, signal.SIGKILL)
                _, _, usage = os.wait4(pid, 0)
                return None, True, usage.ru_utime + usage.ru_stime
            if pidfd is not None:
                select.select([pidfd], [], [], min(left, 0.2))
            else:
                time.sleep(min(left, 0.01))
    finally:
        if pidfd is not None:
            os.close(pidfd)


def main() -> int:
    _warm()
    out = sys.stdout
    print(json.dumps({"ready": True}), file=out, flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        start = time.monotonic()
        pid = os.fork()
        if pid == 0:
            _child(request)
        status, timed_out, cpu = _wait(pid, request["timeout"], request["wall_timeout"])
        try:
            print(json.dumps({"status": status, "timeout": timed_out, "seconds": time.monotonic() - start,
                              "cpu": cpu}), file=out, flush=True)
        except BrokenPipeError:
            return 0  # the harness is gone (stopped; --resume goes on)
    return 0


if __name__ == "__main__":
    sys.exit(main())
