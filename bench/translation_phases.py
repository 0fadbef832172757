"""Translation phases in-process (issue 28): where one program's CPU goes, for one or several checkouts interleaved.

    /usr/bin/python3 bench/translation_phases.py [--size 5000] [--long] [--runs 3] [--profile OUT.prof] [CHECKOUT ...]

Generates the program bench/translation.py times (many small functions, or with --long the one long function), then
for each run and each checkout (this one when none is given) starts that checkout's Python on a small driver that
imports the translator, reads the program (Frontend.parse), converts it and renders it, as cli.translate_file does,
and prints `time.process_time()` per phase: imports, reading (libclang's parse included), conversion, rendering. The
checkouts run alternately, the order rotating per run, so a loaded host's drift falls on all of them alike.
--profile writes the first checkout's cProfile of one run (reading and conversion; `python -m pstats OUT.prof`).

Python 3 standard library only.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from translation import long_function, many_functions  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Run by the checkout's own Python in the checkout: the phases of cli.translate_file, each timed in CPU seconds.
DRIVER = r"""
import gc, json, os, sys, time
os.environ.setdefault("LIBCLANG_NOTHREADS", "1")
gc.freeze(); gc.disable()  # as cli.main runs a translation
source, output, profile = sys.argv[1], sys.argv[2], sys.argv[3]
t = [time.process_time()]
from translator.reader.frontend import Frontend
from translator.csharp.context import Context
from translator.csharp.decls import convert_translation_unit
from translator.diagnostics import DiagnosticSink
from translator.emit import render_program
from translator.rules import load
load()
t.append(time.process_time())
profiler = None
if profile:
    import cProfile
    profiler = cProfile.Profile()
    profiler.enable()
frontend = Frontend(source, [])
tu = frontend.parse()
t.append(time.process_time())
ctx = Context(tu=tu, rules=load(), class_name="App", diagnostics=DiagnosticSink())
converted = convert_translation_unit(ctx)
t.append(time.process_time())
if profiler is not None:
    profiler.disable()
    profiler.dump_stats(profile)
text = render_program("App", os.path.basename(source), "app", converted)
t.append(time.process_time())
with open(output, "w") as f:
    f.write(text)
print(json.dumps({"imports": t[1] - t[0], "reading": t[2] - t[1], "conversion": t[3] - t[2],
                  "rendering": t[4] - t[3], "total": t[4] - t[0]}))
"""


def run(checkout: str, source: str, output: str, profile: str = "") -> dict:
    python = os.path.join(ROOT, ".venv", "bin", "python")  # this checkout's venv, the checkout's translator/ (cwd)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    done = subprocess.run([python, "-c", DRIVER, source, output, profile], cwd=checkout, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{checkout}: exit {done.returncode}\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("checkouts", nargs="*", help="checkouts to time (default: this one)")
    p.add_argument("--size", type=int, default=5000, help="statements of the generated program")
    p.add_argument("--long", action="store_true", help="the one-long-function program instead of many functions")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--profile", metavar="OUT", help="cProfile of the first checkout's reading and conversion")
    p.add_argument("--keep", metavar="DIR", help="keep the generated C and the C# in DIR")
    args = p.parse_args(argv)
    checkouts = [os.path.abspath(c) for c in args.checkouts] or [ROOT]
    work = args.keep or tempfile.mkdtemp(prefix="cmpi-phases-")
    os.makedirs(work, exist_ok=True)
    text, statements = (long_function if args.long else many_functions)(args.size)
    source = os.path.join(work, f"gen_{statements}.c")
    with open(source, "w") as f:
        f.write(text)
    outputs = [os.path.join(work, f"out_{k}.cs") for k in range(len(checkouts))]
    for k, c in enumerate(checkouts):  # bytecode written, libclang in the page cache
        run(c, source, outputs[k])
    if args.profile:
        run(checkouts[0], source, outputs[0], os.path.abspath(args.profile))
    load = os.getloadavg()
    print(f"{'long function' if args.long else 'many functions'}, {statements} statements; CPU seconds per phase "
          f"(in-process, time.process_time); load {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    phases = ("imports", "reading", "conversion", "rendering", "total")
    print(f"{'run':>3} {'checkout':<30} " + " ".join(f"{ph:>10}" for ph in phases) + "  ms/stmt")
    results = {c: [] for c in checkouts}
    for r in range(args.runs):
        order = list(range(len(checkouts)))
        order = order[r % len(order):] + order[:r % len(order)]  # the order rotates per run
        for k in order:
            times = run(checkouts[k], source, outputs[k])
            results[checkouts[k]].append(times)
            print(f"{r:>3} {checkouts[k][-30:]:<30} " + " ".join(f"{times[ph]:>10.3f}" for ph in phases)
                  + f"  {1000 * times['total'] / statements:.3f}", flush=True)
    print("medians:")
    for c in checkouts:
        med = {ph: sorted(t[ph] for t in results[c])[len(results[c]) // 2] for ph in phases}
        print(f"    {c[-30:]:<30} " + " ".join(f"{med[ph]:>10.3f}" for ph in phases)
              + f"  {1000 * med['total'] / statements:.3f}")
    if len(checkouts) > 1:
        same = all(open(o).read() == open(outputs[0]).read() for o in outputs[1:])
        print(f"outputs identical: {same}")
    load = os.getloadavg()
    print(f"load at the end {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
