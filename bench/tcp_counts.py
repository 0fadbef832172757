#!/usr/bin/python3
"""Load-independent counts per barrier (issue 28, tcp): context switches, CPU us, system calls (perf stat with
syscall tracepoints, all processes of the job), from two runs of commbench barrier with R1 and R2 repetitions:
(c(R2) - c(R1)) / (1.1 (R2 - R1)) barriers (commbench runs 1.1 R barriers: R/10 warm-up), so start-up cancels.
Configurations interleaved, rounds repeated, medians printed. --strace counts with strace -f -c instead (slow,
distorts timing: a rank slowed by it lets its reader threads take over).

    bench/tcp_counts.py [--rounds 3] [--r1 100] [--r2 600] \
        "this=dotnet build/runtime/cmpi-run.dll -n 7 --transport tcp CommBench.cs" \
        "old=dotnet build/runtime/cmpi-run.dll -n 7 --transport tcp CommBench.cs@CMPI_TCP_SLEEP=lock,CMPI_YIELD_US=500" \
        "ompi=mpirun -np 7 --mca btl tcp,self ./commbench"

Each command gets `barrier -m 1 -r R` appended (`--bench pingpong`: `pingpong -m 1 -r R`, counts per round trip of
1 B); `@VAR=VALUE,...` sets the environment. Needs perf (root or perf_event_paranoid allowing tracepoints).
`--segments` runs each job in a network namespace of its own (`unshare -n`, loopback only: cmpi's ranks, not
Open MPI's, whose tcp leaves loopback out) and adds the TCP segments its kernel sent (`OutSegs` of /proc/net/snmp):
data frames and the acknowledgements sent on their own."""
import argparse, os, re, statistics, subprocess, sys, tempfile

ap = argparse.ArgumentParser()
ap.add_argument("--strace", action="store_true")
ap.add_argument("--rounds", type=int, default=3)
ap.add_argument("--r1", type=int, default=500)
ap.add_argument("--r2", type=int, default=2500)
ap.add_argument("--bench", default="barrier", choices=("barrier", "pingpong"))
ap.add_argument("--segments", action="store_true", help="count TCP segments (a private network namespace per job)")
ap.add_argument("configs", nargs="+")
a = ap.parse_args()
EVENTS = ("context-switches,task-clock,raw_syscalls:sys_enter,syscalls:sys_enter_futex,syscalls:sys_enter_sched_yield,"
          "syscalls:sys_enter_poll,syscalls:sys_enter_write,syscalls:sys_enter_recvfrom,syscalls:sys_enter_sendto,"
          "syscalls:sys_enter_epoll_wait,syscalls:sys_enter_writev,syscalls:sys_enter_readv")
ROW = re.compile(r"^\s*\d+\s+([0-9.eE+-]+)\s")

def run(cmd, env, reps):
    full = cmd + [a.bench, "-m", "1", "-r", str(reps)]
    with tempfile.NamedTemporaryFile("r", suffix=".txt") as f:
        if a.strace:
            full = ["strace", "-f", "-c", "-o", f.name] + full
        else:
            full = ["perf", "stat", "-x", ",", "-e", EVENTS, "-o", f.name] + full
        if a.segments:
            # A fresh namespace's counters start at 0: what it shows after the job is the job's.
            full = ["unshare", "-n", "sh", "-c", 'ip link set lo up && "$@"; rc=$?; grep "^Tcp:" /proc/net/snmp >&2; exit $rc',
                    "sh"] + full
        p = subprocess.run(full, capture_output=True, text=True, env=env, timeout=600)
        if p.returncode:
            print("FAIL", full, p.stderr[-400:], file=sys.stderr)
            return None
        us = next((float(m.group(1)) for l in p.stdout.splitlines() if (m := ROW.match(l))), float("nan"))
        text = open(f.name).read()
    out = {"us": us}
    if a.segments:
        tcp = [l.split()[1:] for l in p.stderr.splitlines() if l.startswith("Tcp:")][-2:]
        if len(tcp) == 2:
            out["segments"] = float(dict(zip(*tcp))["OutSegs"])
    if a.strace:
        m = re.search(r"^\s*[0-9.]+\s+[0-9.]+\s+\d*\s+(\d+)\s+(\d+)?\s*total", text, re.M)
        tot = re.search(r"(\d+)\s+(?:\d+\s+)?total\s*$", text, re.M)
        lines = [l.split() for l in text.splitlines() if re.match(r"^\s*[0-9.]+\s+[0-9.]+\s+\d+\s+\d+", l)]
        out["syscalls"] = sum(int(l[3]) for l in lines if l[-1] != "total")
        for l in lines:
            if l[-1] in ("recvfrom", "sendto", "sched_yield", "poll", "futex", "read", "write", "sendmsg", "epoll_wait", "ppoll"):
                out[l[-1]] = int(l[3])
    else:
        for l in text.splitlines():
            parts = l.split(",")
            if len(parts) > 3 and parts[0].replace(".", "").isdigit() and parts[2] not in ("task-clock",):
                name = parts[2].replace("syscalls:sys_enter_", "").replace("raw_syscalls:sys_enter", "syscalls")
                out[name] = float(parts[0])
            if len(parts) > 3 and parts[2] == "task-clock": out["cpu_us"] = float(parts[0]) * 1000
    return out

configs = []
for spec in a.configs:
    label, rest = spec.split("=", 1)
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1", OMPI_MCA_rmaps_base_oversubscribe="1")
    if "@" in rest:
        rest, settings = rest.split("@", 1)
        env.update(kv.split("=", 1) for kv in settings.split(","))
    configs.append((label, rest.split(), env))
res = {l: [] for l, _, _ in configs}
for rnd in range(a.rounds):
    for label, cmd, env in configs:
        c1 = run(cmd, env, a.r1); c2 = run(cmd, env, a.r2)
        if c1 and c2:
            d = {k: (c2[k] - c1[k]) / (1.1 * (a.r2 - a.r1)) for k in c2 if k != "us" and k in c1}
            d["us"] = c2["us"]
            res[label].append(d)
    print(f"round {rnd+1} done, load {os.getloadavg()[0]:.1f}", file=sys.stderr, flush=True)
keys = sorted({k for l in res for d in res[l] for k in d})
print(("per barrier" if a.bench == "barrier" else "per round trip") + " (median of rounds):  " + "  ".join(f"{k:>10}" for k in keys))
for label in res:
    vals = [statistics.median([d[k] for d in res[label] if k in d]) if any(k in d for d in res[label]) else float("nan") for k in keys]
    print(f"{label:>12}: " + "  ".join(f"{v:10.3g}" for v in vals))
