"""Facts about library and MPI functions are row attributes of translator/rules/*.toml (keeps_buffer, pure,
stateful, bytes, allocates, family), validated when the table loads, like its other columns."""
from __future__ import annotations

import pytest

import translator.rules as rules
from translator.rules import RuleError, load
from tests.support import ROOT


def _load_with(tmp_path, monkeypatch, mpi_rows: str = "", libc_rows: str = ""):
    """The table with extra rows appended to copies of mpi.toml and libc.toml (a libc "old => new" replaces)."""
    for name, extra in (("mpi.toml", mpi_rows), ("libc.toml", libc_rows)):
        text = open(f"{ROOT}/translator/rules/{name}").read()
        if " => " in extra:
            old, new = extra.split(" => ")
            assert old in text
            text, extra = text.replace(old, new), ""
        (tmp_path / name).write_text(text + "\n" + extra)
    monkeypatch.setattr(rules, "RULES_DIR", str(tmp_path))
    return rules.load.__wrapped__()


def test_the_shipped_table_loads_with_its_facts():
    t = load()
    assert "MPI_Win_create" in t.names("keeps_buffer") and "MPI_Isend" in t.names("keeps_buffer")
    assert "MPI_Send" not in t.names("keeps_buffer")
    assert "sqrt" in t.names("pure") and "rand" in t.names("stateful") and "MPI_Wtime" in t.names("stateful")
    assert t.names("allocates", ("new", "resize")) == {"malloc", "calloc", "realloc", "aligned_alloc", "alloca"}
    assert "strdup" in t.names("allocates", ("new", "copy")) and t.allocates("realloc") == "resize"
    assert t.libc["memcpy"].family == "byte_pair" and t.libc["strtol"].family == "strto"
    # cMPI takes a scalar's `ref` for Gather's sendbuf, not its recvbuf (tests/test_mpi_buffer_shapes.py)
    assert t.mpi["MPI_Gather"].ref_buffers == (0,) and t.mpi["MPI_Reduce_scatter_block"].ref_buffers == ()
    assert t.names("stores_address") == {"MPI_Win_allocate"}
    assert {"MPI_Win_create", "MPI_Win_attach", "MPI_Win_detach", "MPI_Get_address"} <= t.names("takes_views")
    assert "MPI_Put" not in t.names("takes_views")


def test_every_call_that_keeps_its_buffer_says_so():
    """A nonblocking or persistent call keeps its buffer after it returns: its row must say keeps_buffer, or
    a scalar `&x` becomes `ref x` (which no such cMPI overload takes) and a staged copy is written back early."""
    t = load()
    missing = [n for n, r in t.mpi.items() if "buffer" in r.params and not r.keeps_buffer and
               ((n.startswith("MPI_I") and not n.startswith(("MPI_Info", "MPI_Init"))) or n.endswith("_init"))]
    assert not missing, f"rows without keeps_buffer: {missing}"


@pytest.mark.parametrize("mpi_rows, libc_rows, words", [
    ('[MPI_X]\ntarget = "cMPI.X"\nparams = ["buffer"]\nkeeps_buffer = 1\n', "", "keeps_buffer is `true`"),
    ('[MPI_X]\ntarget = "cMPI.X"\nparams = ["value"]\nkeeps_buffer = true\n', "", "needs a buffer"),
    ('[MPI_X]\ntarget = "cMPI.X"\nparams = ["buffer", "value"]\nref_buffers = [1]\n', "", "positions of buffer"),
    ('[MPI_X]\ntarget = "cMPI.X"\nparams = ["buffer"]\nref_buffers = [0]\nkeeps_buffer = true\n', "",
     "keeps its buffer takes no `ref`"),
    ('[MPI_X]\ntarget = "cMPI.X"\nparams = ["value"]\ntakes_views = true\n', "", "takes_views needs a buffer"),
    ('[MPI_X]\ntarget = "cMPI.X"\nparams = ["buffer"]\nstores_address = true\n', "", "stores_address needs an out"),
    ("", '[xfn]\ntarget = "xfn"\npure = true\nstateful = true\n', "pure or stateful"),
    ("", '[xfn]\ntarget = "xfn"\nallocates = "maybe"\n', "allocates must be one of"),
    ("", '[xfn]\ntarget = "xfn"\nfamily = "printf"\n', "family must be one of"),
    ("", '[xfn]\ntarget = "xfn"\nheavy = true\n', "unknown keys"),
    ("", 'realloc = "resize" => realloc = "copy"', "must be \"new\" or \"resize\""),
    ("", 'realloc = "resize" => strdup = "new"', "has a row"),
])
def test_a_wrong_fact_fails_at_load(tmp_path, monkeypatch, mpi_rows, libc_rows, words):
    with pytest.raises(RuleError, match=words.replace("(", r"\(")):
        _load_with(tmp_path, monkeypatch, mpi_rows, libc_rows)


def test_a_right_fact_loads(tmp_path, monkeypatch):
    t = _load_with(tmp_path, monkeypatch, '[MPI_X]\ntarget = "cMPI.X"\nparams = ["buffer"]\nkeeps_buffer = true\n',
                   '[xfn]\ntarget = "xfn"\npure = true\n')
    assert "MPI_X" in t.names("keeps_buffer") and "xfn" in t.names("pure")
