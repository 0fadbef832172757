"""cmpi-port on bad input: each a clear message and an exit status, never a traceback; and Ctrl-C."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time

import pytest

from tests.port_support import ENV, HELLO, OTHER, PORT, ROOT, UTIL_C, UTIL_H, port, programs, report, write

pytestmark = pytest.mark.skipif(shutil.which("mpicc") is None, reason="needs mpicc (make setup)")


def no_traceback(r):
    assert "Traceback" not in r.stderr and "Traceback" not in r.stdout, r.stderr


def test_native_build_that_fails(tmp_path):
    root = str(tmp_path)
    write(root, {"other.c": OTHER, "broken.c": "int main(void) { return undeclared; }\n",
                 "Makefile": "all: other broken\nother: other.c\n\tmpicc -o $@ $<\nbroken: broken.c\n\tmpicc -o $@ $<\n"})
    r = port(["-o", "out", "--", "make", "-k"], cwd=root)
    no_traceback(r)
    assert r.returncode == 1
    assert "cmpi-port: error: the build failed (exit status 2); porting what it linked before it stopped" in r.stderr
    rep = report(os.path.join(root, "out"))
    assert rep["capture"]["build_status"] == 2
    assert [p["name"] for p in rep["programs"]] == ["other"] and rep["programs"][0]["status"] == "ported"
    # nothing linked at all before the failure
    r = port(["-o", "out2", "--", "make", "broken"], cwd=root)
    no_traceback(r)
    assert r.returncode == 1
    assert "the build failed (exit status 2) before it linked any program: nothing to port" in r.stderr


def test_command_that_compiles_nothing(tmp_path):
    r = port(["-o", "out", "--", "true"], cwd=str(tmp_path))
    no_traceback(r)
    assert r.returncode == 2
    assert "the build compiled no C file, so there is nothing to port (was it up to date?" in r.stderr
    r = port(["-o", "out", "--", "no-such-build-tool", "all"], cwd=str(tmp_path))
    no_traceback(r)
    assert r.returncode == 2
    assert "cannot run the build command 'no-such-build-tool'" in r.stderr


def test_usage_errors(tmp_path):
    for args, text in (([], "give one of"), (["a.c", "--", "make"], "give one of"), (["-j", "0", "x.c"], "-j needs"),
                       (["missing.c"], "missing.c: no such file"), (["--bogus"], "unrecognized arguments")):
        r = port(args, cwd=str(tmp_path))
        no_traceback(r)
        assert r.returncode == 2, args
        assert text in r.stderr, (args, r.stderr)


def test_sources_that_vanish_after_the_build(tmp_path):
    root = str(tmp_path)
    gen = ("#!/bin/sh\nprintf '#include <stdio.h>\\n#include <mpi.h>\\nint main(int c, char **v) "
           "{ MPI_Init(&c, &v); printf(\"generated %%d\\\\n\", VALUE); MPI_Finalize(); return 0; }\\n' > gen_tmp.c\n")
    write(root, {"gen.sh": gen, "Makefile": "prog:\n\tsh gen.sh\n\tmpicc -DVALUE=5 -o prog gen_tmp.c\n\trm gen_tmp.c\n"})
    r = port(["-o", "out", "--", "make"], cwd=root)
    no_traceback(r)
    assert r.returncode == 0, r.stderr
    assert not os.path.exists(os.path.join(root, "gen_tmp.c"))
    p = programs(os.path.join(root, "out"))["prog"]
    assert p["status"] == "ported" and p["sources"] == [os.path.join(root, "gen_tmp.c")]
    assert any("gone or changed since the build" in n for n in p["notes"])
    with open(os.path.join(root, "out", "prog", "Prog.cs")) as f:
        assert "generated" in f.read()


def test_two_programs_with_the_same_name(tmp_path):
    root = str(tmp_path)
    write(root, {"a/prog.c": OTHER, "b/prog.c": OTHER.replace("sum of ranks", "total"),
                 "Makefile": "all:\n\tcd a && mpicc -o prog prog.c\n\tcd b && mpicc -o prog prog.c\n"})
    r = port(["-o", "out", "--", "make"], cwd=root)
    no_traceback(r)
    assert r.returncode == 0, r.stderr
    assert "cmpi-port: note: 2 programs are named 'prog': ported apart as" in r.stderr
    progs = programs(os.path.join(root, "out"))
    assert set(progs) == {"a_prog", "b_prog"}
    with open(os.path.join(root, "out", "b_prog", "BProg.cs")) as f:
        assert "total" in f.read()


def test_spaces_in_paths(tmp_path):
    root = os.path.join(str(tmp_path), "my code")
    write(root, {"my src/hello world.c": HELLO, "my src/util.c": UTIL_C, "my src/util.h": UTIL_H,
                 "build.sh": 'mkdir -p "my bin"\nmpicc -DN=1 -I"my src" -o "my bin/hello world" "my src/hello world.c" '
                             '"my src/util.c"\n'})
    r = port(["-o", "ported here", "--", "sh", "build.sh"], cwd=root)
    no_traceback(r)
    assert r.returncode == 0, r.stderr
    progs = programs(os.path.join(root, "ported here"))
    p = progs["hello_world"]
    assert p["status"] == "ported" and p["executable"] == os.path.join(root, "my bin", "hello world")
    assert os.path.exists(os.path.join(root, "ported here", "hello_world", "HelloWorld.cs"))


def test_read_only_output_folder(tmp_path):
    root = str(tmp_path)
    write(root, {"other.c": OTHER, "Makefile": "other: other.c\n\tmpicc -o $@ $<\n"})
    out = os.path.join(root, "out")
    os.makedirs(out)
    os.chmod(out, 0o555)
    os.chmod(root, 0o777)
    cmd = PORT + ["-o", out, "--", "make"]
    if os.geteuid() == 0:  # root writes anywhere: run as nobody
        if shutil.which("setpriv") is None:
            pytest.skip("running as root without setpriv")
        cmd = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + cmd
    r = subprocess.run(cmd, cwd=root, capture_output=True, text=True, timeout=120, env=dict(os.environ, **ENV))
    no_traceback(r)
    assert r.returncode == 2
    assert f"cmpi-port: error: cannot write the output folder {out}: Permission denied" in r.stderr
    assert not os.path.exists(os.path.join(root, "other"))  # checked before the build ran


def test_ctrl_c_leaves_no_half_written_port(tmp_path):
    root = str(tmp_path)
    files = {}
    # enough programs that the port cannot end before the signal: 6 of them, translated in one warm batch process,
    # were all done within the 0.3 s below on a quiet host (the port exited 0)
    for i in range(40):
        files[f"p{i}.c"] = OTHER
    write(root, files)
    # A job started in the background by a non-interactive shell (`cmd &`, as some CI runners do) inherits SIGINT
    # ignored, and Python then installs no KeyboardInterrupt handler: give cmpi-port the default disposition.
    p = subprocess.Popen(PORT + ["-o", "out", "-j", "1"] + sorted(files), cwd=root, stderr=subprocess.PIPE, text=True,
                         env=dict(os.environ, **ENV),
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    first = p.stderr.readline()
    assert first.startswith("cmpi-port: [1/40]"), first
    time.sleep(0.1)  # the second translation is under way
    p.send_signal(signal.SIGINT)
    err = p.stderr.read()
    assert p.wait(timeout=60) == 130
    assert "interrupted: no port was left half-written" in err and "Traceback" not in err
    out = os.path.join(root, "out")
    done = [d for d in os.listdir(out) if not d.startswith(".")]
    assert 1 <= len(done) < 40
    for d in done:  # each port there is whole
        cls = d.capitalize()
        assert set(os.listdir(os.path.join(out, d))) == {"CmpiPortEntry.cs", cls + ".csproj", cls + ".cs"}, d
    assert not os.path.exists(os.path.join(out, ".cmpi-port", "tmp"))
    # the next run keeps what was done and ports the rest
    r = port(["-o", "out"] + sorted(files), cwd=root)
    assert r.returncode == 0 and report(out)["summary"]["unchanged"] == len(done)


def test_progress_bar_on_a_terminal(tmp_path):
    import pty
    root = str(tmp_path)
    write(root, {"other.c": OTHER})
    pid, fd = pty.fork()
    if pid == 0:  # the child: stderr is the terminal
        os.chdir(root)
        os.environ.update(ENV)
        os.execv(sys.executable, PORT + ["-o", "out", "other.c"])
    chunks = []
    while True:
        try:
            data = os.read(fd, 4096)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    _, status = os.waitpid(pid, 0)
    text = b"".join(chunks).decode(errors="replace")
    assert os.waitstatus_to_exitcode(status) == 0, text
    assert "[........................] 0/1" in text and "[########################] 1/1" in text
    assert "cmpi-port: [1/1]" not in text  # no plain lines on a terminal


def test_internal_error_of_the_translator_is_exit_3(tmp_path):
    root = str(tmp_path)
    write(root, {"other.c": OTHER, "crash.sh": "#!/bin/sh\necho 'cmpi-translate: error: internal error: "
                                               "KeyError: x (set CMPI_DEBUG=1 for details; please report it) "
                                               "[-Winternal]' >&2\nexit 3\n"})
    r = port(["-o", "out", "other.c"], cwd=root, env={"CMPI_PORT_TRANSLATE": f"sh {os.path.join(root, 'crash.sh')}"})
    no_traceback(r)
    assert r.returncode == 3
    p = programs(os.path.join(root, "out"))["other"]
    assert p["status"] == "internal-error"
    assert p["diagnostics"][0]["category"] == "internal" and "KeyError" in p["diagnostics"][0]["message"]
