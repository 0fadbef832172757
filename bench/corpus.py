#!/usr/bin/python3
"""`make corpus`: every corpus program, native and translated, at the rank counts it allows.

For each program: build it with mpicc and run it with mpirun; translate it with
cmpi-translate and run it with cmpi-run; check each run's own verification,
compare the outputs rank by rank (timing lines masked) and the files the
program writes byte for byte. Prints a table; exits 1 when any translated run
fails, disagrees, or the program cannot be translated (the translator's first
error line is printed under the table).

    bench/corpus.py [--ranks 1,2,4] [--npb-classes S] [--only nbody,cannon,ep,...]
"""
from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import common  # noqa: E402
from common import progress  # noqa: E402


def programs(ranks, npb_classes, only):
    """The corpus at the sizes `make corpus` checks; skipped NPB kernels come back as notes."""
    progs = [common.nbody(300, 100, ranks), common.cannon(64, ranks), common.cannon(256, ranks)]
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
    return progs, notes


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ranks", default="1,2,4", help="rank counts to try (each program uses those it allows)")
    ap.add_argument("--npb-classes", default="S", help="NPB classes, comma-separated (default S)")
    ap.add_argument("--only", default="", help="program names to run, comma-separated (nbody, cannon, ep, is, ...)")
    ap.add_argument("--timeout", type=float, default=900, help="seconds allowed for one run")
    a = ap.parse_args(argv)
    ranks = [int(r) for r in a.ranks.split(",") if r]
    only = {x.strip().lower() for x in a.only.split(",") if x.strip()}
    progs, notes = programs(ranks, [c for c in a.npb_classes.split(",") if c], only)

    builds = common.Builds()
    rows, footnotes, failures = [], [], 0
    run_dir = os.path.join(common.BUILD, "runs")

    def footnote(text):
        text = text.replace(common.ROOT + os.sep, "")
        if text not in footnotes:
            footnotes.append(text)
        return f"[{footnotes.index(text) + 1}]"

    for prog in progs:
        progress(f"{prog.label}")
        exe, native_err = builds.native_exe(prog)
        cs, translate_err = builds.translation(prog)
        translate_mark = footnote(f"{prog.name}: untranslatable: {translate_err}") if cs is None else ""
        native_mark = footnote(f"{prog.name}: native build failed: {native_err}") if exe is None else ""
        if not prog.ranks:
            notes.append(f"{prog.label}: none of the rank counts {ranks} is allowed")
        for n in prog.ranks:
            native = translated = None
            if exe:
                progress(f"  mpirun -np {n} {prog.label}")
                native = common.run_native(exe, prog, n, os.path.join(run_dir, "native"), a.timeout)
            if cs:
                progress(f"  cmpi-run -n {n} {prog.label}")
                translated = common.run_translated(cs, prog, n, os.path.join(run_dir, "translated"), a.timeout)

            native_ok = _verdict(native, prog, n, native_mark, footnote, "native")
            if translated is None:
                translated_ok, identical = "untranslatable " + translate_mark, "-"
                failures += 1
            else:
                translated_ok = _verdict(translated, prog, n, "", footnote, "translated")
                if native is None or not native.ok:
                    identical = "-"
                else:
                    same, why = common.same_output(native, translated)
                    identical = "yes" if same else "NO " + footnote(f"{prog.label} np{n}: {why}")
                if translated_ok != "yes" or identical != "yes":
                    failures += 1
            rows.append([prog.name, prog.variant, str(n), native_ok, translated_ok, identical,
                         common.fmt_seconds(native.seconds if native else None),
                         common.fmt_seconds(translated.seconds if translated else None),
                         common.fmt_ratio(translated.seconds if translated else None,
                                          native.seconds if native else None)])

    print("cmpi corpus: native (mpicc + mpirun) vs translated (cmpi-translate + cmpi-run, inproc)")
    print("times are wall seconds of the whole job; ratio = translated / native\n")
    print(common.table(["program", "size/class", "ranks", "native verified", "translated verified",
                        "outputs identical", "native s", "translated s", "ratio"], rows))
    if footnotes:
        print()
        for i, text in enumerate(footnotes, 1):
            print(f"[{i}] {text}")
    for note in notes:
        print(f"note: {note}")
    total = len(rows)
    print(f"\n{total - failures} of {total} translated runs verified and identical to native; "
          f"{failures} failed")
    return 1 if failures or total == 0 else 0


def _verdict(result, prog, ranks, mark, footnote, what) -> str:
    """yes / NO [n] / not run [n] for one run."""
    if result is None:
        return "not run " + mark if mark else "not run"
    if not result.ok:
        return "NO " + footnote(f"{prog.label} np{ranks} {what} run failed: {result.first_error()}")
    if not prog.verify(result.stdout, ranks):
        return "NO " + footnote(f"{prog.label} np{ranks} {what}: its own verification failed")
    return "yes"


if __name__ == "__main__":
    sys.exit(main())
