"""A port cmpi-port writes is a .NET project: `dotnet build` builds it against the CloudMpi packages make setup
packs, and `dotnet run --project ported/<program> -- -n 2` prints what `mpirun -np 2` prints for the native build."""
from __future__ import annotations

import glob
import json
import os
import shutil
import subprocess

import pytest

from tests.port_support import ROOT, make_tree, port, programs
from tests.support import NATIVE_ENV

DOTNET_ENV = {"DOTNET_NOLOGO": "1", "DOTNET_CLI_TELEMETRY_OPTOUT": "1", "DOTNET_SKIP_FIRST_TIME_EXPERIENCE": "1"}
pytestmark = [
    pytest.mark.skipif(shutil.which("mpicc") is None or shutil.which("dotnet") is None, reason="needs mpicc and dotnet"),
    pytest.mark.skipif(not os.path.isdir(os.path.join(ROOT, "build", "nuget")),
                       reason="no CloudMpi packages in build/nuget: run make setup"),
]


def test_ports_build_with_dotnet_and_run_as_the_native_programs(tmp_path):
    root = str(tmp_path)
    make_tree(root)
    r = port(["-o", "ported", "--", "make"], cwd=root)
    assert r.returncode == 0, r.stderr
    out = os.path.join(root, "ported")
    env = dict(os.environ, **DOTNET_ENV)
    b = subprocess.run(["dotnet", "build", os.path.join(out, "Ported.sln"), "-nologo", "-v", "q", "-clp:ErrorsOnly"],
                       capture_output=True, text=True, timeout=600, env=env)
    assert b.returncode == 0, b.stdout[-4000:] + b.stderr[-4000:]
    # the built programs carry cmpi-run's runtime settings (round 20): no tiered compilation, no tiered PGO
    for name, cls in (("hello", "Hello"), ("other", "Other")):
        found = glob.glob(os.path.join(out, name, "bin", "*", "*", f"{cls}.runtimeconfig.json"))
        assert found, f"no runtimeconfig built for {name}"
        for path in found:
            with open(path) as f:
                props = json.load(f)["runtimeOptions"]["configProperties"]
            assert props["System.Runtime.TieredCompilation"] is False and props["System.Runtime.TieredPGO"] is False, props
    for name in ("hello", "other"):
        exe = programs(out)[name]["executable"]
        native = subprocess.run(["mpirun", "-np", "2", exe], capture_output=True, text=True, timeout=120,
                                env=dict(os.environ, **NATIVE_ENV))
        ported = subprocess.run(["dotnet", "run", "--no-build", "--project", os.path.join(out, name), "--", "-n", "2"],
                                capture_output=True, text=True, timeout=120, env=env)
        assert native.returncode == 0 and ported.returncode == 0, ported.stderr
        assert sorted(ported.stdout.splitlines()) == sorted(native.stdout.splitlines()), (native.stdout, ported.stdout)
        assert ported.stdout.strip()
    # cmpi-run's options, and their errors, are the port's
    bad = subprocess.run(["dotnet", "run", "--no-build", "--project", os.path.join(out, "other"), "--", "-n", "0"],
                         capture_output=True, text=True, timeout=120, env=env)
    assert bad.returncode == 2 and "Other: -n needs a positive number of ranks, got '0'" in bad.stderr
    tcp = subprocess.run(["dotnet", "run", "--no-build", "--project", os.path.join(out, "other"), "--", "-n", "3",
                          "--transport", "tcp"], capture_output=True, text=True, timeout=120, env=env)
    assert tcp.returncode == 0 and tcp.stdout == "sum of ranks 3\n", tcp.stderr
