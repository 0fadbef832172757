"""`cmpi-verify cases.toml`: each case's port run beside its native program, compared rank by rank.

    cmpi-verify cases.toml                       native (mpicc + mpirun) and port (cmpi-run) side by side
    cmpi-verify cases.toml --record expected/    the native outputs also written, for machines without MPI
    cmpi-verify cases.toml --against expected/   the port checked against recorded native outputs (no MPI needed)

Writes DIR/junit.xml, DIR/report.html, DIR/report.json (-o DIR, default verify-out) and prints one line
`N passed, N failed`. Exit status: 0 every run matches; 1 some run differs, hangs or cannot run; 2 usage (a bad
cases file, a mask that hides too much, no native toolchain and no --against).
"""
from __future__ import annotations

import argparse
import fnmatch
import os
import sys
import time
from typing import List, Optional

from . import cases as cases_mod
from . import expected as expected_mod
from . import report as report_mod
from .runner import Native, Port, ToolError, fresh_dir
from .verify import Result, compare, error

USAGE_STATUS = 2


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="cmpi-verify",
        description="Check ports against their native MPI programs: exit statuses, each rank's stdout and stderr, "
                    "and the files they write, with masks for timings and a float tolerance.")
    p.add_argument("cases", help="the cases file (TOML; docs/verify.md)")
    p.add_argument("-o", "--output", default="verify-out", help="folder of the reports and builds (default: verify-out)")
    p.add_argument("--junit", metavar="FILE", help="JUnit XML here (default: OUTPUT/junit.xml)")
    p.add_argument("--html", metavar="FILE", help="the HTML report here (default: OUTPUT/report.html)")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--record", metavar="DIR", help="write the native outputs into DIR (then verify the ports)")
    g.add_argument("--against", metavar="DIR", help="compare with native outputs recorded in DIR (no MPI needed)")
    p.add_argument("--record-only", action="store_true", help="with --record: run only the native programs")
    p.add_argument("--case", action="append", default=[], metavar="NAME",
                   help="only cases whose name matches (a glob; repeatable)")
    p.add_argument("--skip", action="append", default=[], metavar="NAME",
                   help="leave out cases whose name matches (a glob; repeatable)")
    p.add_argument("--ranks", "-n", action="append", type=int, default=[], metavar="N",
                   help="only these rank counts of each case (repeatable)")
    p.add_argument("--transport", action="append", default=[], metavar="T",
                   help="only these transports (repeatable)")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress lines on stderr")
    return p


def main(argv: Optional[List[str]] = None) -> int:
    try:
        args = _parser().parse_args(argv)
    except SystemExit as e:
        return 0 if e.code == 0 else USAGE_STATUS
    if args.record_only and not args.record:
        return _usage("--record-only needs --record DIR")
    try:
        cases = cases_mod.load(args.cases)
    except cases_mod.CasesError as e:
        return _usage(str(e))
    cases = [c for c in cases if (not args.case or any(fnmatch.fnmatchcase(c.name, pat) for pat in args.case))
             and not any(fnmatch.fnmatchcase(c.name, pat) for pat in args.skip)]
    if not cases:
        return _usage(f"no case of {args.cases} is left by --case/--skip")
    native = Native()
    if not args.against:
        missing = native.missing()
        if missing:
            return _usage(
                f"{' and '.join(missing)} not found on PATH: the native side needs Open MPI (on Debian/Ubuntu: "
                "apt-get install openmpi-bin libopenmpi-dev). On a machine without MPI, verify against outputs "
                "recorded elsewhere: `cmpi-verify CASES --record expected/` where MPI is installed, then "
                "`cmpi-verify CASES --against expected/` here.")
    if args.against and not os.path.isdir(args.against):
        return _usage(f"--against {args.against}: no such folder (write it with --record)")
    out = os.path.abspath(args.output)
    work = os.path.join(out, "work")
    started = time.perf_counter()
    results = run_all(cases, args, native, work)
    elapsed = time.perf_counter() - started
    for path in (args.junit, args.html):
        if path:
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    report_mod.write_all(out, results, args.cases, elapsed, args.junit, args.html)
    print(report_mod.summary_line(results))
    if not args.quiet:
        print(f"cmpi-verify: report: {args.html or os.path.join(out, 'report.html')}, JUnit: "
              f"{args.junit or os.path.join(out, 'junit.xml')}", file=sys.stderr)
    rejected = [r for r in results if r.status == "rejected"]
    if rejected:
        for r in rejected:
            print(f"cmpi-verify: error: {r.message}", file=sys.stderr)
        return USAGE_STATUS
    return 0 if all(r.passed for r in results) else 1


