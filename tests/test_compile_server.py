"""Issue 28 "First run": cmpi-run's warm compile server (runtime-ref/CloudMpi/src/CloudMpi.Run/Compilation/Server).

A program no cache has seen is compiled by a per-user, per-build server on a Unix socket in a private directory; a
run that finds none compiles in-process and starts one as it ends, for the next run (round 20), which warms itself
on that run's program. Each test gets its own server directory
(CMPI_COMPILE_SERVER_DIR) and cache, and stops its server at the end. What is checked: the output with the server
is the output without it (a run, and --check's diagnostics); a stale socket (no listener) is replaced; a socket
that does not speak the protocol, or is another user's, is refused with a message and the program still compiles
in-process; a directory that is not private is refused; the server exits when idle and on
--shutdown-compile-server; CMPI_COMPILE_SERVER=off starts none; the server for the next run starts after the run's
job, and its warm-up compiles the run's program and deletes the file that carried it."""
from __future__ import annotations

import glob
import os
import socket
import threading
import time
import uuid

import pytest

from tests.support import ROOT, run

CMPI_RUN = os.path.join(ROOT, ".venv", "bin", "cmpi-run")

PROGRAM = """using System;
static class App
{
    static int Main(string[] args)
    {
        double sum = 0;
        for (int i = 1; i <= 10; i++) sum += 1.0 / i;
        Console.WriteLine($"H10 = {sum:F6} args {string.Join(",", args)}");
        return 0;
    }
}
"""

BROKEN = """static class App
{
    static int Main(string[] args)
    {
        int unused = 1;
        return undefined_name;
    }
}
"""


@pytest.fixture
def server(tmp_path):
    """Environment for cmpi-run with a private server directory and cache; stops the server afterwards."""
    env = dict(os.environ, CMPI_COMPILE_SERVER_DIR=str(tmp_path / "srv"), XDG_CACHE_HOME=str(tmp_path / "cache"))
    env.pop("CMPI_COMPILE_SERVER", None)
    yield env
    run([CMPI_RUN, "--shutdown-compile-server"], env=env, timeout=60)
    for pid in server_pids(env):
        wait_gone(pid, 30)


def server_pids(env):
    pids = []
    for lock in glob.glob(os.path.join(env["CMPI_COMPILE_SERVER_DIR"], "compile-*.lock")):
        text = open(lock).read().strip()
        if text.isdigit() and os.path.exists(f"/proc/{text}"):
            pids.append(int(text))
    return pids


