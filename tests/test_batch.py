"""`cmpi-translate --batch` (translator/batch.py): each job gives what `cmpi-translate` alone gives, and the compiled
template kept between runs (emit.py) renders what a fresh compilation renders."""
from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys

from tests.support import ROOT

ROBUST = os.path.join(ROOT, "tests", "robust")
TRANSLATE = [sys.executable, "-m", "translator"]


def _alone(argv, cwd, env=None):
    p = subprocess.run(TRANSLATE + argv, capture_output=True, text=True, errors="surrogateescape", cwd=cwd,
                       timeout=300, env=env)
    return p.returncode, p.stdout, p.stderr


def _batch(lines, cwd, *options, env=None):
    p = subprocess.run(TRANSLATE + ["--batch", "-", *options], input="\n".join(lines) + "\n", capture_output=True,
                       text=True, errors="surrogateescape", cwd=cwd, timeout=300, env=env)
    return p.returncode, [json.loads(line) for line in p.stdout.splitlines()], p.stderr


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def test_each_job_of_a_batch_gives_what_it_gives_alone(tmp_path):
    """Outputs, diagnostics, exit statuses and C# bytes: a program that translates, one with warnings, one with
    errors, a missing file, a line argparse refuses, --dump-ir (standard output), and a job that is a batch."""
    (tmp_path / "sub").mkdir()
    jobs = [
        [os.path.join(ROOT, "corpus", "examples", "pi.c"), "-o", "{out}/Pi.cs"],
        [os.path.join(ROOT, "tests", "robust", "unsigned_main.c"), "-o", "{out}/Um.cs", "--class-name", "Um"],
        [os.path.join(ROOT, "tests", "bad", "asm.c"), "-o", "{out}/Asm.cs"],
        ["missing.c", "-o", "{out}/M.cs"],
        ["--no-such-option", "x.c"],
        [os.path.join(ROOT, "tests", "robust", "unsigned_main.c"), "--dump-ir"],
        ["--batch", "other.jobs"],
    ]
    alone, lines = [], ["# a comment, then a blank line", ""]
    for job in jobs:
        argv = [a.replace("{out}", str(tmp_path / "alone")) for a in job]
        os.makedirs(tmp_path / "alone", exist_ok=True)
        alone.append(_alone(argv, str(tmp_path)))
        lines.append(shlex.join(a.replace("{out}", str(tmp_path / "batch")) for a in job))
    os.makedirs(tmp_path / "batch", exist_ok=True)
    status, results, err = _batch(lines, str(tmp_path))
    assert err == ""
    assert [r["line"] for r in results] == list(range(3, 3 + len(jobs)))
    assert [r["exit"] for r in results] == [a[0] for a in alone]
    assert alone[0][0] == alone[1][0] == 0 and alone[2][0] == 1 and alone[-1][0] == 2  # the cases meant
    assert status == max(a[0] for a in alone)
    for r, (_, out, diagnostics) in zip(results[:-1], alone):
        assert (r["output"], r["diagnostics"]) == (out, diagnostics), r
        assert r["cpu"] >= 0
    assert results[-1]["diagnostics"] == "cmpi-translate: error: a job of a batch is no batch\n"  # (alone: a batch)
    assert "IntLit" in results[-2]["output"]
    for name in ("Pi.cs", "Um.cs"):
        assert _read(tmp_path / "batch" / name) == _read(tmp_path / "alone" / name)
    assert not (tmp_path / "batch" / "Asm.cs").exists()


def test_a_job_past_its_bound_ends_alone_and_the_options_beside_batch_reach_every_job(tmp_path):
    """--time-limit given beside --batch bounds each job: the macro bomb ends with the resource error, the next job
    is translated; a job's own option wins over the batch's."""
    bomb = os.path.join(ROBUST, "bad", "object_macro_bomb.c")
    fine = os.path.join(ROOT, "corpus", "examples", "pi.c")
    status, results, _ = _batch([shlex.join([bomb, "-o", str(tmp_path / "B.cs")]),
                                 shlex.join([fine, "-o", str(tmp_path / "P.cs")]),
                                 shlex.join([fine, "-o", str(tmp_path / "Q.cs"), "--class-name", "Own"]),
                                 "unbalanced 'quote"], str(tmp_path), "--time-limit", "2", "--class-name", "Common")
    assert [r["exit"] for r in results] == [1, 0, 0, 2]
    assert "[-Wresource-limit]" in results[0]["diagnostics"] and results[0]["cpu"] < 30
    assert " class Common" in (tmp_path / "P.cs").read_text()
    assert " class Own" in (tmp_path / "Q.cs").read_text() and " class Common" not in (tmp_path / "Q.cs").read_text()
    assert "line 4 of -" in results[3]["diagnostics"]
    assert status == 2


