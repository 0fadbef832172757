"""`cmpi-deploy k8s|batch|slurm|all ported/<program> -n N`: the files that run a port on an orchestrator.

    cmpi-deploy k8s ported/ep -n 4 --image myregistry.azurecr.io/ep:1 --azure-account mystorage --publish [-- args]
    cmpi-deploy all ported/ep -n 64 --azure-accounts      # sharded: the accounts file in Secret cmpi-storage
    kubectl apply -f ported/ep/deploy/k8s-job.yaml

Writes into ported/<program>/deploy (or -o DIR): Dockerfile (the published port on the .NET runtime image) and,
per target, k8s-job.yaml (a Kubernetes Indexed Job), batch-task.json (an Azure Batch multi-instance task), <job>.sbatch
(a Slurm batch script). --publish also runs `dotnet publish` into DIR/publish, which the Dockerfile copies. A
separate command rather than a cmpi-port option: it works on a port that exists (cmpi-port's output, perhaps edited
and rebuilt since), and its options (ranks, image, identity) are about where the port runs, not how it was made.
Exit status: 0 written; 1 dotnet publish failed; 2 usage (no port there, bad names). docs/deploy.md.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from typing import List, Optional

import yaml

from . import artifacts
from .artifacts import Plan, Port

USAGE_STATUS = 2
TARGETS = ("k8s", "batch", "slurm", "all")


class UsageError(Exception):
    pass


def read_port(directory: str) -> Port:
    """The port in `directory` (a folder cmpi-port wrote: one .csproj)."""
    if not os.path.isdir(directory):
        raise UsageError(f"{directory}: no such folder (a port cmpi-port wrote: ported/<program>)")
    projects = sorted(f for f in os.listdir(directory) if f.endswith(".csproj"))
    if len(projects) != 1:
        raise UsageError(f"{directory}: expected one .csproj (a port cmpi-port wrote), found {len(projects) or 'none'}")
    path = os.path.join(directory, projects[0])
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        raise UsageError(f"{path}: not a project file: {e}")
    assembly = root.findtext(".//AssemblyName") or os.path.splitext(projects[0])[0]
    framework = root.findtext(".//TargetFramework")
    if not framework:
        raise UsageError(f"{path}: no <TargetFramework>")
    return Port(directory=directory, program=os.path.basename(os.path.abspath(directory)), assembly=assembly,
                framework=framework)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="cmpi-deploy", description="Write the files that run a port as N ranks on "
                                "Kubernetes, Azure Batch or Slurm, meeting through Azure Storage (docs/deploy.md).")
    p.add_argument("target", choices=TARGETS, help="which orchestrator's files (all: every one)")
    p.add_argument("port", help="the port's folder (ported/<program>, as cmpi-port wrote it)")
    p.add_argument("-n", "--ranks", type=int, required=True, help="the number of ranks (pods, nodes, Slurm tasks)")
    p.add_argument("--image", help="the container image to build and run (default: <program>:latest)")
    p.add_argument("--job", help="the Kubernetes Job's name, the Batch task's id and the Slurm job's name "
                                 "(default: cmpi-<program>)")
    p.add_argument("--azure-account", metavar="NAME", help="reach storage account NAME with Microsoft Entra ID "
                   "(Kubernetes workload identity, Batch and Slurm nodes' managed identity) instead of a connection "
                   "string")
    p.add_argument("--azure-accounts", action="store_true",
                   help="shard the job over several storage accounts (cmpi-run --azure-accounts, docs/scale.md): "
                   "Kubernetes mounts the accounts file from the Secret's key "
                   f"'{artifacts.ACCOUNTS_KEY}', Batch and Slurm give it in $CMPI_AZURE_ACCOUNTS")
    p.add_argument("--workload-identity", action="store_true",
                   help="Kubernetes with --azure-accounts naming accounts (not connection strings): run the pods as "
                   "--service-account with a Microsoft Entra ID token")
    p.add_argument("--secret", default="cmpi-storage", help="Kubernetes: the Secret holding the connection string "
                   f"under key '{artifacts.SECRET_KEY}' (or with --azure-accounts the accounts file under key "
                   f"'{artifacts.ACCOUNTS_KEY}'; default: cmpi-storage)")
    p.add_argument("--service-account", default="cmpi-storage",
                   help="Kubernetes with --azure-account: the workload identity's service account (default: cmpi-storage)")
    p.add_argument("--namespace", help="Kubernetes: the Job's namespace")
    p.add_argument("--join-timeout", type=int, default=600,
                   help="seconds the ranks wait for each other at start (default 600: nodes and pods start slowly)")
    p.add_argument("--publish", action="store_true", help="also run dotnet publish into DIR/publish")
    p.add_argument("--slurm-publish-dir", metavar="PATH",
                   help="Slurm: where the published port is on the nodes (default: DIR/publish, absolute)")
    p.add_argument("-o", "--output", metavar="DIR", help="where to write (default: <port>/deploy)")
    return p


def main(argv: Optional[List[str]] = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    # the program's own arguments follow `--` (they may look like options)
    program_args = argv[argv.index("--") + 1:] if "--" in argv else []
    argv = argv[:argv.index("--")] if "--" in argv else argv
    try:
        args = _parser().parse_args(argv)
    except SystemExit as e:
        return 0 if e.code == 0 else USAGE_STATUS
    args.program_args = program_args
    try:
        return run(args)
    except UsageError as e:
        print(f"cmpi-deploy: {e}", file=sys.stderr)
        return USAGE_STATUS


def run(args) -> int:
    port = read_port(args.port)
    if args.ranks < 1 or args.ranks > 4096:
        raise UsageError(f"-n {args.ranks}: a job has 1 to 4096 ranks")
    if args.azure_account and not re.fullmatch(r"[a-z0-9]{3,24}", args.azure_account):
        raise UsageError(f"'{args.azure_account}' is not a storage account name (3-24 lowercase letters and digits)")
    if args.azure_accounts and args.azure_account:
        raise UsageError("--azure-accounts names every account of the job (in the Secret or the environment): "
                         "pass it without --azure-account")
    if args.workload_identity and not args.azure_accounts:
        raise UsageError("--workload-identity goes with --azure-accounts (--azure-account implies it)")
    job = args.job or artifacts.dns_label("cmpi-" + port.program)
    if artifacts.dns_label(job) != job:
        raise UsageError(f"job name '{job}' must be lowercase letters, digits and '-' (a Kubernetes name)")
    try:
        artifacts.runtime_image(port.framework)
    except ValueError as e:
        raise UsageError(str(e))
    plan = Plan(port=port, ranks=args.ranks, image=args.image or f"{artifacts.dns_label(port.program)}:latest",
                job_name=job, azure_account=args.azure_account, azure_accounts=args.azure_accounts,
                workload_identity=bool(args.azure_account) or args.workload_identity, secret=args.secret,
                service_account=args.service_account, namespace=args.namespace, join_timeout=args.join_timeout,
                program_args=list(args.program_args))
    out = args.output or os.path.join(port.directory, "deploy")
    os.makedirs(out, exist_ok=True)
    written = []

    def write(name: str, text: str, mode: int = 0o644):
        path = os.path.join(out, name)
        with open(path, "w") as f:
            f.write(text)
        os.chmod(path, mode)
        written.append(path)

    targets = ("k8s", "batch", "slurm") if args.target == "all" else (args.target,)
    if "k8s" in targets or "batch" in targets:
        write("Dockerfile", artifacts.dockerfile(plan))
        write(".dockerignore", "*\n!publish/\n")
    if "k8s" in targets:
        write("k8s-job.yaml", "# Written by cmpi-deploy: kubectl apply -f k8s-job.yaml (docs/deploy.md)\n"
              + yaml.safe_dump(artifacts.kubernetes_job(plan), sort_keys=False, width=120))
    if "batch" in targets:
        write("batch-task.json", json.dumps(artifacts.batch_task(plan), indent=2) + "\n")
        if plan.azure_accounts:
            print(f"cmpi-deploy: {os.path.join(out, 'batch-task.json')}: put the lines of the accounts file in place of "
                  f"{artifacts.ACCOUNTS_PLACEHOLDER} (one connection string or account name a line, the same order "
                  f"as every rank's)", file=sys.stderr)
        elif not plan.azure_account:
            print(f"cmpi-deploy: {os.path.join(out, 'batch-task.json')}: put the storage connection string in place of "
                  f"{artifacts.CONNECTION_PLACEHOLDER} (or use --azure-account with the pool's managed identity)",
                  file=sys.stderr)
    if "slurm" in targets:
        publish_dir = args.slurm_publish_dir or os.path.abspath(os.path.join(out, "publish"))
        write(f"{job}.sbatch", artifacts.slurm_script(plan, publish_dir), 0o755)
    if args.publish:
        cmd = ["dotnet", "publish", port.directory, "-c", "Release", "-o", os.path.join(out, "publish"), "-nologo",
               "-v", "quiet"]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            sys.stderr.write(r.stdout + r.stderr)
            print(f"cmpi-deploy: dotnet publish {port.directory} failed (status {r.returncode})", file=sys.stderr)
            return 1
        written.append(os.path.join(out, "publish", port.assembly + ".dll"))
    for path in written:
        print(f"cmpi-deploy: wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