def _usage(msg: str) -> int:
    print(f"cmpi-verify: error: {msg}", file=sys.stderr)
    return USAGE_STATUS


def run_all(cases, args, native: Native, work: str) -> List[Result]:
    port = Port()
    plan = []
    for c in cases:
        ranks = [n for n in c.ranks if not args.ranks or n in args.ranks]
        transports = [t for t in c.transports if not args.transport or t in args.transport]
        plan.append((c, ranks, [] if args.record_only else transports))
    total = sum(len(r) * max(1, len(t)) for _, r, t in plan)
    results: List[Result] = []
    done = 0

    def progress(r: Result):
        nonlocal done
        done += 1
        if not args.quiet:
            extra = f": {r.message.splitlines()[0][:150]}" if not r.passed and r.message else ""
            print(f"cmpi-verify: [{done}/{total}] {r.case} np{r.ranks} {r.transport}: {r.status} "
                  f"(native {r.native_seconds:.1f} s, port {r.seconds:.1f} s){extra}", file=sys.stderr, flush=True)

    for c, ranks, transports in plan:
        exe = target = None
        build_error = None
        try:
            if not args.against:
                exe = native.build(c, work)
        except ToolError as e:
            build_error = f"native build: {e}"
        for n in ranks:
            if build_error:
                for t in transports or ["native"]:
                    results.append(error(c, n, t, build_error))
                    progress(results[-1])
                continue
            if args.against:
                expected = expected_mod.load(args.against, c, n)
                if expected is None:
                    for t in transports:
                        results.append(error(c, n, t, f"no recorded output for {c.name} at {n} ranks in "
                                                      f"{args.against} (record it with --record)"))
                        progress(results[-1])
                    continue
                native_name = f"recorded mpirun -np {n}"
            else:
                expected = native.run(c, exe, n, fresh_dir(os.path.join(work, "runs", c.name, f"np{n}-native"), c))
                native_name = f"mpirun -np {n}"
                if args.record and not expected.hung:
                    expected_mod.record(args.record, c, n, expected, native.mpirun)
                if expected.hung and not args.record_only:
                    for t in transports:   # nothing to compare with: the port is not run
                        results.append(error(c, n, t, f"the native run did not finish within {c.timeout:g} s "
                                                      f"({native_name}); the port was not run"))
                        results[-1].native_seconds = expected.seconds
                        progress(results[-1])
                    continue
                if args.record_only:
                    r = Result(c.name, n, "native", "passed" if not expected.hung else "error",
                               native_seconds=expected.seconds,
                               message="" if not expected.hung else f"did not finish within {c.timeout:g} s")
                    results.append(r)
                    progress(r)
                    continue
            for t in transports:
                try:
                    if target is None:
                        target = port.prepare(c, work)
                    cwd = fresh_dir(os.path.join(work, "runs", c.name, f"np{n}-{t}"), c)
                    o = port.run(c, target, n, t, cwd)
                    r = compare(c, n, t, expected, o, native_name)
                except ToolError as e:
                    r = error(c, n, t, f"port: {e}")
                results.append(r)
                progress(r)
    return results


if __name__ == "__main__":
    sys.exit(main())
