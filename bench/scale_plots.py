#!/usr/bin/python3
"""Plots of the storage transport's scale (docs/scale.md), drawn from bench/scale_model.py and from what
`make bench-scale` measured on Azurite (its --json file):

  requests.png   requests per operation against ranks, each collective and variant: the model from 2 to 4,096
                 ranks (lines) and Azurite's counts at 2-32 ranks (markers: puts, gets, deletes and table rows of a
                 run divided by its operations; empty polls left out, they depend on time, not on the algorithm)
  time.png       time per operation against ranks on Azurite: measured (markers), the loaded model calibrated in the
                 same run (solid) and the plain latency model (dotted)
  account.png    the projection to 4,096 ranks on one real account: requests a second with the operation back to back
                 (polls of waiting ranks included), against the account's target (20,000/s) and, dashed, the busiest
                 queue's rate against the queue's (2,000/s)
  idle.png       an idle job's requests a second and cost an hour against ranks, the old poll schedule and the new

    bench/scale_plots.py [--json build/bench/scale.json] [--out docs/scale]

matplotlib from Debian (python3-matplotlib), Agg backend: no display needed.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Dict, List, Tuple

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import scale_model as model  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OPS = ["barrier", "bcast", "scatter", "allgather"]
PROJECTED = [2 ** k for k in range(1, 13)]  # 2 .. 4096
MESSAGE_KINDS = ("queue put", "queue get", "queue delete", "table insert", "table query", "blob upload", "blob download")


def pyplot():
    try:
        import matplotlib
    except ImportError:
        raise SystemExit("scale_plots.py: matplotlib is missing: run it with Debian's /usr/bin/python3 "
                         "(apt-get install python3-matplotlib)")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def measured_runs(record: dict) -> Dict[Tuple[str, str], List[dict]]:
    runs: Dict[Tuple[str, str], List[dict]] = {}
    for r in record.get("runs", []):
        if not r.get("error"):
            runs.setdefault((r["op"], r["variant"]), []).append(r)
    return runs


def plot_requests(plt, record: dict, out: str) -> str:
    fig, axes = plt.subplots(2, 2, figsize=(11, 8), sharex=True)
    runs = measured_runs(record)
    for ax, op in zip(axes.flat, OPS):
        for i, v in enumerate(model.VARIANTS[op]):
            color = f"C{i}"
            ax.plot(PROJECTED, [max(1, model.requests_per_op(model.shape(op, v, p))) for p in PROJECTED],
                    color=color, label=f"{v} (model)")
            pts = [(r["p"], sum(r["counts"].get(k, 0) for k in MESSAGE_KINDS) / (r["reps"] + 1)) for r in runs.get((op, v), [])]
            if pts:
                ax.plot(*zip(*pts), "o", color=color, label=f"{v} (Azurite)")
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_title(op)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8)
    for ax in axes[1]:
        ax.set_xlabel("ranks")
    for ax in axes[:, 0]:
        ax.set_ylabel("storage requests per operation")
    fig.suptitle("Requests per collective: model (3 per message, 2 per table row) and Azurite's counts")
    fig.tight_layout()
    path = os.path.join(out, "requests.png")
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return path


def plot_time(plt, record: dict, out: str) -> str:
    cal = record.get("calibration") or {}
    if not cal:
        return ""
    req_s = cal["request_ms"] / 1000
    lat = model.Latency(request_s=req_s, poll_wait_s=cal["hop_ms"] / 1000 - 2 * req_s)
    rate = cal.get("server_rate_per_s") or None
    ranks = sorted({r["p"] for r in record["runs"]}) or [2, 4, 8, 16, 32]
    fine = list(range(min(ranks), max(ranks) + 1))
    fig, axes = plt.subplots(2, 2, figsize=(11, 8), sharex=True)
    runs = measured_runs(record)
    for ax, op in zip(axes.flat, OPS):
        for i, v in enumerate(model.VARIANTS[op]):
            color = f"C{i}"
            ax.plot(fine, [model.timed_op_seconds(op, v, p, lat, rate, cal.get("parallel_sends", model.PARALLEL_SENDS)) * 1000
                           for p in fine],
                    color=color, label=f"{v} (loaded model)")
            ax.plot(fine, [model.op_seconds(model.shape(op, v, p), lat) * 1000 for p in fine], ":", color=color)
            pts = [(r["p"], r["ms_per_op"]) for r in runs.get((op, v), []) if r.get("ms_per_op")]
            if pts:
                ax.plot(*zip(*pts), "o", color=color, label=f"{v} (Azurite)")
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_title(op)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8)
    for ax in axes[1]:
        ax.set_xlabel("ranks (threads of one cmpi-run)")
    for ax in axes[:, 0]:
        ax.set_ylabel("ms per operation")
    fig.suptitle(f"Time per collective on one Azurite ({record.get('date', '')}, load {record.get('load', 0):.0f}): "
                 f"ping-pong {cal['pingpong_ms']:.0f} ms, {rate or 0:.0f} requests/s; dotted: latency model alone",
                 fontsize=10)
    fig.tight_layout()
    path = os.path.join(out, "time.png")
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return path


def plot_account(plt, out: str) -> str:
    lat = model.CLOUD
    fig, axes = plt.subplots(2, 2, figsize=(11, 8), sharex=True, sharey=True)
    for ax, op in zip(axes.flat, OPS):
        for i, v in enumerate(model.VARIANTS[op]):
            rates = [model.busy_rates(op, v, p, lat) for p in PROJECTED]
            ax.plot(PROJECTED, [a for _, a in rates], color=f"C{i}", label=f"{v}: account")
            ax.plot(PROJECTED, [q for q, _ in rates], "--", color=f"C{i}", label=f"{v}: busiest queue")
        ax.axhline(model.ACCOUNT_TARGET_PER_S, color="red", lw=1.5)
        ax.text(2, model.ACCOUNT_TARGET_PER_S * 1.15, "account target 20,000/s", color="red", fontsize=8)
        ax.axhline(model.QUEUE_TARGET_PER_S, color="darkorange", lw=1.5)
        ax.text(2, model.QUEUE_TARGET_PER_S * 1.15, "queue target 2,000/s", color="darkorange", fontsize=8)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_title(op)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7, loc="lower right")
    for ax in axes[1]:
        ax.set_xlabel("ranks")
    for ax in axes[:, 0]:
        ax.set_ylabel("requests a second, operation back to back")
    fig.suptitle("Projection on one storage account (10 ms a request, assumed): where the queue and the account saturate")
    fig.tight_layout()
    path = os.path.join(out, "account.png")
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return path


def plot_idle(plt, out: str) -> str:
    lat = model.CLOUD
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.5))
    for stretched, label, style in ((False, "old: every 20 ms", "-"), (True, "new: stretched to 1 s", "-")):
        left.plot(PROJECTED, [p * model.idle_poll_rate(lat, 600, stretched) for p in PROJECTED], style, label=label)
        right.plot(PROJECTED, [model.idle_cost_per_hour(p, lat, stretched) for p in PROJECTED], style, label=label)
    left.axhline(model.ACCOUNT_TARGET_PER_S, color="red", lw=1.5, label="account target 20,000/s")
    for ax in (left, right):
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel("ranks, every one idle 10 minutes or more")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8)
    left.set_ylabel("empty polls a second (one account)")
    right.set_ylabel(f"USD an hour at {model.PRICE_PER_10K} USD per 10,000")
    fig.suptitle("An idle job: the old poll schedule against the stretched one (model, 10 ms a request)")
    fig.tight_layout()
    path = os.path.join(out, "idle.png")
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return path


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--json", default=os.path.join(ROOT, "build", "bench", "scale.json"))
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "scale"))
    args = ap.parse_args(argv)
    record: dict = {}
    if os.path.exists(args.json):
        with open(args.json) as f:
            record = json.load(f)
    else:
        print(f"{args.json}: not there (make bench-scale writes it): the measured markers are left out", file=sys.stderr)
    plt = pyplot()
    os.makedirs(args.out, exist_ok=True)
    for path in (plot_requests(plt, record, args.out), plot_time(plt, record, args.out), plot_account(plt, args.out),
                 plot_idle(plt, args.out)):
        if path:
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
