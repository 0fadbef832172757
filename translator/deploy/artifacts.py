"""The deploy files of one published port, as data (dicts for YAML and JSON, text for the rest).

Every rank is one process running `dotnet App.dll --join JOB ...` (cmpi-run's joined-rank mode, in the port's
CloudMpi.Run entry point): the orchestrator starts N of them and tells each its rank; they meet through the job's
Azure Storage. What each orchestrator gives a rank (docs/deploy.md):
- Kubernetes Indexed Job: JOB_COMPLETION_INDEX (the pod's index); JOB = the Job's uid, from the pod label
  batch.kubernetes.io/controller-uid through the downward API, so that each Job object, a re-run included, has storage
  of its own; the size is passed as --size.
- Azure Batch multi-instance task: AZ_BATCH_HOST_LIST (the rank is this node's place in it, the size its length);
  JOB = "$AZ_BATCH_JOB_ID-$AZ_BATCH_TASK_ID".
- Slurm: SLURM_PROCID and SLURM_NTASKS; JOB = "slurm-$SLURM_JOB_ID".
"""
from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from typing import Dict, List, Optional

# The Secret key a Kubernetes Secret holds the connection string under (kubectl create secret ... --from-literal=...).
SECRET_KEY = "connection-string"
CONNECTION_PLACEHOLDER = "REPLACE-WITH-THE-STORAGE-CONNECTION-STRING"
# Sharded over several accounts (--azure-accounts): the accounts file (one connection string or account name a line,
# cmpi-run --azure-accounts, docs/scale.md) is key ACCOUNTS_KEY of the same Secret, mounted read-only in every pod, so
# that no key is in the manifest or on a command line; Batch gets the lines in $CMPI_AZURE_ACCOUNTS, as it gets the one
# connection string; Slurm from the environment sbatch passes on.
ACCOUNTS_KEY = "accounts"
ACCOUNTS_MOUNT = "/etc/cmpi-storage"
ACCOUNTS_PLACEHOLDER = "REPLACE-WITH-THE-LINES-OF-THE-ACCOUNTS-FILE"


@dataclass(frozen=True)
class Port:
    """A port cmpi-port wrote (ported/<program>/): its assembly and target framework, read from its csproj."""
    directory: str
    program: str          # ported/<program>: the folder's name
    assembly: str         # <AssemblyName>: the published App.dll is <assembly>.dll
    framework: str        # <TargetFramework>, e.g. net10.0


@dataclass(frozen=True)
class Plan:
    port: Port
    ranks: int
    image: str
    job_name: str                          # Kubernetes Job name, Batch task id
    azure_account: Optional[str] = None    # Entra ID (workload / managed identity); else a connection string
    azure_accounts: bool = False           # sharded: the accounts file from the Secret / the environment
    workload_identity: bool = False        # Kubernetes: pods get a token (with azure_account, or accounts named)
    secret: str = "cmpi-storage"           # Kubernetes Secret holding the connection string
    service_account: str = "cmpi-storage"  # Kubernetes service account federated with the managed identity
    namespace: Optional[str] = None
    join_timeout: int = 600                # pods and nodes start minutes apart on a cold cluster
    program_args: List[str] = field(default_factory=list)


def runtime_image(framework: str) -> str:
    """The .NET runtime image for a target framework: net10.0 -> mcr.microsoft.com/dotnet/runtime:10.0."""
    m = re.fullmatch(r"net(\d+\.\d+)", framework)
    if not m:
        raise ValueError(f"target framework '{framework}' is not netN.M")
    return f"mcr.microsoft.com/dotnet/runtime:{m.group(1)}"


def dns_label(name: str) -> str:
    """A Kubernetes object name (RFC 1123 label: lowercase letters, digits, '-', at most 63)."""
    label = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:63].rstrip("-")
    return label or "cmpi-job"


