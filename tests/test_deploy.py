"""cmpi-deploy (issue 25): the Dockerfile, Kubernetes Indexed Job, Azure Batch multi-instance task and Slurm script
of a port, parsed and checked field by field (the Job against the batch/v1 API's required fields and the Job
controller's rules), and, opt-in (CMPI_DEPLOY_RUN=1: a dotnet publish and two jobs, about a minute), the published
port run exactly as the manifest and the sbatch script say: the Job's container args with JOB_COMPLETION_INDEX per
pod, and the script under a stand-in `srun` that starts SLURM_NTASKS copies with SLURM_PROCID set; both match mpirun.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import stat
import subprocess

import pytest
import yaml

from tests.support import ROOT, Tools, by_rank, run
from translator.verify.compare import join_ranks

tools = Tools(ROOT)
DEPLOY = os.path.join(ROOT, ".venv", "bin", "cmpi-deploy")
PORT = os.path.join(ROOT, ".venv", "bin", "cmpi-port")
PROGRAM = os.path.join(ROOT, "tests", "join", "reduce_alltoall.c")

# The batch/v1 Job's required fields, from the Kubernetes API reference (kubernetes.io/docs/reference/kubernetes-api/
# workload-resources/job-v1/ and pod-v1/): a Job has apiVersion, kind, metadata and spec; JobSpec requires template;
# a PodTemplateSpec's PodSpec requires containers; a Container requires name; an EnvVar name; an ObjectFieldSelector
# fieldPath; a SecretKeySelector key.
JOB_REQUIRED = ["apiVersion", "kind", "metadata", "spec"]
JOB_SPEC_REQUIRED = ["template"]
POD_SPEC_REQUIRED = ["containers"]
CONTAINER_REQUIRED = ["name"]


@pytest.fixture(scope="module")
def port(tmp_path_factory):
    work = tmp_path_factory.mktemp("deploy")
    shutil.copy(PROGRAM, work / "reduce_alltoall.c")
    r = run([PORT, "-o", "ported", "reduce_alltoall.c"], cwd=str(work), timeout=300)
    assert r.returncode == 0, r.stderr
    return str(work / "ported" / "reduce_alltoall")


def deploy(port_dir, *args, out, env=None):
    return run([DEPLOY, args[0], port_dir, "-o", out, *args[1:]], timeout=600, env=env)


def check_required(obj: dict, fields, where: str):
    for f in fields:
        assert f in obj and obj[f] not in (None, "", [], {}), f"{where}.{f} is required"


def check_kubernetes_job(job: dict, ranks: int):
    check_required(job, JOB_REQUIRED, "Job")
    assert job["apiVersion"] == "batch/v1" and job["kind"] == "Job"
    assert re.fullmatch(r"[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?", job["metadata"]["name"])
    spec = job["spec"]
    check_required(spec, JOB_SPEC_REQUIRED, "Job.spec")
    # Indexed completion mode needs completions; all ranks at once: parallelism = completions = N
    assert spec["completionMode"] == "Indexed"
    assert spec["completions"] == ranks and spec["parallelism"] == ranks
    assert spec["backoffLimit"] == 0
    pod = spec["template"]["spec"]
    check_required(pod, POD_SPEC_REQUIRED, "Job.spec.template.spec")
    # the Job controller accepts only these restart policies
    assert pod["restartPolicy"] in ("Never", "OnFailure")
    (container,) = pod["containers"]
    check_required(container, CONTAINER_REQUIRED, "container")
    for var in container["env"]:
        check_required(var, ["name"], "env")
        source = var.get("valueFrom", {})
        if "fieldRef" in source:
            check_required(source["fieldRef"], ["fieldPath"], "fieldRef")
        if "secretKeyRef" in source:
            check_required(source["secretKeyRef"], ["key"], "secretKeyRef")
    return container, pod


def test_kubernetes_job_with_a_connection_secret(port, tmp_path):
    r = deploy(port, "k8s", "-n", "3", "--image", "registry.example/ra:1", "--", "7", out=str(tmp_path))
    assert r.returncode == 0, r.stderr
    job = yaml.safe_load((tmp_path / "k8s-job.yaml").read_text())
    container, pod = check_kubernetes_job(job, 3)
    assert job["metadata"]["name"] == "cmpi-reduce-alltoall"
    assert container["image"] == "registry.example/ra:1"
    assert container["args"] == ["--join", "$(CMPI_JOB)", "--size", "3", "--join-timeout", "600", "--collect-output",
                                 "--", "7"]
    env = {v["name"]: v for v in container["env"]}
    assert env["CMPI_JOB"]["valueFrom"]["fieldRef"]["fieldPath"] == \
        "metadata.labels['batch.kubernetes.io/controller-uid']"
    assert env["CMPI_AZURE_CONNECTION_STRING"]["valueFrom"]["secretKeyRef"] == {"name": "cmpi-storage",
                                                                              "key": "connection-string"}
    assert "serviceAccountName" not in pod
    # the Dockerfile: the .NET runtime image the port's framework needs, the port's own assembly as entry point
    docker = (tmp_path / "Dockerfile").read_text()
    assert "\nFROM mcr.microsoft.com/dotnet/runtime:10.0\n" in docker
    assert '\nENTRYPOINT ["dotnet", "/app/ReduceAlltoall.dll"]\n' in docker
    assert "\nCOPY publish/ ./\n" in docker and "\nUSER $APP_UID\n" in docker


def test_kubernetes_job_with_workload_identity(port, tmp_path):
    r = deploy(port, "k8s", "-n", "4", "--azure-account", "cmpistore", "--namespace", "hpc", "--job", "ra-run",
               out=str(tmp_path))
    assert r.returncode == 0, r.stderr
    job = yaml.safe_load((tmp_path / "k8s-job.yaml").read_text())
    container, pod = check_kubernetes_job(job, 4)
    assert job["metadata"] == {"name": "ra-run", "namespace": "hpc", "labels": job["metadata"]["labels"]}
    assert job["spec"]["template"]["metadata"]["labels"]["azure.workload.identity/use"] == "true"
    assert pod["serviceAccountName"] == "cmpi-storage"
    env = {v["name"]: v for v in container["env"]}
    assert env["CMPI_AZURE_ACCOUNT"] == {"name": "CMPI_AZURE_ACCOUNT", "value": "cmpistore"}
    assert "CMPI_AZURE_CONNECTION_STRING" not in env


def test_batch_task_and_slurm_script(port, tmp_path):
    r = deploy(port, "all", "-n", "5", "--image", "registry.example/ra:1", "--azure-account", "cmpistore",
               out=str(tmp_path))
    assert r.returncode == 0, r.stderr
    task = json.loads((tmp_path / "batch-task.json").read_text())
    # Batch's task id: letters, digits, hyphens and underscores, at most 64
    assert re.fullmatch(r"[A-Za-z0-9_-]{1,64}", task["id"])
    assert task["multiInstanceSettings"]["numberOfInstances"] == 5
    coordination = task["multiInstanceSettings"]["coordinationCommandLine"]
    assert coordination == ("/bin/sh -c 'dotnet /app/ReduceAlltoall.dll --join \"$AZ_BATCH_JOB_ID-$AZ_BATCH_TASK_ID\" "
                            "--join-timeout 600 --collect-output --'")
    assert task["commandLine"] == \
        "/bin/sh -c 'dotnet /app/ReduceAlltoall.dll --fetch-output \"$AZ_BATCH_JOB_ID-$AZ_BATCH_TASK_ID\"'"
    assert task["containerSettings"] == {"imageName": "registry.example/ra:1", "containerRunOptions": "--rm --network host"}
    assert task["environmentSettings"] == [{"name": "CMPI_AZURE_ACCOUNT", "value": "cmpistore"}]
    assert task["constraints"]["maxTaskRetryCount"] == 0

    script_path = tmp_path / "cmpi-reduce-alltoall.sbatch"
    script = script_path.read_text()
    assert script.startswith("#!/bin/bash\n")
    assert re.findall(r"^#SBATCH (.*)$", script, re.M) == [
        "--job-name=cmpi-reduce-alltoall", "--ntasks=5", "--output=cmpi-reduce-alltoall-%j.out"]
    assert "\nexport CMPI_AZURE_ACCOUNT=cmpistore\n" in script
    assert re.search(r'^srun --kill-on-bad-exit=1 dotnet \S+/publish/ReduceAlltoall\.dll --join "slurm-\$SLURM_JOB_ID" '
                     r"--join-timeout 600 --$", script, re.M)
    assert script_path.stat().st_mode & stat.S_IXUSR
    assert run(["bash", "-n", str(script_path)]).returncode == 0


GOLDEN_ACCOUNTS = os.path.join(ROOT, "tests", "golden", "deploy", "accounts")


def _update_or_fail(written: dict, update: bool):
    """Each of `written` (golden path -> what cmpi-deploy wrote) equals its golden file; --update-golden rewrites them."""
    stale = {path: actual for path, actual in written.items()
             if not os.path.exists(path) or open(path).read() != actual}
    if not stale:
        return
    names = ", ".join(os.path.relpath(p, ROOT) for p in stale)
    if update:
        for path, actual in stale.items():
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(actual)
        pytest.fail(f"rewrote {names} (--update-golden); review and commit them")
    pytest.fail(f"{names}: missing or not what cmpi-deploy writes now (pytest --update-golden rewrites them)")


def test_sharded_over_several_accounts(port, tmp_path, update_golden):
    """--azure-accounts: every rank gets the accounts file; the accounts themselves are never in a manifest."""
    r = deploy(port, "all", "-n", "4", "--image", "registry.example/ra:1", "--azure-accounts", "--secret", "ra-store",
               "--slurm-publish-dir", "/shared/ra/publish", out=str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert "REPLACE-WITH-THE-LINES-OF-THE-ACCOUNTS-FILE" in r.stderr

    job = yaml.safe_load((tmp_path / "k8s-job.yaml").read_text())
    container, pod = check_kubernetes_job(job, 4)
    # the runtime reads the file the args name: a path into the mounted Secret, which holds only key 'accounts'
    assert container["args"] == ["--join", "$(CMPI_JOB)", "--size", "4", "--join-timeout", "600",
                                 "--azure-accounts", "/etc/cmpi-storage/accounts", "--collect-output", "--"]
    (mount,) = container["volumeMounts"]
    (volume,) = pod["volumes"]
    assert mount["name"] == volume["name"] and mount["readOnly"] is True
    assert mount["mountPath"] + "/" + volume["secret"]["items"][0]["path"] == "/etc/cmpi-storage/accounts"
    assert volume["secret"] == {"secretName": "ra-store", "items": [{"key": "accounts", "path": "accounts"}]}
    # no other way to storage beside the file (the runtime refuses two), no workload identity unless asked for
    assert [v["name"] for v in container["env"]] == ["CMPI_JOB"]
    assert "serviceAccountName" not in pod

    task = json.loads((tmp_path / "batch-task.json").read_text())
    assert task["environmentSettings"] == [{"name": "CMPI_AZURE_ACCOUNTS",
                                            "value": "REPLACE-WITH-THE-LINES-OF-THE-ACCOUNTS-FILE"}]
    script_path = tmp_path / "cmpi-reduce-alltoall.sbatch"
    assert run(["bash", "-n", str(script_path)]).returncode == 0
    # the script refuses to start ranks without the accounts (and never holds them itself)
    refused = run(["bash", str(script_path)], env={"CMPI_AZURE_ACCOUNTS": "", "CMPI_AZURE_CONNECTION_STRING": "x"})
    assert refused.returncode == 2 and "export CMPI_AZURE_ACCOUNTS" in refused.stderr

    _update_or_fail({os.path.join(GOLDEN_ACCOUNTS, name): (tmp_path / name).read_text()
                     for name in ("k8s-job.yaml", "batch-task.json", "cmpi-reduce-alltoall.sbatch")}, update_golden)


def test_sharded_accounts_named_with_workload_identity(port, tmp_path):
    r = deploy(port, "k8s", "-n", "2", "--azure-accounts", "--workload-identity", "--service-account", "ra-id",
               out=str(tmp_path))
    assert r.returncode == 0, r.stderr
    job = yaml.safe_load((tmp_path / "k8s-job.yaml").read_text())
    container, pod = check_kubernetes_job(job, 2)
    assert pod["serviceAccountName"] == "ra-id"
    assert job["spec"]["template"]["metadata"]["labels"]["azure.workload.identity/use"] == "true"
    assert pod["volumes"][0]["secret"]["secretName"] == "cmpi-storage"
    assert [v["name"] for v in container["env"]] == ["CMPI_JOB"]


def test_usage_errors(port, tmp_path):
    for args, message in [
        (["k8s", str(tmp_path / "nothing"), "-n", "2"], "no such folder"),
        (["k8s", port, "-n", "0"], "a job has 1 to 4096 ranks"),
        (["k8s", port, "-n", "2", "--azure-account", "Bad_Name"], "is not a storage account name"),
        (["k8s", port, "-n", "2", "--job", "Bad_Job"], "must be lowercase letters, digits and '-'"),
        (["k8s", port, "-n", "2", "--azure-accounts", "--azure-account", "st1"], "pass it without --azure-account"),
        (["k8s", port, "-n", "2", "--workload-identity"], "--workload-identity goes with --azure-accounts"),
    ]:
        r = run([DEPLOY, *args, "-o", str(tmp_path / "out")])
        assert r.returncode == 2, (args, r.stderr)
        assert message in r.stderr and "Traceback" not in r.stderr


def native_by_rank(ranks, tmp_path):
    if not (tools.mpicc and tools.mpirun):
        pytest.skip("needs mpicc and mpirun")
    exe = str(tmp_path / "native")
    assert tools.build_native(PROGRAM, exe).returncode == 0
    r = tools.native(exe, ranks, [])
    assert r.returncode == 0, r.stderr
    return by_rank(r.stdout)


@pytest.mark.skipif(os.environ.get("CMPI_DEPLOY_RUN") != "1",
                    reason="opt-in (a dotnet publish and two jobs, about a minute): set CMPI_DEPLOY_RUN=1")
def test_published_port_runs_as_the_manifest_and_the_script_say(port, azurite, tmp_path):
    out = tmp_path / "deploy"
    # a NuGet folder of its own: the shared one (~/.nuget/packages) holds whichever checkout last packed 0.1.0
    r = deploy(port, "all", "-n", "3", "--publish", out=str(out), env={"NUGET_PACKAGES": str(tmp_path / "nuget")})
    assert r.returncode == 0, r.stderr
    dll = out / "publish" / "ReduceAlltoall.dll"
    expected = native_by_rank(3, tmp_path)

    # Kubernetes: each pod runs the image's entry point with the Job's args; $(CMPI_JOB) is the Job's uid
    job = yaml.safe_load((out / "k8s-job.yaml").read_text())
    args = job["spec"]["template"]["spec"]["containers"][0]["args"]
    uid = "3f1c9a52-7d2e-4b8f-9a41-0c5e6d7f8a9b"
    args = [uid if a == "$(CMPI_JOB)" else a for a in args]
    pods = [subprocess.Popen(["dotnet", str(dll), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env=dict(os.environ, **azurite.env, JOB_COMPLETION_INDEX=str(i))) for i in range(3)]
    results = [(p.wait(timeout=300), p.stdout.read(), p.stderr.read()) for p in pods]
    for code, _, err in results:
        assert code == 0, err
    assert join_ranks({i: o.splitlines() for i, (_, o, _) in enumerate(results)}) == expected
    fetched = run(["dotnet", str(dll), "--fetch-output", uid, "--tag-output"], env=azurite.env)
    assert fetched.returncode == 0 and by_rank(fetched.stdout) == expected

    # Slurm: the sbatch script under a stand-in srun that starts SLURM_NTASKS tasks with SLURM_PROCID set
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "srun").write_text('#!/bin/sh\nshift\ni=0\nwhile [ $i -lt "$SLURM_NTASKS" ]; do\n'
                               '  SLURM_PROCID=$i "$@" >"$OUT.$i" &\n  i=$((i + 1))\ndone\nwait\n')
    (fake / "srun").chmod(0o755)
    env = dict(azurite.env, PATH=f"{fake}:{os.environ['PATH']}", SLURM_JOB_ID="4242", SLURM_NTASKS="3",
               OUT=str(tmp_path / "slurm"), JOB_COMPLETION_INDEX="")
    r = run(["bash", str(out / "cmpi-reduce-alltoall.sbatch")], env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    assert join_ranks({i: (tmp_path / f"slurm.{i}").read_text().splitlines() for i in range(3)}) == expected
    for job_id in (uid, "slurm-4242"):
        run(["dotnet", str(dll), "--cleanup", job_id], env=azurite.env)


@pytest.mark.skipif(os.environ.get("CMPI_DEPLOY_RUN") != "1",
                    reason="opt-in (a dotnet publish, a second Azurite and two jobs): set CMPI_DEPLOY_RUN=1")
def test_sharded_port_runs_as_the_manifest_and_the_script_say(port, azurite, tmp_path):
    from tests.support import Azurite
    second = Azurite(os.path.join(ROOT, "build", "azurite", "node_modules", ".bin", "azurite"))
    try:
        out = tmp_path / "deploy"
        r = deploy(port, "all", "-n", "3", "--azure-accounts", "--publish", out=str(out),
                   env={"NUGET_PACKAGES": str(tmp_path / "nuget")})
        assert r.returncode == 0, r.stderr
        dll = out / "publish" / "ReduceAlltoall.dll"
        expected = native_by_rank(3, tmp_path)
        lines = "\n".join(a.env["CMPI_AZURE_CONNECTION_STRING"] for a in (azurite, second)) + "\n"
        # what the Secret's key 'accounts' mounted at /etc/cmpi-storage would hold
        accounts_file = tmp_path / "accounts"
        accounts_file.write_text(lines)
        # no other way to storage in the ranks' environment: the manifest sets none
        base = {k: v for k, v in os.environ.items() if not k.startswith("CMPI_AZURE_")}

        job = yaml.safe_load((out / "k8s-job.yaml").read_text())
        args = job["spec"]["template"]["spec"]["containers"][0]["args"]
        uid = "5a0e1c2d-3b4f-4a5b-8c6d-7e8f9a0b1c2d"
        args = [uid if a == "$(CMPI_JOB)" else str(accounts_file) if a == "/etc/cmpi-storage/accounts" else a
                for a in args]
        pods = [subprocess.Popen(["dotnet", str(dll), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True, env=dict(base, JOB_COMPLETION_INDEX=str(i))) for i in range(3)]
        results = [(p.wait(timeout=300), p.stdout.read(), p.stderr.read()) for p in pods]
        for code, _, err in results:
            assert code == 0, err
        assert join_ranks({i: o.splitlines() for i, (_, o, _) in enumerate(results)}) == expected
        # Batch's application command: --fetch-output with the accounts in $CMPI_AZURE_ACCOUNTS
        accounts_env = {"CMPI_AZURE_ACCOUNTS": lines, "CMPI_AZURE_CONNECTION_STRING": ""}
        fetched = run(["dotnet", str(dll), "--fetch-output", uid, "--tag-output"], env=accounts_env)
        assert fetched.returncode == 0 and by_rank(fetched.stdout) == expected, fetched.stderr

        fake = tmp_path / "bin"
        fake.mkdir()
        (fake / "srun").write_text('#!/bin/sh\nshift\ni=0\nwhile [ $i -lt "$SLURM_NTASKS" ]; do\n'
                                   '  SLURM_PROCID=$i "$@" >"$OUT.$i" &\n  i=$((i + 1))\ndone\nwait\n')
        (fake / "srun").chmod(0o755)
        env = dict(accounts_env, PATH=f"{fake}:{os.environ['PATH']}", SLURM_JOB_ID="4343", SLURM_NTASKS="3",
                   OUT=str(tmp_path / "slurm"), JOB_COMPLETION_INDEX="")
        r = run(["bash", str(out / "cmpi-reduce-alltoall.sbatch")], env=env, timeout=300)
        assert r.returncode == 0, r.stderr
        assert join_ranks({i: (tmp_path / f"slurm.{i}").read_text().splitlines() for i in range(3)}) == expected
        for job_id in (uid, "slurm-4343"):
            run(["dotnet", str(dll), "--cleanup", job_id], env=accounts_env)
    finally:
        second.stop()
