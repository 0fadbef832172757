#!/usr/bin/python3
"""`make bench`: native and translated side by side in one run, repeated.

nbody at several n, cannon at several sizes, the NPB kernels at classes W and A
(when corpus/npb is there), at 2 and 4 ranks (the counts each program allows).
Each configuration runs k times natively and k times translated, interleaved so
both see the same machine load; the table shows the medians of the wall time of
the whole job and of the program's own timer, and the ratios translated/native.
A translation or run that fails is shown as such; the exit status is 1 then.

    bench/bench.py [-k 3] [--ranks 2,4] [--quick] [--only nbody,cannon,ep,...] [--npb-classes W,A]
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import common  # noqa: E402
from common import progress  # noqa: E402

# Issue 28 "Memory": the port's peak resident memory at most this many times the native job's (the target is set for
# NPB class A at 4 ranks; every cell is judged against it, so a small program's .NET base shows where it matters).
RSS_TARGET_RATIO = 1.25
# Issue 28 "Compute": the program's own timed section at most this many times native's, at 1 rank and at more.
TIMER_TARGET_ONE_RANK = 1.10
TIMER_TARGET_MORE_RANKS = 1.25


def programs(ranks, quick, npb_classes, only):
    if quick:
        progs = [common.nbody(n, 100, ranks) for n in (250, 500)]
        progs += [common.cannon(n, ranks) for n in (128, 256)]
    else:
        progs = [common.nbody(n, 200, ranks) for n in (500, 1000, 2000)]
        progs += [common.cannon(n, ranks) for n in (256, 512, 1024)]
    notes = []
    if common.npb_available():
        for klass in npb_classes:
            for kernel in common.NPB_KERNELS:
                prog, why = common.npb(kernel, klass, ranks)
                if prog is None:
                    notes.append(f"{kernel.upper()} class {klass}: skipped ({why})")
                else:
                    progs.append(prog)
    else:
        notes.append("NPB: corpus/npb is not there yet (no sources.sh); skipped")
    if only:
        progs = [p for p in progs if p.name.lower() in only]
    for p in progs:
        # Saving positions is I/O, not computation: the benchmark leaves it out.
        if p.name == "nbody":
            p.args = [x for x in p.args if x not in ("-o", "positions.txt")]
            p.output_files = []
    return progs, notes


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-k", type=int, default=3, help="repetitions of each run (median of k)")
    ap.add_argument("--ranks", default="2,4")
    ap.add_argument("--quick", action="store_true", help="small sizes only, for a smoke run")
    ap.add_argument("--npb-classes", default="W,A")
    ap.add_argument("--only", default="", help="program names, comma-separated")
    ap.add_argument("--timeout", type=float, default=1800, help="seconds allowed for one run")
    ap.add_argument("--before", metavar="CHECKOUT",
                    help="also translate and run each program with another checkout's cmpi-translate and cmpi-run "
                         "(main's, in a worktree, after its make setup), interleaved: a translator or runtime change "
                         "before/after in one run; its rows are marked [before]")
    ap.add_argument("--variant-env", action="append", default=[], metavar="'NAME=VALUE ...'",
                    help="also run the translated program with these environment variables (e.g. DOTNET_ runtime "
                         "settings), interleaved with the others: a before/after in one run; its rows are "
                         "marked with the settings. Repeatable")
    ap.add_argument("--json", default=os.path.join(common.BUILD, "bench", "bench.json"),
                    help="every median and ratio of the run, for plots and notes ('' for none)")
    ap.add_argument("--plots", default="", metavar="DIR",
                    help="draw the timer and memory ratios of every cell against issue 28's targets into "
                         "DIR/compute_ratios.png (docs/bench for the published run)")
    a = ap.parse_args(argv)
    ranks = [int(r) for r in a.ranks.split(",") if r]
    # (marker, environment, cmpi-run, checkout whose translation it runs): the program run again in each, right
    # after the usual run
    variants = [(v, dict(kv.split("=", 1) for kv in v.split()), common.CMPI_RUN, None) for v in a.variant_env]
    if a.before:
        variants.append(("before", {}, os.path.join(os.path.abspath(a.before), ".venv", "bin", "cmpi-run"), a.before))
    only = {x.strip().lower() for x in a.only.split(",") if x.strip()}
    progs, notes = programs(ranks, a.quick, [c for c in a.npb_classes.split(",") if c], only)

    builds = common.Builds()
    rows, problems = [], []
    checked = set()
    run_dir = os.path.join(common.BUILD, "bench-runs")
    for prog in progs:
        progress(prog.label)
        exe, native_err = builds.native_exe(prog)
        cs, translate_err = builds.translation(prog)
        if exe is None:
            problems.append(f"{prog.name}: native build failed: {native_err}")
        if cs is None:
            problems.append(f"{prog.name}: untranslatable: {translate_err}")
        skipped = [r for r in ranks if r not in prog.ranks]
        if skipped:
            notes.append(f"{prog.label}: not run at {skipped} ranks (not allowed)")
        # each side of the comparison: (label for problems, results, how to run it); in_variant rows after the usual
        sides = []
        if exe:
            sides.append(("native", lambda n: common.run_native(exe, prog, n, os.path.join(run_dir, "native"), a.timeout)))
        if cs:
            sides.append(("translated", lambda n: common.run_translated(
                cs, prog, n, os.path.join(run_dir, "translated"), a.timeout)))
            for v, env, cmpi_run, checkout in variants:
                v_cs = cs
                if checkout:
                    v_cs, err = builds.translation(prog, checkout)
                    if v_cs is None:
                        problems.append(f"{prog.name} [{v}]: {err}")
                        continue
                if (v, v_cs) not in checked:  # compiled once, untimed, into that cmpi-run's cache
                    checked.add((v, v_cs))
                    subprocess.run([cmpi_run, "--check", v_cs], capture_output=True, env=dict(os.environ, **env))
                sides.append((f"translated with {v}", lambda n, env=env, cmpi_run=cmpi_run, v_cs=v_cs:
                              common.run_translated(v_cs, prog, n, os.path.join(run_dir, "variant"), a.timeout,
                                                    env=env, cmpi_run=cmpi_run)))
        for n in prog.ranks:
            results = {label: [] for label, _ in sides}
            for i in range(a.k):
                progress(f"  np{n} run {i + 1}/{a.k}")
                # the order rotates from one repetition to the next: a run right after another (mpirun's processes
                # still exiting, caches another program filled) is not always the same side's
                for label, run in sides[i % len(sides):] + sides[:i % len(sides)]:
                    r = run(n)
                    if r.ok and prog.verify(r.stdout, n):
                        results[label].append(r)
                    else:
                        problems.append(f"{prog.label} np{n} {label}: " +
                                        (r.first_error() if not r.ok else "verification failed"))
            native, translated = results.get("native", []), results.get("translated", [])
            in_variant = {v: results.get(f"translated with {v}", []) for v, _, _, _ in variants}
            rows.append(_row(prog, n, native, translated, cs is not None))
            for v, _, _, _ in variants:
                rows.append(_row(prog, n, native, in_variant[v], cs is not None, f" [{v}]"))

    print(f"cmpi bench: median of {a.k} runs, native (mpicc -O2 + mpirun, shared memory) vs "
          "translated (cmpi-run, inproc), run interleaved")
    print("wall = whole job in seconds (includes mpirun's or dotnet's start-up); "
          "timer = the program's own timed section; ratio = translated / native")
    print("cpu = user + system seconds of the job (steadier than wall on a loaded machine; note that "
          "Open MPI busy-polls while it waits for a message, cmpi sleeps after a short spin)")
    print("rss = peak resident memory of the job in MiB: each process's high-water mark, summed over the job's "
          "processes (mpirun and its ranks; cmpi-run's one process)")
    print(f"rss target = issue 28's memory target, translated rss <= {RSS_TARGET_RATIO:g} x native (set for NPB class A "
          "at 4 ranks): 'met' or 'NOT met' per cell\n")
    print(f"timer target = issue 28's compute target, translated timer <= {TIMER_TARGET_ONE_RANK:g} x native at 1 rank, "
          f"<= {TIMER_TARGET_MORE_RANKS:g} x at 2 and 4 ranks: 'met' or 'NOT met' per cell\n")
    print(common.table(["program", "size/class", "ranks", "native wall", "transl. wall", "ratio wall",
                        "native timer", "transl. timer", "ratio timer", "timer target", "native cpu", "transl. cpu",
                        "ratio cpu", "native rss", "transl. rss", "ratio rss",
                        f"rss target {RSS_TARGET_RATIO:g}x"], [r["cells"] for r in rows]))
    print(target_summary(rows, "timer", "timer target (<= 1.10x at 1 rank, <= 1.25x at 2 and 4)"))
    print(target_summary(rows, "rss", f"rss target (<= {RSS_TARGET_RATIO:g}x native)"))
    for p in dict.fromkeys(problems):
        print("problem: " + p.replace(common.ROOT + os.sep, ""))
    for note in notes:
        print("note: " + note)
    if a.json:
        os.makedirs(os.path.dirname(os.path.abspath(a.json)), exist_ok=True)
        with open(a.json, "w") as f:
            json.dump({"k": a.k, "rows": [r["record"] for r in rows], "problems": list(dict.fromkeys(problems)),
                       "notes": notes}, f, indent=1)
    if a.plots:
        for path in plot_ratios([r["record"] for r in rows], a.plots):
            print("plot: " + path.replace(common.ROOT + os.sep, ""))
    return 1 if problems else 0


def _row(prog, n, native, translated, translatable, marker=""):
    """One cell of the table: its printed columns and its numbers (for --json and the plot)."""
    def med(results, attr):
        return common.median([getattr(r, attr) for r in results if getattr(r, attr) is not None])
    nw, tw = med(native, "seconds"), med(translated, "seconds")
    nt, tt = med(native, "program_seconds"), med(translated, "program_seconds")
    nc, tc = med(native, "cpu_seconds"), med(translated, "cpu_seconds")
    nm, tm = med(native, "peak_rss_mib"), med(translated, "peak_rss_mib")
    t_wall = common.fmt_seconds(tw) if translatable else "untranslatable"
    timer_target = TIMER_TARGET_ONE_RANK if n == 1 else TIMER_TARGET_MORE_RANKS
    record = {"program": prog.name, "variant": prog.variant + marker, "ranks": n,
              "native": {"wall": nw, "timer": nt, "cpu": nc, "rss_mib": nm, "runs": len(native)},
              "translated": {"wall": tw, "timer": tt, "cpu": tc, "rss_mib": tm, "runs": len(translated)},
              "timer_ratio": _ratio(tt, nt), "timer_target": timer_target,
              "timer": verdict(tt, nt, timer_target), "rss_ratio": _ratio(tm, nm), "rss_target": RSS_TARGET_RATIO,
              "rss": verdict(tm, nm, RSS_TARGET_RATIO)}
    cells = [prog.name, prog.variant + marker, str(n), common.fmt_seconds(nw), t_wall, common.fmt_ratio(tw, nw),
             common.fmt_seconds(nt), common.fmt_seconds(tt), common.fmt_ratio(tt, nt), record["timer"],
             common.fmt_seconds(nc), common.fmt_seconds(tc), common.fmt_ratio(tc, nc),
             _fmt_mib(nm), _fmt_mib(tm), common.fmt_ratio(tm, nm), record["rss"]]
    return {"cells": cells, "record": record}


def _ratio(translated, native):
    return None if translated is None or native is None or native <= 0 else translated / native


def verdict(translated, native, target_ratio):
    """A cell against one of issue 28's ratio targets: 'met', 'NOT met', or '-' when either side has no measurement."""
    ratio = _ratio(translated, native)
    if ratio is None:
        return "-"
    return "met" if ratio <= target_ratio else "NOT met"


