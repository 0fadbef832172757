#!/usr/bin/python3
"""`make bench-scale`: the azure transport's storage requests and times, measured on Azurite beside the model of
bench/scale_model.py, and the model projected to 64-4096 ranks (docs/scale.md).

Measured: bench/scale/collectives.c translated, run with `cmpi-run --transport azure --hosting threads --stats` on a
private in-memory Azurite of its own (Storage, below), at each rank count, once per collective and variant; --stats gives the requests by kind.
Printed per run: queue puts and deletes measured / modelled (these must agree exactly), gets (between M/32 and M),
empty polls, and the time per operation measured beside two models calibrated in the same run: the latency model
(rounds of hops, from the 2-rank ping-pong) and the loaded model (the same path with every request slowed by the p
ranks sharing Azurite, whose throughput is measured by a saturating poll run, and for a broadcast or scatter only the
root's own puts, as rank 0 times it, but no less than the service's time for the operation's requests; scale_model.timed_op_seconds). The
column meas/loaded must lie within the margin (--margin, a factor either way; for the table barrier, whose model is a
lower bound, only the lower side). Then the idle test (every rank but 0
blocked for --idle seconds) and a 2-rank ping-pong, each with the old poll schedule (CMPI_AZURE_IDLE_POLL_MS=20) and
the new one, interleaved round by round: empty polls per idle rank and second, and ms per round trip.

    bench/scale.py [--ranks 2,4,8,16,32] [--reps 3] [--idle 10] [--ops barrier,bcast,...] [--margin 3]
                   [--json build/bench/scale.json] [--project-only]

Exit status 1 when a measured message count differs from the model or a run fails; 3 when the counts agree but a
measured time lies outside the margin of the loaded model. --json keeps every number for bench/scale_plots.py.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import subprocess
import time
import sys
from typing import Callable, Dict, List, Optional, Tuple

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import common  # noqa: E402
import scale_model as model  # noqa: E402
from azurite_probe import ResponsivenessProbe  # noqa: E402
from common import progress  # noqa: E402

SOURCE = os.path.join(common.ROOT, "bench", "scale", "collectives.c")
# Round trips of the untimed 2-rank ping-pong that warms each new Azurite up (Storage.warm_up).
WARM_UP_ROUND_TRIPS = 100
# Seconds a taken message stays hidden on the private Azurite (the transport's default is 5 s): longer than its pauses.
VISIBILITY_TIMEOUT_S = 30
# The fewest ranks whose 20 ms polls ask Azurite for more requests than it answers on this host class.
CALIBRATION_RANKS = 32
AZURITE = os.path.join(common.ROOT, "build", "azurite", "node_modules", ".bin", "azurite")
KINDS = ["queue put", "queue get", "empty poll", "queue delete", "blob upload", "blob download",
         "table insert", "table query", "create queue"]
TOTAL_LINE = re.compile(r"^\s*total\s+(\d+):\s*(.*)$")
WALL_LINE = re.compile(r"wall time ([0-9.]+) s")
RESULT_LINE = re.compile(r"^(\w+) (\d+) (\d+) ([0-9.]+)$")


def parse_stats(stderr: str) -> Tuple[Dict[str, int], float]:
    """The total line of cmpi-run --stats as {kind: count}, and the wall time."""
    counts: Dict[str, int] = {}
    wall = 0.0
    for line in stderr.splitlines():
        m = TOTAL_LINE.match(line)
        if m:
            for part in m.group(2).split(", "):
                if part:
                    name, _, n = part.rpartition(" ")
                    counts[name] = int(n)
        w = WALL_LINE.search(line)
        if w:
            wall = float(w.group(1))
    return counts, wall


class Storage:
    """Where the runs' queues live: the account of $CMPI_AZURE_CONNECTION_STRING, or else a private in-memory Azurite
    started afresh for each run, with a probe of its answers (bench/azurite_probe.py).

    Afresh, because Azurite's queue garbage collection (Azurite 3.35, every 60 s) deletes the extents of the messages
    of the last minute one at a time while its event loop waits: its own debug log (--azurite-debug-log) timed the pass
    at 2.7 s for 464 extents and 7.0 s for 896 at load ~50, and the probe saw Azurite answer nothing for 20-50 s in
    quiet runs (the 16- and 32-rank runs 5-57x their model, some with messages taken twice). A run on its own Azurite
    meets at most the sweep of its own messages, and none when it lasts under a minute. A real account has no such
    pause; the slowest answer is printed beside every run so that one left shows. A run longer than a minute still
    meets the sweep of its own messages (the 32-rank exchange allgather: 7 s), so messages stay hidden for
    VISIBILITY_TIMEOUT_S once taken."""

    def __init__(self, debug_log: str = "", warm_up: Optional[Callable[[Dict[str, str]], object]] = None):
        self.external = bool(os.environ.get("CMPI_AZURE_CONNECTION_STRING"))
        self.debug_log = debug_log
        # Run on each new Azurite before the measured run, untimed: a fresh node process answers its first requests
        # slower (its JavaScript not yet compiled by V8), which the model, calibrated on a warmed one, does not describe
        # (a run with cold Azurites measured median 2.7x the model against 1.2-1.5x on one warm Azurite the day before).
        self.warm_up = warm_up
        self.slowest_answer: Optional[float] = None  # of the last session's Azurite, seconds

    @contextlib.contextmanager
    def session(self):
        """The environment of one run."""
        if self.external:
            yield {}
            return
        from tests.support import Azurite
        server = Azurite(AZURITE, debug_log=self.debug_log)
        try:
            if self.warm_up:
                self.warm_up(dict(server.env))
        except BaseException:
            server.stop()
            raise
        probe = ResponsivenessProbe(f"http://127.0.0.1:{server.ports['queue']}/devstoreaccount1?comp=list")
        try:
            # A message taken while Azurite pauses would outlive the transport's 5 s visibility timeout and be taken
            # again (a delete too many, though the mailbox drops the copy); no rank dies here, so 30 s costs nothing.
            yield dict(server.env, CMPI_AZURE_VISIBILITY_TIMEOUT=str(VISIBILITY_TIMEOUT_S))
        finally:
            probe.stop()
            server.stop()
            self.slowest_answer = probe.longest_between(0.0, float("inf"))


def run(cs: str, p: int, op: str, variant: str, reps: int, storage: Storage,
        extra_env: Optional[Dict[str, str]] = None, timeout: float = 600) -> Tuple[Optional[float], Dict[str, int], float, str]:
    """One cmpi-run on a storage session of its own: (time per op in us or None, the --stats totals, wall seconds, error)."""
    with storage.session() as env:
        return _run(cs, p, op, variant, reps, env, extra_env, timeout)


def _run(cs: str, p: int, op: str, variant: str, reps: int, env: Dict[str, str],
         extra_env: Optional[Dict[str, str]], timeout: float) -> Tuple[Optional[float], Dict[str, int], float, str]:
    e = dict(os.environ, **env, **(extra_env or {}))
    if op in model.VARIANT_ENV:
        e[model.VARIANT_ENV[op]] = variant
    cmd = [common.CMPI_RUN, "-n", str(p), "--transport", "azure", "--hosting", "threads", "--stats",
           "--timeout", str(int(timeout)), cs, op, str(reps)]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, env=e, timeout=timeout + 60)
    except subprocess.TimeoutExpired:
        return None, {}, 0.0, "timed out"
    counts, wall = parse_stats(r.stderr)
    if r.returncode != 0:
        # the job's own error, not the --stats report that follows it
        lines = r.stderr.strip().splitlines()
        said = [l.strip() for l in lines if l.startswith("cmpi-run:") and "--stats" not in l][:3] or lines[-1:]
        return None, counts, wall, f"exit {r.returncode}: " + " | ".join(said)
    for line in r.stdout.splitlines():
        m = RESULT_LINE.match(line.strip())
        if m:
            return float(m.group(4)), counts, wall, ""
    return None, counts, wall, "no result line"


def measure(args, cs: str, storage: Storage, record: dict) -> int:
    ranks = [int(x) for x in args.ranks.split(",")]
    ops = args.ops.split(",")
    bad = 0
    # Calibrate the time model on the 2-rank ping-pong of this run (the host's load changes Azurite's speed).
    pp_us, _, _, err = run(cs, 2, "pingpong", "-", args.reps * 3, storage)
    if pp_us is None:
        print(f"ping-pong failed: {err}")
        return 1
    lat = model.Latency.from_pingpong(pp_us / 1e6)
    # At least 32 pollers: fewer (4 ranks poll 200 times a second) do not saturate Azurite, and the measured rate
    # would be their demand, not its ceiling (a --ranks 4 run modelled its scatters 3-4x too slow).
    calibration_ranks = max(ranks + [CALIBRATION_RANKS])
    server_rate = calibrate_server(args, cs, storage, calibration_ranks)
    parallel = min(model.PARALLEL_SENDS, args.parallel_sends or os.cpu_count() or 1)
    print(f"calibration: 2-rank ping-pong {pp_us / 1000:.1f} ms a round trip -> hop {lat.hop_s * 1000:.1f} ms, "
          f"request {lat.request_s * 1000:.1f} ms (bench/scale_model.py Latency.from_pingpong); "
          f"Azurite's throughput {server_rate:.0f} requests/s ({calibration_ranks} ranks polling every 20 ms for "
          f"{args.calibrate_seconds} s; scale_model.loaded_op_seconds); threaded sends under way at once: {parallel} "
          f"(the thread pool's minimum, one per core: scale_model.root_sends_in_a_row)\n")
    record["calibration"] = {"pingpong_ms": pp_us / 1000, "hop_ms": lat.hop_s * 1000, "request_ms": lat.request_s * 1000,
                             "server_rate_per_s": server_rate, "server_rate_ranks": calibration_ranks,
                             "parallel_sends": parallel}
    header = ["op", "variant", "p", "puts meas/model", "deletes meas/model", "gets [M/32, M]", "empty polls",
              "table ins meas/model", "retried/unanswered", "Azurite slowest s", "ms/op meas", "ms/op latency model", "ms/op loaded model", "meas/loaded"]
    rows: List[List[str]] = []
    ratios: List[float] = []
    outside: List[str] = []
    for op in ops:
        for variant in model.VARIANTS[op]:
            for p in ranks if op != "pingpong" else [2]:
                progress(f"  {op} {variant} p={p}")
                reps = op_reps(args, op)
                us, counts, wall, err = run(cs, p, op, variant, reps, storage)
                stall = storage.slowest_answer
                s = model.shape(op, variant, p)
                n = reps + 1  # one untimed operation first
                puts, deletes = counts.get("queue put", 0), counts.get("queue delete", 0)
                gets = counts.get("queue get", 0)
                inserts = counts.get("table insert", 0)
                ok = puts == n * s.messages and deletes == n * s.messages and inserts == n * s.table_inserts
                ok = ok and (n * s.messages + 31) // 32 <= gets <= n * s.messages
                if err or not ok:
                    bad += 1
                t_model = model.op_seconds(s, lat) * 1000
                t_loaded = model.timed_op_seconds(op, variant, p, lat, server_rate, parallel) * 1000
                ratio = (us / 1000) / t_loaded if us and t_loaded > 0 else None
                bound = (op, variant) in model.LOWER_BOUND_ONLY  # only "not faster than the model" is asked
                within = ratio is not None and 1 / args.margin <= ratio and (bound or ratio <= args.margin)
                if ratio:
                    ratios.append(ratio)
                    if not within:
                        # A try without an answer waits out the SDK's network timeout: say so, it explains the time.
                        tries = counts.get("retry", 0) + counts.get("unanswered", 0)
                        outside.append(f"{op} {variant} p={p}: {ratio:.2f}"
                                       + (f" ({counts.get('retry', 0)} retried, {counts.get('unanswered', 0)} unanswered tries)" if tries else "")
                                       + (f" (Azurite's slowest answer {stall:.1f} s)" if stall and stall >= 1 else ""))
                rows.append([op, variant, str(p), f"{puts}/{n * s.messages}{'' if ok else ' !'}",
                             f"{deletes}/{n * s.messages}", f"{gets} [{(n * s.messages + 31) // 32}, {n * s.messages}]",
                             str(counts.get("empty poll", 0)), f"{inserts}/{n * s.table_inserts}",
                             f"{counts.get('retry', 0)}/{counts.get('unanswered', 0)}",
                             f"{stall:.2f}" if stall is not None else "-",
                             f"{us / 1000:.1f}" if us else err[:30], f"{t_model:.1f}", f"{t_loaded:.1f}",
                             (f"{ratio:.2f}" + (" (bound)" if bound else "") + ("" if within else " !")) if ratio else "-"])
                record["runs"].append({"op": op, "variant": variant, "p": p, "reps": reps, "counts": counts,
                                       "wall_s": wall, "error": err, "counts_ok": ok, "messages_model": n * s.messages,
                                       "ms_per_op": us / 1000 if us else None, "ms_latency_model": t_model,
                                       "ms_loaded_model": t_loaded, "lower_bound_only": bound,
                                       "azurite_slowest_answer_s": stall})
    print(common.table(header, rows))
    if ratios:
        ratios.sort()
        print(f"\ntime measured / loaded model: median {ratios[len(ratios) // 2]:.2f}, range {ratios[0]:.2f}-{ratios[-1]:.2f} "
              f"over {len(ratios)} runs, {len(ratios) - len(outside)} within the margin of {args.margin:g}x either way "
              f"(Azurite on this host; load {os.getloadavg()[0]:.0f})")
        if outside:
            print("outside the margin: " + "; ".join(outside))
    print(f"message counts: {'all equal the model' if bad == 0 else f'{bad} run(s) differ from the model or failed'}")
    return 1 if bad else (3 if outside else 0)


def op_reps(args, op: str) -> int:
    """Operations timed in a run of op. A broadcast or scatter is timed by its root, which receives nothing and goes on
    as soon as its own puts are answered: a few of them back to back take a few milliseconds on a quiet host, less than
    the receivers' poll pauses, so the root's puts meet an Azurite the waiting ranks are not yet loading, and the
    loaded model (which assumes every rank polling: scale_model.loaded_request_s) was 11x too slow at 32 ranks
    (2026-11-26 22:20 UTC, 3 operations: 8.2 ms measured, 95.7 modelled). --rooted-reps of them reach the steady
    state the model describes."""
    return max(args.reps, args.rooted_reps) if op in ("bcast", "scatter") else args.reps


def calibrate_server(args, cs: str, storage: Storage, p: int) -> float:
    """Azurite's throughput as this host gives it now: p ranks (threads) all polling their empty queues every 20 ms
    (the old schedule: CMPI_AZURE_IDLE_POLL_MS=20) for --calibrate-seconds demand more requests than it answers, so
    the requests it answered a second are its ceiling, with the rank threads' own CPU on the same 2 cores included."""
    _, counts, _, err = run(cs, p, "idle", "-", args.calibrate_seconds, storage, {"CMPI_AZURE_IDLE_POLL_MS": "20"})
    answered = counts.get("empty poll", 0) + counts.get("queue get", 0)
    if err or answered == 0:
        progress(f"server calibration failed ({err}); the loaded model is the latency model")
        return 0.0
    return answered / args.calibrate_seconds