def wait_gone(pid, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not os.path.exists(f"/proc/{pid}") or open(f"/proc/{pid}/stat").read().split()[2] == "Z":
            return True
        time.sleep(0.1)
    return False


def fresh(tmp_path, text=PROGRAM, name="App"):
    """A source no cache has seen."""
    path = tmp_path / f"{name}_{uuid.uuid4().hex[:8]}.cs"
    path.write_text(f"// {uuid.uuid4()}\n" + text)
    return str(path)


def wait_listening(env, seconds=120):
    """The server a run started as it ended (round 20: detached, after the run): waits until it accepts connections
    (a connection with nothing sent is dropped by the server as a bad request)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for path in glob.glob(os.path.join(env["CMPI_COMPILE_SERVER_DIR"], "compile-*.sock")):
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                s.connect(path)
                return path
            except OSError:
                pass
            finally:
                s.close()
        time.sleep(0.1)
    raise AssertionError(f"no compile server listening in {env['CMPI_COMPILE_SERVER_DIR']} after {seconds} s")


def start_server(tmp_path, env):
    """A first run (no server listening: compiled in-process) and the server it starts for the next run, listening."""
    r = run([CMPI_RUN, fresh(tmp_path)], env=env)
    assert r.returncode == 0, r.stderr
    return wait_listening(env)


def stop(env):
    pids = server_pids(env)
    r = run([CMPI_RUN, "--shutdown-compile-server"], env=env, timeout=60)
    assert r.returncode == 0, r.stderr
    for pid in pids:
        assert wait_gone(pid, 30), f"compile server {pid} still running after --shutdown-compile-server"


def test_a_run_with_the_server_prints_what_one_without_prints(tmp_path, server):
    off = run([CMPI_RUN, fresh(tmp_path), "a", "b"], env=dict(server, CMPI_COMPILE_SERVER="off"))
    assert off.returncode == 0, off.stderr
    assert not glob.glob(os.path.join(server["CMPI_COMPILE_SERVER_DIR"], "*.sock")), "CMPI_COMPILE_SERVER=off started a server"

    cold = run([CMPI_RUN, "--verbose", fresh(tmp_path), "a", "b"], env=server)
    assert cold.returncode == 0, cold.stderr
    assert "in-process (Roslyn: parse" in cold.stderr, cold.stderr
    assert "no compile server was listening: one starts for the next run" in cold.stderr, cold.stderr
    wait_listening(server)
    warm = run([CMPI_RUN, "--verbose", fresh(tmp_path), "a", "b"], env=server)
    assert warm.returncode == 0, warm.stderr
    assert "by the warm compile server" in warm.stderr, warm.stderr
    assert off.stdout == cold.stdout == warm.stdout == "H10 = 2.928968 args a,b\n"
    assert len(server_pids(server)) == 1
    # the server wrote the cache entry: the same file again is a cache hit
    again = run([CMPI_RUN, "--verbose", warm_source := fresh(tmp_path)], env=server)
    hit = run([CMPI_RUN, "--verbose", warm_source], env=server)
    assert again.returncode == hit.returncode == 0 and "cache hit" in hit.stderr, hit.stderr


def test_diagnostics_from_the_server_are_the_in_process_ones(tmp_path, server):
    src = fresh(tmp_path, BROKEN, "Broken")
    off = run([CMPI_RUN, "--check", src], env=dict(server, CMPI_COMPILE_SERVER="off"))
    start_server(tmp_path, server)
    on = run([CMPI_RUN, "--verbose", "--check", src], env=server)
    assert "by the warm compile server" in on.stderr, on.stderr
    on = run([CMPI_RUN, "--check", src], env=server)
    assert off.returncode == on.returncode == 1
    assert "error CS0103" not in on.stderr  # the launcher's format, not Roslyn's
    assert ": error: The name 'undefined_name' does not exist in the current context [CS0103]" in on.stderr, on.stderr
    assert on.stderr == off.stderr
    # --no-cache: the image comes back as a temporary file, deleted once read
    nocache = run([CMPI_RUN, "--no-cache", fresh(tmp_path), "x"], env=server)
    assert nocache.returncode == 0 and nocache.stdout == "H10 = 2.928968 args x\n", nocache.stderr
    assert not glob.glob(os.path.join(server["CMPI_COMPILE_SERVER_DIR"], "image-*")), "a temporary image was left"


def test_a_stale_socket_is_replaced_by_a_new_server(tmp_path, server):
    path = start_server(tmp_path, server)
    stop(server)
    # a socket file nobody listens on (a server killed with SIGKILL leaves one)
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(path)
    s.close()
    r = run([CMPI_RUN, "--verbose", fresh(tmp_path)], env=server)
    assert r.returncode == 0 and r.stdout.startswith("H10 = 2.928968"), r.stderr
    assert "no compile server was listening" in r.stderr and "compiling in-process" not in r.stderr, r.stderr
    assert wait_listening(server) == path
    r = run([CMPI_RUN, "--verbose", fresh(tmp_path)], env=server)
    assert r.returncode == 0 and "by the warm compile server" in r.stderr, r.stderr


def foreign_listener(path, answer: bytes, before_listen=None):
    """A listener at `path` that reads a little and answers `answer`, once; the thread ends after one client."""
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(path)

    def serve():
        s.listen(1)
        s.settimeout(120)
        try:
            c, _ = s.accept()
            c.recv(64)
            c.sendall(answer)
            c.close()
        except OSError:
            pass
        s.close()

    t = threading.Thread(target=serve, daemon=True)
    t.start()
    return t


def test_a_socket_that_does_not_speak_the_protocol_is_refused(tmp_path, server):
    path = start_server(tmp_path, server)
    stop(server)
    t = foreign_listener(path, b"HTTP/1.0 200 OK\r\n\r\n")
    r = run([CMPI_RUN, fresh(tmp_path), "z"], env=server)
    t.join(10)
    assert r.returncode == 0 and r.stdout == "H10 = 2.928968 args z\n", r.stderr
    assert "cmpi-run: compile server: no valid answer from " + path in r.stderr, r.stderr
    assert "compiling in-process" in r.stderr


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to listen as another user")
def test_a_socket_of_another_user_is_refused_before_anything_is_sent(tmp_path, server):
    path = start_server(tmp_path, server)
    stop(server)
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: bind as root in the private directory, listen as nobody (SO_PEERCRED names the listener)
        try:
            os.close(read_fd)
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.bind(path)
            os.setuid(65534)
            s.listen(1)
            os.write(write_fd, b"1")
            s.settimeout(60)
            c, _ = s.accept()
            got = c.recv(1 << 16)
            os._exit(3 if got else 0)
        except BaseException:
            os._exit(4)
    os.close(write_fd)
    assert os.read(read_fd, 1) == b"1"
    r = run([CMPI_RUN, fresh(tmp_path)], env=server)
    _, status = os.waitpid(pid, 0)
    assert r.returncode == 0 and r.stdout.startswith("H10 = 2.928968"), r.stderr
    assert "is served by user 65534, not this user: refused" in r.stderr, r.stderr
    assert os.waitstatus_to_exitcode(status) == 0, "the client sent its source to another user's socket"


def test_a_directory_others_can_enter_is_refused(tmp_path, server):
    d = server["CMPI_COMPILE_SERVER_DIR"]
    os.makedirs(d)
    os.chmod(d, 0o755)
    r = run([CMPI_RUN, fresh(tmp_path)], env=server)
    assert r.returncode == 0 and r.stdout.startswith("H10 = 2.928968"), r.stderr
    assert f"cmpi-run: compile server: {d} has mode 755, not 700" in r.stderr, r.stderr
    assert not glob.glob(os.path.join(d, "*.sock"))


def test_the_server_exits_when_idle(tmp_path, server):
    env = dict(server, CMPI_COMPILE_SERVER_IDLE="2")
    path = start_server(tmp_path, env)
    pids = server_pids(env)
    assert len(pids) == 1
    assert wait_gone(pids[0], 60), "the compile server did not exit after 2 idle seconds"
    assert not os.path.exists(path), "the idle server left its socket"


def test_shutdown_stops_the_server(tmp_path, server):
    start_server(tmp_path, server)
    pids = server_pids(server)
    assert len(pids) == 1
    r = run([CMPI_RUN, "--shutdown-compile-server"], env=server)
    assert r.returncode == 0 and r.stdout == "cmpi-run: 1 compile server(s) stopping\n", (r.stdout, r.stderr)
    assert wait_gone(pids[0], 30)
    assert not glob.glob(os.path.join(server["CMPI_COMPILE_SERVER_DIR"], "*.sock"))


def test_a_server_ended_by_sigterm_leaves_no_socket(tmp_path, server):
    path = start_server(tmp_path, server)
    pids = server_pids(server)
    os.kill(pids[0], 15)
    assert wait_gone(pids[0], 30)
    assert not os.path.exists(path), "a server ended by SIGTERM left its socket"


def test_the_server_for_the_next_run_starts_after_the_job_and_warms_itself(tmp_path, server):
    trace = tmp_path / "phases.txt"
    env = dict(server, CMPI_TRACE_PHASES=str(trace))
    r = run([CMPI_RUN, "-n", "2", fresh(tmp_path)], env=env)
    assert r.returncode == 0 and r.stdout == "H10 = 2.928968 args \nH10 = 2.928968 args \n", r.stderr
    wait_listening(server)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and "warm-up done" not in trace.read_text():
        time.sleep(0.2)
    marks = [line.split(" ", 4) for line in trace.read_text().splitlines()]
    client, srv = marks[0][1], next(m[1] for m in marks if m[1] != marks[0][1])
    names = [(pid, name) for _, pid, _, _, name in marks]
    # the client compiled in-process and ran its job before the server was started; the server is another process,
    # whose warm-up compiled the program (the CPU and JIT columns are numbers)
    order = [n for p, n in names if p == client]
    assert order.index("no server: compiling in-process") < order.index("roslyn emitted") < order.index("job end") \
        < order.index("server started for the next run") < order.index("exit"), order
    server_marks = [n for p, n in names if p == srv]
    assert server_marks[:2] == ["main", "server listening"], server_marks
    assert "server: warm-up start" in server_marks and "server: warm-up done" in server_marks, server_marks
    assert all(m[2].isdigit() and m[3].isdigit() for m in marks), marks
    # the warm-up source was read and deleted
    assert not glob.glob(os.path.join(server["CMPI_COMPILE_SERVER_DIR"], "warmup-*")), "the warm-up file was left"
    warm = run([CMPI_RUN, "--verbose", fresh(tmp_path)], env=server)
    assert warm.returncode == 0 and "by the warm compile server" in warm.stderr, warm.stderr
