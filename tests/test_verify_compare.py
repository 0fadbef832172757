"""cmpi-verify's comparison without running anything: float tolerance edges, masks that hide too much, rank-by-rank
differences, files, the cases file's errors (translator/verify/compare.py, cases.py, verify.py)."""
from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from tests.support import ROOT
from translator.verify import cases
from translator.verify.compare import MaskError, Tolerance, check_hides_everything, check_mask, rank_lines
from translator.verify.runner import Outcome
from translator.verify.verify import compare


# ------------------------------------------------------------------ tolerance

@pytest.mark.parametrize("a,b,rel,abs_,same", [
    ("x = 1.000000", "x = 1.000000", 0, 0, True),
    ("x = 1.000000", "x = 1.000001", 0, 0, False),           # no tolerance: byte-equal lines only
    ("x = 1.000000", "x = 1.000001", 1e-6, 0, True),         # |d| = 1e-6 <= 1e-6 * 1.000001: just inside
    ("x = 1.000000", "x = 1.000003", 1e-6, 0, False),        # 3e-6 > 1e-6 * 1.000003: just outside
    ("x = 1000.0", "x = 1000.001", 1e-6, 0, True),           # relative: scales with the number
    ("x = 0.001", "x = 0.002", 1e-6, 0, False),              # ... so a small number may not move much
    ("x = 0.001", "x = 0.002", 0, 1e-3, True),               # absolute: |d| = 1e-3 <= 1e-3
    ("x = 0.001", "x = 0.0021", 0, 1e-3, False),             # 1.1e-3 > 1e-3: just outside
    ("x = 1000.0", "x = 1000.5", 0, 1e-3, False),            # absolute alone does not scale
    ("e = 1.5e-10", "e = 1.6e-10", 0, 1e-9, True),           # exponents are numbers too
    ("a 1.0 b 2.0", "a 1.0 c 2.0", 1e-3, 1e-3, False),       # the text around the numbers must be equal
    ("a 1.0 2.0", "a 1.0", 1, 1, False),                     # so must the count of numbers
    ("v = nan", "v = 0.0", 1e-3, 1e-3, False),
    ("v = -inf", "v = -inf", 0, 0, True),
])
def test_tolerance_edges(a, b, rel, abs_, same):
    assert Tolerance(rel, abs_).lines_equal(a, b) is same


# ------------------------------------------------------------------ masks

@pytest.mark.parametrize("mask", [".*", "^.*$", r"\S+", r"[\s\S]+", "(.|\n)*", r".+"])
def test_a_mask_that_hides_any_line_is_rejected(mask):
    with pytest.raises(MaskError, match="hides too much"):
        check_mask(mask)


@pytest.mark.parametrize("mask", [r"(?<=time = )\S+", r"[0-9.]+", r"(?<=Time in seconds =)\s+\S+", r"\d+\.\d+ s"])
def test_a_mask_of_a_field_is_accepted(mask):
    assert check_mask(mask).pattern == mask


def test_a_bad_regex_is_a_clear_error():
    with pytest.raises(MaskError, match="not a regular expression"):
        check_mask("(?<=time = ")


def test_masks_that_hide_all_of_an_output_are_found():
    out = rank_lines("[1,0]<stdout>:3.14\n[1,1]<stdout>:2.71 42\n")
    assert "hide every line" in check_hides_everything([re.compile(r"[0-9.]+")], out)
    assert check_hides_everything([re.compile(r"(?<=time = )\S+")], out) is None


# ------------------------------------------------------------------ one run compared

def _case(tmp_path, text):
    p = tmp_path / "cases.toml"
    (tmp_path / "a.c").write_text("int main(void) { return 0; }\n")
    p.write_text('[[case]]\nname = "a"\nsources = ["a.c"]\n' + text)
    return cases.load(str(p))[0]


def _tagged(ranks):
    return "".join(f"[1,{r}]<stdout>:{line}\n" for r, lines in ranks.items() for line in lines)


def test_ranks_are_compared_each_in_its_own_order(tmp_path):
    case = _case(tmp_path, "")
    native = Outcome(0, "[1,1]<stdout>:b\n[1,0]<stdout>:a\n[1,0]<stdout>:c\n", "")
    port = Outcome(0, "[1,0]<stdout>:a\n[1,1]<stdout>:b\n[1,0]<stdout>:c\n", "")
    assert compare(case, 2, "inproc", native, port, "mpirun -np 2").passed


def test_a_different_number_is_shown_with_its_rank_and_line(tmp_path):
    case = _case(tmp_path, "")
    native = Outcome(0, _tagged({0: ["sum = 10"], 1: ["hello", "sum = 20"]}), "")
    port = Outcome(0, _tagged({0: ["sum = 10"], 1: ["hello", "sum = 21"]}), "")
    r = compare(case, 2, "inproc", native, port, "mpirun -np 2")
    assert r.status == "failed"
    assert r.message == "stdout: rank 1 line 2: expected 'sum = 20', got 'sum = 21'"
    assert "-1| sum = 20\n+1| sum = 21" in r.differences[0].diff