def idle(args, cs: str, storage: Storage, record: dict) -> None:
    """The poll schedule, old (CMPI_AZURE_IDLE_POLL_MS=20) against new, interleaved round by round: empty polls per
    idle rank and second (every rank but 0 blocked in MPI_Recv for --idle seconds) and a 2-rank ping-pong's round trip."""
    p = args.idle_ranks
    print(f"\nidle: {p} ranks, ranks 1..{p - 1} blocked {args.idle} s; ping-pong: 2 ranks, {args.pingpong_reps} round "
          f"trips; old schedule (CMPI_AZURE_IDLE_POLL_MS=20) and new interleaved, {args.rounds} rounds")
    rows = []
    schedules = (("old (20 ms)", {"CMPI_AZURE_IDLE_POLL_MS": "20"}), ("new (to 1 s)", {}))
    rates: Dict[str, List[float]] = {label: [] for label, _ in schedules}
    trips: Dict[str, List[float]] = {label: [] for label, _ in schedules}
    for rnd in range(args.rounds):
        for label, extra in schedules:
            _, counts, wall, err = run(cs, p, "idle", "-", args.idle, storage, extra)
            polls = counts.get("empty poll", 0)
            rate = polls / max(1e-9, (p - 1) * args.idle)
            if not err:
                rates[label].append(rate)
            us, _, _, perr = run(cs, 2, "pingpong", "-", args.pingpong_reps, storage, extra)
            if us:
                trips[label].append(us / 1000)
            rows.append([str(rnd + 1), label, str(polls), f"{rate:.1f}", f"{us / 1000:.1f}" if us else perr[:30],
                         (err or perr)[:30]])
    print(common.table(["round", "schedule", "empty polls", "per idle rank and s", "ping-pong ms/round trip", "error"], rows))
    old, new = schedules[0][0], schedules[1][0]
    if rates[old] and rates[new] and trips[old] and trips[new]:
        fewer = median(rates[old]) / max(1e-9, median(rates[new]))
        ratios = [n / o for o, n in zip(trips[old], trips[new])]
        print(f"idle polls: median {median(rates[old]):.1f} -> {median(rates[new]):.1f} per idle rank and second, "
              f"{fewer:.1f}x fewer (asked: at least 5x); ping-pong: median {median(trips[old]):.1f} -> "
              f"{median(trips[new]):.1f} ms, per-round new/old median {median(ratios):.2f} (asked: within 10 %)")
        record["schedule"] = {"idle_rate_old": rates[old], "idle_rate_new": rates[new], "pingpong_ms_old": trips[old],
                              "pingpong_ms_new": trips[new], "idle_s": args.idle, "idle_ranks": p,
                              "pingpong_reps": args.pingpong_reps}