def dockerfile(plan: Plan) -> str:
    dll = plan.port.assembly + ".dll"
    return f"""\
# Written by cmpi-deploy for {plan.port.program}: the published port on the .NET runtime, one MPI rank per container.
#   dotnet publish {plan.port.directory} -c Release -o publish     (cmpi-deploy --publish does it, next to this file)
#   docker build -t {plan.image} .  &&  docker push {plan.image}
# A rank's job, size and storage come from its arguments and environment (docs/deploy.md), its rank from the
# orchestrator (JOB_COMPLETION_INDEX, AZ_BATCH_HOST_LIST, SLURM_PROCID).
FROM {runtime_image(plan.port.framework)}
WORKDIR /app
COPY publish/ ./
# the image's unprivileged user: a rank needs no more than network access to storage
USER $APP_UID
ENTRYPOINT ["dotnet", "/app/{dll}"]
"""


def rank_args(job: str, size: Optional[int], plan: Plan, collect_output: bool = True,
              storage: Optional[List[str]] = None) -> List[str]:
    args = ["--join", job]
    if size is not None:
        args += ["--size", str(size)]
    args += ["--join-timeout", str(plan.join_timeout)] + list(storage or [])
    if collect_output:
        args.append("--collect-output")
    return args + ["--"] + list(plan.program_args)


def kubernetes_job(plan: Plan) -> Dict:
    """A batch/v1 Job in Indexed completion mode: N pods at once, pod i is rank i."""
    labels = {"app.kubernetes.io/name": dns_label(plan.port.program), "app.kubernetes.io/managed-by": "cmpi-deploy"}
    env: List[Dict] = [{
        # the Job's uid: every Job object (a re-run too) gets storage of its own
        "name": "CMPI_JOB",
        "valueFrom": {"fieldRef": {"fieldPath": "metadata.labels['batch.kubernetes.io/controller-uid']"}},
    }]
    pod_labels = dict(labels)
    pod_spec: Dict = {"restartPolicy": "Never"}
    storage: List[str] = []
    if plan.workload_identity:
        pod_labels["azure.workload.identity/use"] = "true"
        pod_spec["serviceAccountName"] = plan.service_account
    if plan.azure_accounts:
        # a path on the command line, the accounts themselves in the Secret's file
        storage = ["--azure-accounts", f"{ACCOUNTS_MOUNT}/{ACCOUNTS_KEY}"]
    elif plan.azure_account:
        env.append({"name": "CMPI_AZURE_ACCOUNT", "value": plan.azure_account})
    else:
        env.append({"name": "CMPI_AZURE_CONNECTION_STRING",
                    "valueFrom": {"secretKeyRef": {"name": plan.secret, "key": SECRET_KEY}}})
    container: Dict = {
        "name": "rank",
        "image": plan.image,
        # $(CMPI_JOB) is expanded by Kubernetes from the container's env
        "args": rank_args("$(CMPI_JOB)", plan.ranks, plan, storage=storage),
        "env": env,
        "resources": {"requests": {"cpu": "1", "memory": "512Mi"}},
    }
    if plan.azure_accounts:
        container["volumeMounts"] = [{"name": "storage-accounts", "mountPath": ACCOUNTS_MOUNT, "readOnly": True}]
        # only the accounts key, as file ACCOUNTS_MOUNT/accounts (default mode 0644: the image's user reads it)
        pod_spec["volumes"] = [{"name": "storage-accounts", "secret": {
            "secretName": plan.secret, "items": [{"key": ACCOUNTS_KEY, "path": ACCOUNTS_KEY}]}}]
    pod_spec["containers"] = [container]
    metadata: Dict = {"name": plan.job_name, "labels": labels}
    if plan.namespace:
        metadata["namespace"] = plan.namespace
    return {
        "apiVersion": "batch/v1",
        "kind": "Job",
        "metadata": metadata,
        "spec": {
            "completionMode": "Indexed",
            "completions": plan.ranks,
            "parallelism": plan.ranks,
            # an MPI job cannot replace one rank: the first failed pod fails the Job (the other ranks end themselves)
            "backoffLimit": 0,
            "template": {"metadata": {"labels": pod_labels}, "spec": pod_spec},
        },
    }


def _sh(args: List[str]) -> str:
    """A command line for /bin/sh -c, with "$VAR" references left for the shell on the node."""
    return " ".join(a if a.startswith('"') and '$' in a else shlex.quote(a) for a in args)


