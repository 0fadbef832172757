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
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import common  # noqa: E402
from common import progress  # noqa: E402

# Issue 28 "Memory": the port's peak resident memory at most this many times the native job's (the target is set for
# NPB class A at 4 ranks; every cell is judged against it, so a small program's .NET base shows where it matters).
RSS_TARGET_RATIO = 1.25


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
    print(common.table(["program", "size/class", "ranks", "native wall", "transl. wall", "ratio wall",
                        "native timer", "transl. timer", "ratio timer", "native cpu", "transl. cpu",
                        "ratio cpu", "native rss", "transl. rss", "ratio rss",
                        f"rss target {RSS_TARGET_RATIO:g}x"], rows))
    print(rss_summary(rows))
    for p in dict.fromkeys(problems):
        print("problem: " + p.replace(common.ROOT + os.sep, ""))
    for note in notes:
        print("note: " + note)
    return 1 if problems else 0


def _row(prog, n, native, translated, translatable, marker=""):
    nw = common.median([r.seconds for r in native])
    tw = common.median([r.seconds for r in translated])
    nt = common.median([r.program_seconds for r in native if r.program_seconds is not None])
    tt = common.median([r.program_seconds for r in translated if r.program_seconds is not None])
    nc = common.median([r.cpu_seconds for r in native if r.cpu_seconds is not None])
    tc = common.median([r.cpu_seconds for r in translated if r.cpu_seconds is not None])
    nm = common.median([r.peak_rss_mib for r in native if r.peak_rss_mib is not None])
    tm = common.median([r.peak_rss_mib for r in translated if r.peak_rss_mib is not None])
    t_wall = common.fmt_seconds(tw) if translatable else "untranslatable"
    return [prog.name, prog.variant + marker, str(n), common.fmt_seconds(nw), t_wall, common.fmt_ratio(tw, nw),
            common.fmt_seconds(nt), common.fmt_seconds(tt), common.fmt_ratio(tt, nt),
            common.fmt_seconds(nc), common.fmt_seconds(tc), common.fmt_ratio(tc, nc),
            _fmt_mib(nm), _fmt_mib(tm), common.fmt_ratio(tm, nm), rss_verdict(tm, nm)]


def rss_verdict(translated_mib, native_mib):
    """A cell against issue 28's memory target: 'met', 'NOT met', or '-' when either side has no measurement."""
    if translated_mib is None or native_mib is None or native_mib <= 0:
        return "-"
    return "met" if translated_mib <= RSS_TARGET_RATIO * native_mib else "NOT met"


def rss_summary(rows):
    """One line: how many measured cells meet the memory target, and which do not (with their ratios)."""
    judged = [r for r in rows if r[-1] != "-"]
    over = [f"{r[0]} {r[1]} np{r[2]} ({r[-2]}x)" for r in judged if r[-1] != "met"]
    line = f"rss target (<= {RSS_TARGET_RATIO:g}x native): {len(judged) - len(over)} of {len(judged)} cells met"
    return line + (f"; NOT met: {', '.join(over)}" if over else "")


def _fmt_mib(m):
    return "-" if m is None else f"{m:.0f}"


if __name__ == "__main__":
    sys.exit(main())
