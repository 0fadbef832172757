#!/usr/bin/python3
"""Two or more builds of the runtime side by side on the tcp transport, interleaved (issue 28).

Each round runs corpus/commbench once per build (`dotnet BUILD/cmpi-run.dll -n N --transport tcp`), and with
--native once under Open MPI `--mca btl tcp,self`; prints per-size medians over the rounds, each column's ratio to
the first, and the CPU seconds per job (all processes, start-up included, from the children's rusage).

On a shared machine a rank's yield can take milliseconds and every cell varies 2-10x from run to run; --rt runs
each job under `chrt -f 10` (SCHED_FIFO, needs root or CAP_SYS_NICE), so the machine's other work cannot take the
job's cores while it runs: a quiet machine for the job's duration. The kernel still leaves 5 % of each second to
other tasks (sched_rt_runtime_us), so nothing else hangs.

    bench/tcp_ab.py [--rt] [--native] [--rounds 3] [--bench pingpong|barrier] [--ranks 2] [-m BYTES] [-r REPS]
                    main=/path/to/main/build/runtime/cmpi-run.dll this=build/runtime/cmpi-run.dll[@VAR=VALUE,...]

The .cs and the native program: `cmpi-translate corpus/commbench/commbench.c -o CS`, `mpicc -O2 -o EXE ...`.
"""
import argparse
import os
import re
import resource
import statistics
import subprocess
import sys

ROW = re.compile(r"^\s*(\d+)\s+([0-9.eE+-]+)\s+([0-9.eE+-]+)\s*$")
NATIVE_ENV = {"OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
              "OMPI_MCA_rmaps_base_oversubscribe": "1"}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cs", required=True, help="the translated commbench (CommBench.cs)")
    ap.add_argument("--exe", help="the native commbench (for --native)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--bench", default="pingpong")
    ap.add_argument("--ranks", type=int, default=2)
    ap.add_argument("-m", default="4194304", help="largest message")
    ap.add_argument("-r", default="1000", help="repetitions of small messages")
    ap.add_argument("--native", action="store_true", help="also Open MPI over tcp")
    ap.add_argument("--rt", action="store_true", help="each job under chrt -f 10")
    ap.add_argument("builds", nargs="+", help="LABEL=PATH/cmpi-run.dll[@VAR=VALUE,...]")
    a = ap.parse_args()
    args = [a.bench, "-m", a.m, "-r", a.r]
    configs = []
    for spec in a.builds:
        label, dll = spec.split("=", 1)
        extra = {}
        if "@" in dll:
            dll, settings = dll.split("@", 1)
            extra = dict(kv.split("=", 1) for kv in settings.split(","))
        configs.append((label, ["dotnet", dll, "-n", str(a.ranks), "--transport", "tcp", "--timeout", "600",
                                "--deadlock-timeout", "120", a.cs, *args], dict(os.environ, **extra)))
    if a.native:
        configs.append(("ompi-tcp", ["mpirun", "-np", str(a.ranks), "--mca", "btl", "tcp,self", a.exe, *args],
                        dict(os.environ, **NATIVE_ENV)))
    times = {label: {} for label, _, _ in configs}
    cpu = {label: [] for label, _, _ in configs}
    for rnd in range(a.rounds):
        for label, cmd, env in configs:
            if a.rt:
                cmd = ["chrt", "-f", "10", *cmd]
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=900)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu[label].append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
            if p.returncode:
                print(f"{label}: exit {p.returncode}: {p.stderr[-500:]}", file=sys.stderr)
                continue
            for line in p.stdout.splitlines():
                m = ROW.match(line)
                if m:
                    times[label].setdefault(int(m.group(1)), []).append(float(m.group(2)))
        print(f"round {rnd + 1} of {a.rounds} done (load {os.getloadavg()[0]:.1f})", file=sys.stderr, flush=True)
    labels = [label for label, _, _ in configs]
    print("size " + " ".join(f"{label:>12}" for label in labels) + "   "
          + " ".join(f"{label}/{labels[0]}" for label in labels[1:]))
    for size in sorted({s for label in labels for s in times[label]}):
        med = [statistics.median(times[label][size]) if times[label].get(size) else float("nan") for label in labels]
        print(f"{size:>8} " + " ".join(f"{v:12.2f}" for v in med) + "   " + " ".join(f"{v / med[0]:.2f}" for v in med[1:]))
    print("CPU seconds per job (median): " + ", ".join(f"{label} {statistics.median(cpu[label]):.2f}" for label in labels))
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