def batch_task(plan: Plan) -> Dict:
    """An Azure Batch multi-instance task (the body of the REST API's Add Task): the coordination command, which Batch
    runs on every node, is the rank; the application command, run on the primary once those have returned, prints the
    ranks' collected output merged."""
    job = '"$AZ_BATCH_JOB_ID-$AZ_BATCH_TASK_ID"'
    dll = f"/app/{plan.port.assembly}.dll"
    rank = ["dotnet", dll] + rank_args(job, None, plan)
    fetch = ["dotnet", dll, "--fetch-output", job]
    if plan.azure_accounts:
        env = [{"name": "CMPI_AZURE_ACCOUNTS", "value": ACCOUNTS_PLACEHOLDER}]
    elif plan.azure_account:
        env = [{"name": "CMPI_AZURE_ACCOUNT", "value": plan.azure_account}]
    else:
        env = [{"name": "CMPI_AZURE_CONNECTION_STRING", "value": CONNECTION_PLACEHOLDER}]
    return {
        "id": plan.job_name,
        "displayName": f"{plan.port.program} on {plan.ranks} nodes (cmpi-deploy)",
        "commandLine": "/bin/sh -c " + shlex.quote(_sh(fetch)),
        "containerSettings": {
            "imageName": plan.image,
            # the node's own addresses, so that a rank finds itself in AZ_BATCH_HOST_LIST
            "containerRunOptions": "--rm --network host",
        },
        "multiInstanceSettings": {
            "numberOfInstances": plan.ranks,
            "coordinationCommandLine": "/bin/sh -c " + shlex.quote(_sh(rank)),
        },
        "environmentSettings": env,
        "constraints": {"maxTaskRetryCount": 0},
        "userIdentity": {"autoUser": {"scope": "task", "elevationLevel": "nonadmin"}},
    }


def slurm_script(plan: Plan, publish_dir: str) -> str:
    dll = f"{publish_dir.rstrip('/')}/{plan.port.assembly}.dll"
    rank = ["dotnet", dll] + rank_args('"slurm-$SLURM_JOB_ID"', None, plan, collect_output=False)
    account = f'export CMPI_AZURE_ACCOUNT={shlex.quote(plan.azure_account)}\n' if plan.azure_account else ""
    if plan.azure_accounts:
        storage = f"""\
# storage: the job's accounts (--azure-accounts: one connection string or account name a line, in the same order for
# every rank), exported before sbatch, which passes the environment on; keep them out of this file:
#   export CMPI_AZURE_ACCOUNTS="$(cat accounts.txt)"; sbatch {plan.job_name}.sbatch
if [ -z "${{CMPI_AZURE_ACCOUNTS:-}}" ]; then
  echo "{plan.job_name}: export CMPI_AZURE_ACCOUNTS (the lines of the accounts file) before sbatch" >&2
  exit 2
fi
"""
    else:
        storage = f"""\
{account}# storage: CMPI_AZURE_ACCOUNT (Entra ID: the nodes' managed identity) or CMPI_AZURE_CONNECTION_STRING, exported
# before sbatch (sbatch passes the environment on; keep the string out of this file)
if [ -z "${{CMPI_AZURE_ACCOUNT:-}}" ] && [ -z "${{CMPI_AZURE_CONNECTION_STRING:-}}" ]; then
  echo "{plan.job_name}: export CMPI_AZURE_CONNECTION_STRING or CMPI_AZURE_ACCOUNT before sbatch" >&2
  exit 2
fi
"""
    return f"""\
#!/bin/bash
# Written by cmpi-deploy for {plan.port.program}: {plan.ranks} ranks, one per Slurm task; each finds its rank and the
# size in SLURM_PROCID and SLURM_NTASKS, and its peers through Azure Storage. The published port must be at the same
# path on every node ({publish_dir}), with dotnet on PATH. Submit: sbatch {plan.job_name}.sbatch
#SBATCH --job-name={plan.job_name}
#SBATCH --ntasks={plan.ranks}
#SBATCH --output={plan.job_name}-%j.out
set -eu
{storage}srun --kill-on-bad-exit=1 {_sh(rank)}
"""