def median(xs: List[float]) -> float:
    ys = sorted(xs)
    n = len(ys)
    return (ys[n // 2] + ys[(n - 1) // 2]) / 2 if n else 0.0


def project() -> None:
    """The model at 64-4096 ranks with a real account's latency (model.CLOUD): saturation points and cost."""
    lat = model.CLOUD
    print(f"projection: request {lat.request_s * 1000:.0f} ms, hop {lat.hop_s * 1000:.0f} ms (assumed, docs/scale.md); "
          f"targets {model.QUEUE_TARGET_PER_S}/s per queue, {model.ACCOUNT_TARGET_PER_S}/s per account; "
          f"{model.PRICE_PER_10K} USD per 10,000 requests")
    header = ["op", "variant"] + [f"req/op p={p}" for p in (64, 256, 1024, 4096)] + \
             [f"ms/op p={p}" for p in (64, 4096)] + ["queue saturates at p", "account saturates at p", "USD/h busy p=64", "USD/h busy p=256"]
    rows = []
    for op, variants in model.VARIANTS.items():
        if op == "pingpong":
            continue
        for v in variants:
            q, a = model.saturation(op, v, lat)
            rows.append([op, v] + [str(model.requests_per_op(model.shape(op, v, p))) for p in (64, 256, 1024, 4096)] +
                        [f"{model.op_seconds(model.shape(op, v, p), lat) * 1000:.0f}" for p in (64, 4096)] +
                        [str(q) if q else "> 65536", str(a) if a else "> 65536",
                         f"{model.busy_cost_per_hour(op, v, 64, lat):.2f}", f"{model.busy_cost_per_hour(op, v, 256, lat):.2f}"])
    print(common.table(header, rows))
    print("\nidle job (every rank waiting, for an hour):")
    idle_rows = []
    for p in (64, 256, 1024, 4096):
        old = model.idle_cost_per_hour(p, lat, stretched=False)
        new = model.idle_cost_per_hour(p, lat, stretched=True)
        old_rate = p * model.idle_poll_rate(lat, 600, stretched=False)
        new_rate = p * model.idle_poll_rate(lat, 600, stretched=True)
        idle_rows.append([str(p), f"{old_rate:.0f}", f"{old:.2f}", f"{new_rate:.0f}", f"{new:.3f}",
                          "yes" if old_rate > model.ACCOUNT_TARGET_PER_S else "no"])
    print(common.table(["p", "req/s old", "USD/h old", "req/s new", "USD/h new", "old saturates the account"], idle_rows))
    print("\naccounts needed (--azure-accounts: rank r's queues on account r mod k, the table on account 0), each under "
          f"{model.ACCOUNT_TARGET_PER_S}/s with the operation back to back:")
    ps = (64, 256, 1024, 4096)
    shard_rows = []
    for op, variants in model.VARIANTS.items():
        if op == "pingpong":
            continue
        for v in variants:
            need = [model.accounts_needed(op, v, p, lat) for p in ps]
            busiest = max(model.account_rates(op, v, 4096, lat, need[-1])) if need[-1] else None
            shard_rows.append([op, v] + [str(k) if k else "none" for k in need] + [f"{busiest:.0f}" if busiest else "-"])
    print(common.table(["op", "variant"] + [f"k p={p}" for p in ps] + ["busiest account req/s p=4096"], shard_rows))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ranks", default="2,4,8,16,32")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--rooted-reps", type=int, default=20,
                    help="operations timed for a broadcast or scatter, at least (their root times its own puts only)")
    ap.add_argument("--ops", default="barrier,bcast,scatter,allgather")
    ap.add_argument("--idle", type=int, default=10, help="seconds of the idle test (0: skip it)")
    ap.add_argument("--idle-ranks", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=2, help="rounds of the idle test and the ping-pong")
    ap.add_argument("--pingpong-reps", type=int, default=40, help="round trips of the schedule test's ping-pong")
    ap.add_argument("--calibrate-seconds", type=int, default=5, help="seconds of the saturating poll run")
    ap.add_argument("--parallel-sends", type=int, default=0,
                    help="threaded sends under way at once in the timed model (0: the host's cores, at most 16)")
    ap.add_argument("--margin", type=float, default=3.0,
                    help="measured / loaded model must lie within this factor either way (docs/scale.md)")
    ap.add_argument("--json", default=os.path.join(common.ROOT, "build", "bench", "scale.json"),
                    help="write every measured number here (bench/scale_plots.py draws them)")
    ap.add_argument("--azurite-debug-log", default="", metavar="PATH",
                    help="have the private Azurite write its debug log here (its GC passes; slows it down)")
    ap.add_argument("--skip-measure", action="store_true", help="only the schedule test and the projection")
    ap.add_argument("--project-only", action="store_true", help="print the projection only (no Azurite)")
    args = ap.parse_args(argv)
    if args.project_only:
        project()
        return 0
    builds = common.Builds()
    prog = common.Program("scalecollectives", "", [SOURCE], [], [], [], verify=lambda out, n: True)
    cs, err = builds.translation(prog)
    if cs is None:
        print(f"cannot translate {SOURCE}: {err}")
        return 1
    storage = Storage(args.azurite_debug_log,
                      warm_up=lambda env: _run(cs, 2, "pingpong", "-", WARM_UP_ROUND_TRIPS, env, None, 120))
    if not storage.external:
        progress("each run on a private in-memory Azurite of its own (loopback)")
    record: dict = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                    "load": os.getloadavg()[0], "ranks": args.ranks, "margin": args.margin, "runs": []}
    status = 0 if args.skip_measure else measure(args, cs, storage, record)
    if args.idle > 0:
        idle(args, cs, storage, record)
    record["load_end"] = os.getloadavg()[0]
    os.makedirs(os.path.dirname(os.path.abspath(args.json)), exist_ok=True)
    with open(args.json, "w") as f:
        json.dump(record, f, indent=1)
    progress(f"wrote {args.json}")
    print()
    project()
    return status


if __name__ == "__main__":
    sys.exit(main())