def test_tolerance_and_masks_apply_to_printed_lines(tmp_path):
    case = _case(tmp_path, "masks = ['(?<=time = )\\S+']\ntolerance = { rel = 1e-9 }\n")
    native = Outcome(0, _tagged({0: ["r = 0.1234567890123", "time = 0.5"]}), "")
    port = Outcome(0, _tagged({0: ["r = 0.1234567890124", "time = 0.7"]}), "")
    assert compare(case, 1, "inproc", native, port, "mpirun -np 1").passed
    port = Outcome(0, _tagged({0: ["r = 0.1234567895", "time = 0.7"]}), "")
    assert not compare(case, 1, "inproc", native, port, "mpirun -np 1").passed


def test_exit_status_stderr_and_files(tmp_path):
    case = _case(tmp_path, 'files = ["out.txt", "blob.bin"]\ntolerance = { abs = 1e-6 }\n')
    native = Outcome(3, "", "[1,0]<stderr>:bad input\n", {"out.txt": b"x 1.0000001\n", "blob.bin": b"\x00\xff"})
    port = Outcome(3, "", "[1,0]<stderr>:bad input\ncmpi-run: rank 0 exited 3\n",
                   {"out.txt": b"x 1.0000002\n", "blob.bin": b"\x00\xff"})
    assert compare(case, 1, "tcp", native, port, "mpirun -np 1").passed   # the launcher's own lines are not compared
    port.status = 0
    port.files["blob.bin"] = b"\x00\xfe"
    r = compare(case, 1, "tcp", native, port, "mpirun -np 1")
    assert [d.what for d in r.differences] == ["exit status", "file blob.bin"]
    assert "first difference at byte 1" in r.differences[1].summary
    port.status, port.files["blob.bin"], port.stderr = 3, b"\x00\xff", "[1,0]<stderr>:bad inpt\n"
    assert compare(case, 1, "tcp", native, port, "mpirun -np 1").message.startswith("stderr: rank 0 line 1")


# ------------------------------------------------------------------ the cases file

@pytest.mark.parametrize("text,message", [
    ('masks = [".*"]', "hides too much"),
    ('tolerance = { rel = -1 }', "0 <= rel < 1"),
    ('transports = ["udp"]', "unknown transport"),
    ('ranks = [0]', "positive"),
    ('colour = "red"', "unknown key(s) colour"),
    ('port = "x"', "either sources"),
])
def test_bad_cases_are_usage_errors(tmp_path, text, message):
    with pytest.raises(cases.CasesError, match=re.escape(message)):
        _case(tmp_path, text + "\n")


def _verify(*args, env=None, cwd=None):
    e = dict(os.environ, PYTHONPATH=ROOT, **(env or {}))
    return subprocess.run([sys.executable, "-m", "translator.verify.cli", *args], capture_output=True, text=True,
                          env=e, cwd=cwd, timeout=120)


def test_a_mask_that_hides_too_much_exits_2(tmp_path):
    (tmp_path / "a.c").write_text("int main(void) { return 0; }\n")
    (tmp_path / "c.toml").write_text('[[case]]\nname = "a"\nsources = ["a.c"]\nmasks = ["^.*$"]\n')
    r = _verify(str(tmp_path / "c.toml"), "-o", str(tmp_path / "out"))
    assert r.returncode == 2
    assert "cmpi-verify: error:" in r.stderr and "case a: mask '^.*$' hides too much" in r.stderr


def test_missing_native_toolchain_is_explained(tmp_path):
    (tmp_path / "a.c").write_text("int main(void) { return 0; }\n")
    (tmp_path / "c.toml").write_text('[[case]]\nname = "a"\nsources = ["a.c"]\n')
    r = _verify(str(tmp_path / "c.toml"), "-o", str(tmp_path / "out"), env={"PATH": "/nonexistent"})
    assert r.returncode == 2, r.stderr
    assert "mpicc and mpirun not found on PATH" in r.stderr
    assert "apt-get install openmpi-bin libopenmpi-dev" in r.stderr and "--against expected/" in r.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("argv,message", [
    (["nope.toml"], "nope.toml: no such file"),
    (["c.toml", "--record-only"], "--record-only needs --record DIR"),
    (["c.toml", "--case", "zzz"], "no case of c.toml is left by --case/--skip"),
    (["c.toml", "--against", "missing/"], "--against missing/: no such folder"),
    (["c.toml", "--record", "a", "--against", "b"], "not allowed with argument"),
])
def test_usage_errors_exit_2(tmp_path, argv, message):
    (tmp_path / "a.c").write_text("int main(void) { return 0; }\n")
    (tmp_path / "c.toml").write_text('[[case]]\nname = "a"\nsources = ["a.c"]\n')
    r = _verify(*argv, cwd=str(tmp_path))
    assert r.returncode == 2 and message in r.stderr, r.stderr