def test_batch_usage_errors(tmp_path):
    p = subprocess.run(TRANSLATE + ["--batch", "-", "x.c"], capture_output=True, text=True, cwd=str(tmp_path),
                       input="")
    assert p.returncode == 2 and "--batch takes no input files" in p.stderr
    p = subprocess.run(TRANSLATE + ["--batch", str(tmp_path / "none.jobs")], capture_output=True, text=True)
    assert p.returncode == 2 and "cannot read the jobs" in p.stderr


def test_the_compiled_template_kept_between_runs_renders_the_same(tmp_path):
    """The first run compiles the template and keeps the code; a run that finds it renders the same bytes; a damaged
    file is compiled again, and an unwritable cache is no error."""
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"))
    src = os.path.join(ROOT, "corpus", "examples", "pi.c")
    outputs = []
    for n in range(2):
        assert _alone([src, "-o", str(tmp_path / f"P{n}.cs"), "--class-name", "P"], str(tmp_path), env)[0] == 0
        outputs.append(_read(tmp_path / f"P{n}.cs"))
    kept = [f for f in os.listdir(tmp_path / "cache" / "cmpi" / "jinja") if f.endswith(".jinja")]
    assert len(kept) == 1
    with open(tmp_path / "cache" / "cmpi" / "jinja" / kept[0], "r+b") as f:
        f.truncate(40)
    assert _alone([src, "-o", str(tmp_path / "P2.cs"), "--class-name", "P"], str(tmp_path), env)[0] == 0
    outputs.append(_read(tmp_path / "P2.cs"))
    blocked = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "file"))
    (tmp_path / "file").write_text("no directory")
    assert _alone([src, "-o", str(tmp_path / "P3.cs"), "--class-name", "P"], str(tmp_path), blocked)[0] == 0
    outputs.append(_read(tmp_path / "P3.cs"))
    assert len(set(outputs)) == 1


def test_jobs_on_standard_input_are_read_as_they_come_and_C_changes_directory(tmp_path):
    """A caller may send a job, read its answer, then send the next (cmpi-port keeps a batch per worker so): each
    answer comes before the next job is written. -C DIR reads the job's relative paths from DIR, as a process started
    there would (cmpi-port runs each program's job in its build directory)."""
    import threading
    sub = tmp_path / "src"
    sub.mkdir()
    (sub / "util.h").write_text("#define N 3\n")
    (sub / "prog.c").write_text('#include <stdio.h>\n#include "util.h"\nint main(void) { printf("%d\\n", N); '
                                "return 0; }\n")
    p = subprocess.Popen(TRANSLATE + ["--batch", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                         cwd=str(tmp_path))
    answers = []
    try:
        for job in (["-C", "src", "prog.c", "-o", "../Batch.cs", "--class-name", "App"], ["-C", "missing-dir", "prog.c"]):
            p.stdin.write(shlex.join(job) + "\n")
            p.stdin.flush()
            reader = threading.Thread(target=lambda: answers.append(p.stdout.readline()), daemon=True)
            reader.start()
            reader.join(120)
            assert not reader.is_alive(), "no answer before the next job was written"
        p.stdin.close()
        assert p.wait(timeout=120) == 2
    finally:
        if p.poll() is None:
            p.kill()
    first, second = (json.loads(a) for a in answers)
    assert first["exit"] == 0, first
    assert second["exit"] == 2 and "cannot change to the directory missing-dir" in second["diagnostics"]
    status, _, err = _alone(["prog.c", "-o", str(tmp_path / "Alone.cs"), "--class-name", "App"], cwd=str(sub))
    assert status == 0, err
    assert _read(tmp_path / "Batch.cs") == _read(tmp_path / "Alone.cs")


def test_a_job_the_kernel_stops_at_its_cpu_limit_is_the_resource_limit_error():
    """A translation stuck in one C call that holds Python's lock (an exponential regular expression once did) never
    lets the watchdog thread see --time-limit pass: the kernel's RLIMIT_CPU, set a little past it, ends the job with
    SIGXCPU, which the batch reports as the resource-limit error (exit 1), not as a death by signal."""
    import signal
    from translator import batch

    def stuck(argv):
        os.kill(os.getpid(), signal.SIGXCPU)  # what the kernel sends at the soft limit
        return 0

    status, output, diagnostics, _ = batch._run_job(["x.c"], stuck, lambda argv: False)
    assert status == 1 and output == "", (status, diagnostics)
    assert diagnostics.endswith("[-Wresource-limit]\n") and "kernel's CPU limit" in diagnostics, diagnostics


def test_cmpi_translate_sets_a_cpu_limit_past_its_time_limit(tmp_path):
    """The backstop itself: a process that ran cli's setup has RLIMIT_CPU about --time-limit + 30 s."""
    code = ("import resource; from translator import cli; cli._cpu_backstop(7.0); "
            "print(resource.getrlimit(resource.RLIMIT_CPU)[0])")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert 37 <= int(r.stdout) <= 39, r.stdout
