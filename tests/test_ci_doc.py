"""docs/ci.md's GitHub Actions workflow and GitLab CI job: valid YAML of the right shape, every command one that
exists (a make target of the Makefile, a console script of pyproject.toml, a system tool), and the port and verify
commands run here in a copy of the checkout they expect."""
from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import tomllib
import xml.etree.ElementTree as ET

import pytest

from tests.support import ROOT

yaml = pytest.importorskip("yaml")  # python3-yaml, scripts/setup.sh
DOC = os.path.join(ROOT, "docs", "ci.md")
SYSTEM_TOOLS = {"apt-get"}


def _blocks():
    text = open(DOC, encoding="utf-8").read()
    return [yaml.safe_load(b) for b in re.findall(r"```yaml\n(.*?)```", text, re.S)]


def _github():
    return next(b for b in _blocks() if "jobs" in b)


def _gitlab():
    return next(b for b in _blocks() if "port-and-verify" in b and "script" in b["port-and-verify"])


def _commands():
    """Every shell command of both jobs, in order: (job, command)."""
    out = []
    for step in _github()["jobs"]["port-and-verify"]["steps"]:
        if "run" in step:
            out += [("github", line) for line in step["run"].splitlines() if line.strip()]
    job = _gitlab()["port-and-verify"]
    for key in ("before_script", "script"):
        out += [("gitlab", line) for line in job.get(key, [])]
    return out


def _make_targets():
    text = open(os.path.join(ROOT, "Makefile"), encoding="utf-8").read()
    return set(re.findall(r"^([A-Za-z][\w-]*):", text, re.M))


def _console_scripts():
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        return set(tomllib.load(f)["project"]["scripts"]) | {"cmpi-run"}   # cmpi-run: the wrapper make setup writes


def test_both_jobs_parse_and_publish_junit_and_sarif():
    gh = _github()
    steps = gh["jobs"]["port-and-verify"]["steps"]
    uses = {s.get("uses", "").split("@")[0]: s for s in steps}
    assert uses["mikepenz/action-junit-report"]["with"]["report_paths"] == "build/verify/junit.xml"
    assert uses["github/codeql-action/upload-sarif"]["with"]["sarif_file"] == "build/ported/report.sarif"
    assert gh["permissions"]["security-events"] == "write"
    gl = _gitlab()["port-and-verify"]
    assert gl["artifacts"]["reports"]["junit"] == "build/verify/junit.xml"
    assert "build/ported/report.sarif" in gl["artifacts"]["paths"] and gl["artifacts"]["when"] == "always"


def test_every_command_exists():
    targets, scripts = _make_targets(), _console_scripts()
    seen = set()
    for job, command in _commands():
        for part in re.split(r"&&|\|\|", command):
            argv = shlex.split(part)
            tool = argv[0]
            if tool == "make":
                goals = [a for a in argv[1:] if not a.startswith("-") and "=" not in a]
                assert goals and all(g in targets for g in goals), f"{job}: {command}: no such make target"
            elif tool.startswith(".venv/bin/"):
                assert os.path.basename(tool) in scripts, f"{job}: {command}: no such console script"
            else:
                assert tool in SYSTEM_TOOLS, f"{job}: {command}: an unknown command"
            seen.add(os.path.basename(tool))
    assert {"make", "cmpi-port", "cmpi-verify"} <= seen


@pytest.mark.skipif(not os.path.exists(os.path.join(ROOT, ".venv", "bin", "cmpi-run")), reason="make setup first")
def test_the_port_and_verify_commands_run(tmp_path):
    """The jobs' cmpi commands, as written, in a copy of the checkout (make setup's .venv linked, not re-run)."""
    shutil.copytree(os.path.join(ROOT, "corpus", "examples"), tmp_path / "corpus" / "examples")
    (tmp_path / "tests" / "verify").mkdir(parents=True)
    shutil.copy(os.path.join(ROOT, "tests", "verify", "ci.toml"), tmp_path / "tests" / "verify")
    os.symlink(os.path.join(ROOT, ".venv"), tmp_path / ".venv")
    cmds = [c for job, c in _commands() if job == "github" and c.startswith(".venv/bin/")]
    assert cmds == [c for job, c in _commands() if job == "gitlab" and c.startswith(".venv/bin/")]
    for c in cmds:
        r = subprocess.run(c, shell=True, cwd=tmp_path, capture_output=True, text=True, timeout=600)
        assert r.returncode == 0, f"{c}:\n{r.stdout}{r.stderr}"
    assert (tmp_path / "build" / "ported" / "report.sarif").exists()
    suite = ET.parse(tmp_path / "build" / "verify" / "junit.xml").getroot()
    assert suite.get("tests") == "4" and suite.get("failures") == "0" and suite.get("errors") == "0"
