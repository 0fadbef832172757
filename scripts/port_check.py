#!/usr/bin/env python3
"""Checks a cmpi-port output folder against the native build it came from:
`dotnet build Ported.sln`, then each ported program at N ranks (`dotnet run --project ... -- -n N`) against its
native executable under `mpirun -np N`, stdout compared after the masks (timings) are applied.

    scripts/port_check.py build/ported-npb --ranks 2 --mask '(?<=Time in seconds =)\\s+\\S+' ...
Exit status 0 when every port builds and prints what its native program prints.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time

NATIVE_ENV = {"OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
              "OMPI_MCA_rmaps_base_oversubscribe": "1", "OMPI_MCA_btl_vader_single_copy_mechanism": "none",
              "OMP_NUM_THREADS": "1"}
DOTNET_ENV = {"DOTNET_NOLOGO": "1", "DOTNET_CLI_TELEMETRY_OPTOUT": "1", "DOTNET_SKIP_FIRST_TIME_EXPERIENCE": "1"}


def masked(text: str, masks) -> str:
    for m in masks:
        text = re.sub(m, "<masked>", text, flags=re.M)
    return text


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("ported")
    ap.add_argument("--ranks", type=int, default=2)
    ap.add_argument("--mask", action="append", default=[])
    ap.add_argument("--timeout", type=float, default=600)
    args = ap.parse_args()
    with open(os.path.join(args.ported, "report.json"), encoding="utf-8") as f:
        report = json.load(f)
    env = dict(os.environ, **DOTNET_ENV)
    start = time.perf_counter()
    b = subprocess.run(["dotnet", "build", os.path.join(args.ported, "Ported.sln"), "-c", "Release", "-nologo",
                        "-v", "q", "-clp:ErrorsOnly"], env=env, capture_output=True, text=True)
    print(f"port-check: dotnet build Ported.sln: {'ok' if b.returncode == 0 else 'FAILED'} "
          f"({time.perf_counter() - start:.0f} s)")
    if b.returncode != 0:
        print(b.stdout[-4000:], b.stderr[-4000:])
        return 1
    bad = 0
    for p in report["programs"]:
        if p["status"] != "ported":
            print(f"port-check: {p['name']}: not ported ({p['status']})")
            bad += 1
            continue
        if not p.get("executable"):
            continue
        t0 = time.perf_counter()
        native = subprocess.run(["mpirun", "-np", str(args.ranks), p["executable"]], capture_output=True, text=True,
                                env=dict(os.environ, **NATIVE_ENV), timeout=args.timeout)
        t1 = time.perf_counter()
        port = subprocess.run(["dotnet", "run", "--project", os.path.join(args.ported, p["name"]), "-c", "Release",
                               "--no-build", "--", "-n", str(args.ranks)], capture_output=True, text=True, env=env,
                              timeout=args.timeout)
        t2 = time.perf_counter()
        a, c = masked(native.stdout, args.mask), masked(port.stdout, args.mask)
        same = native.returncode == port.returncode and (a == c or sorted(a.splitlines()) == sorted(c.splitlines()))
        print(f"port-check: {p['name']:<10} {'same output' if same else 'DIFFERENT'}  native {t1 - t0:5.1f} s, "
              f"port {t2 - t1:5.1f} s, exit {native.returncode}/{port.returncode}")
        if not same:
            bad += 1
            print("--- native\n" + a[-3000:] + "--- port\n" + c[-3000:] + port.stderr[-2000:])
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