def target_summary(rows, key, title):
    """One line: how many measured cells meet a target, and which do not (with their ratios)."""
    judged = [r["record"] for r in rows if r["record"][key] != "-"]
    over = [f"{r['program']} {r['variant']} np{r['ranks']} ({r[key + '_ratio']:.2f}x)" for r in judged
            if r[key] != "met"]
    line = f"{title}: {len(judged) - len(over)} of {len(judged)} cells met"
    return line + (f"; NOT met: {', '.join(over)}" if over else "")


def plot_ratios(records, out_dir):
    """compute_ratios.png: each cell's timer and peak-memory ratio (translated / native) beside its target."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("note: matplotlib is not installed (Debian python3-matplotlib; make setup installs it): no plot")
        return []
    cells = [r for r in records if r["timer_ratio"] is not None or r["rss_ratio"] is not None]
    if not cells:
        return []
    os.makedirs(out_dir, exist_ok=True)
    names = [f"{r['program']} {r['variant']} np{r['ranks']}" for r in cells]
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(max(8, 0.28 * len(cells)), 8), sharex=True)
    xs = range(len(cells))
    for ax, key, label in ((top, "timer", "timer ratio (own timed section)"), (bottom, "rss", "peak RSS ratio")):
        values = [r[key + "_ratio"] or 0 for r in cells]
        colors = ["tab:green" if r[key] == "met" else "tab:red" if r[key] == "NOT met" else "tab:gray" for r in cells]
        ax.bar(xs, values, color=colors)
        targets = [r[key + "_target"] for r in cells]
        ax.step([x - 0.5 for x in xs] + [len(cells) - 0.5], targets + targets[-1:], where="post", color="black",
                linestyle="--", linewidth=1, label="issue 28's target")
        ax.axhline(1.0, color="gray", linewidth=0.5)
        if key == "timer":  # short sections can be many times native: a log axis keeps 1.1 and 18 readable
            ax.set_yscale("log")
            ticks = [t for t in (0.5, 0.75, 1.0, 1.1, 1.25, 1.5, 2, 3, 5, 10, 20) if t <= max(values + [1.3]) * 1.05]
            ax.set_yticks(ticks, [f"{t:g}" for t in ticks])
            ax.minorticks_off()
        ax.set_ylabel(label)
        ax.legend(fontsize=8)
        ax.grid(True, axis="y", alpha=0.3)
    top.set_title("translated / native, median of each cell (green: met, red: not met)")
    bottom.set_xticks(list(xs))
    bottom.set_xticklabels(names, rotation=90, fontsize=7)
    fig.tight_layout()
    path = os.path.join(out_dir, "compute_ratios.png")
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return [path]


def _fmt_mib(m):
    return "-" if m is None else f"{m:.0f}"


if __name__ == "__main__":
    sys.exit(main())
