"""Peak resident memory of a whole job: the process a harness started and every process under it.

getrusage(RUSAGE_CHILDREN).ru_maxrss cannot give it: it is the largest single descendant since the
harness started, over all the runs before too, so a native job of 4 rank processes would count as one
rank and a translated job (one process) as itself. Instead a thread reads /proc while the job runs:
each process's VmHWM (the kernel's own high-water mark of its resident set) as last seen, summed over
the job's processes when the job ends. That is each process's peak, added up: the same measure for
mpirun's ranks as for cmpi-run's single process (which holds all ranks as threads), the measure issue
28's target ("peak RSS of the port <= 1.25x the native job's") compares. Linux only; elsewhere the
result is None.
"""
from __future__ import annotations

import os
import threading
from typing import Dict, Optional, Set


def _children_by_parent() -> Dict[int, Set[int]]:
    children: Dict[int, Set[int]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                stat = f.read()
        except OSError:
            continue  # gone meanwhile
        # "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split after the last ")"
        fields = stat[stat.rfind(b")") + 2:].split()
        children.setdefault(int(fields[1]), set()).add(int(name))
    return children


def _high_water_kib(pid: int) -> Optional[int]:
    try:
        with open(f"/proc/{pid}/status", "rb") as f:
            for line in f:
                if line.startswith(b"VmHWM:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return None


class JobMemory:
    """Started with the job's root pid, stopped when it has exited: `peak_mib` is then the sum of the
    processes' high-water marks. Sampled every `interval` seconds; a process's growth in its last
    interval before exiting is missed (the jobs measured run for seconds, their peaks are reached early)."""

    def __init__(self, root_pid: int, interval: float = 0.05):
        self.root_pid = root_pid
        self.interval = interval
        self._peaks: Dict[int, int] = {}
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True) if os.path.isdir("/proc") else None
        if self._thread:
            self._thread.start()

    def _run(self) -> None:
        while True:
            self._sample()
            if self._done.wait(self.interval):
                return

    def _sample(self) -> None:
        children = _children_by_parent()
        todo, seen = [self.root_pid], set()
        while todo:
            pid = todo.pop()
            if pid in seen:
                continue
            seen.add(pid)
            hwm = _high_water_kib(pid)
            if hwm is not None:
                self._peaks[pid] = max(hwm, self._peaks.get(pid, 0))
            todo.extend(children.get(pid, ()))

    def stop(self) -> Optional[float]:
        """Called after the job has exited; the peak in MiB, or None where /proc is not there."""
        if not self._thread:
            return None
        self._done.set()
        self._thread.join()
        return sum(self._peaks.values()) / 1024 if self._peaks else None
