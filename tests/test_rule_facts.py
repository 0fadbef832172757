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
    assert t.names("allocates", ("new", "resize")) == {"malloc", "calloc", "realloc", "aligned_alloc", "alloca", "memalign",
                                                       "valloc", "pvalloc"}
    assert "strdup" in t.names("allocates", ("new", "copy")) and t.allocates("realloc") == "resize"
    assert t.libc["memcpy"].family == "byte_pair" and t.libc["strtol"].family == "strto"
    # cMPI takes a scalar's `ref` for Gather's sendbuf, not its recvbuf (tests/test_mpi_buffer_shapes.py)
    assert t.mpi["MPI_Gather"].ref_buffers == (0,) and t.mpi["MPI_Reduce_scatter_block"].ref_buffers == ()
    assert t.names("stores_address") == {"MPI_Win_allocate", "MPI_Win_allocate_shared"}
    assert {"MPI_Win_create", "MPI_Win_attach", "MPI_Win_detach", "MPI_Get_address"} <= t.names("takes_views")
    assert "MPI_Put" not in t.names("takes_views")
    # cMPI takes a Ptr<T> itself for these (UserBuffer stages a view): the call has no PtrBuffer wrapper
    assert {"MPI_Send", "MPI_Recv", "MPI_Bcast", "MPI_Allreduce", "MPI_Sendrecv", "MPI_Irecv"} <= t.names("takes_pointers")
    assert "MPI_Win_create" not in t.names("takes_pointers") and "MPI_Recv_init" not in t.names("takes_pointers")
    assert t.names("completes_views") == {"MPI_Isend", "MPI_Ibsend", "MPI_Issend", "MPI_Irsend", "MPI_Irecv"}
    assert t.names("sets_errhandler") == {"MPI_Comm_set_errhandler", "MPI_Errhandler_set", "MPI_Win_set_errhandler"}
    # an int result that is no error code (MPI_Fint): never routed through cMPI.Try
    assert t.names("value_result") == {f"MPI_{k}_c2f" for k in ("Comm", "Type", "Group", "Info", "Op", "Request", "Win",
                                                                  "File", "Errhandler", "Message")}
    assert {"MPI_Reduce", "MPI_Scan", "MPI_Fetch_and_op"} <= t.names("mixed_forms")
    assert "MPI_Gather" not in t.names("mixed_forms")
    # memory of any type, structs holding pointers too, as malloc's (tests/mpi/env/alloc_mem_structs.c)
    assert t.allocation_out("posix_memalign") == 0 and t.allocation_out("MPI_Alloc_mem") == 2
    assert t.allocation_out("malloc") is None and t.allocation_out("MPI_Win_allocate") is None
    assert t.names("frees") == {"MPI_Free_mem"}


def test_no_name_sets_of_function_facts_in_code():
    """A fact about MPI or library functions is a row attribute, not a set of names in the translator's code
    (issue 26: ERRHANDLER_SETTERS, the nonblocking calls whose completion writes a view back, the calls of mixed
    buffer forms were such sets): no set or tuple literal in translator/ names two functions that have rows."""
    import ast
    import glob
    t = load()
    functions = set(t.mpi) | set(t.libc) | {r.target for r in t.mpi.values()}
    offenders = []
    for path in sorted(glob.glob(f"{ROOT}/translator/**/*.py", recursive=True)):
        if path.endswith("/runtime_names.py"):
            continue  # generated from the runtime's members (scripts/gen_runtime_names.py): names, no facts
        tree = ast.parse(open(path).read())
        # sets of struct tags (frontend.LIBRARY_RECORDS: struct stat, statvfs, statfs): C keeps tags in a name space of
        # their own, so `stat` there names the struct, not the function
        tags = {id(a.value) for a in ast.walk(tree) if isinstance(a, ast.Assign) and
                any(isinstance(t, ast.Name) and t.id.endswith("_RECORDS") for t in a.targets)}
        for node in ast.walk(tree):
            if isinstance(node, (ast.Set, ast.Tuple, ast.List)) and id(node) not in tags:
                named = [e.value for e in node.elts if isinstance(e, ast.Constant) and e.value in functions]
                if len(named) >= 2:
                    offenders.append(f"{path[len(ROOT) + 1:]}:{node.lineno}: {named}")
    assert offenders == [], "\n".join(offenders)


@pytest.mark.parametrize("mpi_rows, libc_rows, words", [
    ('[MPI_X]\ntarget = "cMPI.X"\nparams = ["buffer"]\nkeeps_buffer = 1\n', "", "keeps_buffer is `true`"),
    ('[MPI_X]\ntarget = "cMPI.X"\nparams = ["value"]\nkeeps_buffer = true\n', "", "needs a buffer"),
    ('[MPI_X]\ntarget = "cMPI.X"\nparams = ["buffer", "value"]\nref_buffers = [1]\n', "", "positions of buffer"),
    ('[MPI_X]\ntarget = "cMPI.X"\nparams = ["buffer"]\nref_buffers = [0]\nkeeps_buffer = true\n', "",
     "keeps its buffer takes no `ref`"),
    ('[MPI_X]\ntarget = "cMPI.X"\nparams = ["value"]\ntakes_views = true\n', "", "takes_views needs a buffer"),
    ('[MPI_X]\ntarget = "cMPI.X"\nparams = ["buffer"]\nstores_address = true\n', "", "stores_address needs an out"),
    ('[MPI_X]\ntarget = "cMPI.X"\nparams = ["value"]\ntakes_pointers = true\n', "", "takes_pointers needs a buffer"),
    ('[MPI_X]\ntarget = "cMPI.X"\nparams = ["buffer"]\ntakes_pointers = true\nkeeps_buffer = true\n', "",
     "cannot have a view staged"),
    ('[MPI_X]\ntarget = "cMPI.X"\nparams = ["buffer"]\ncompletes_views = true\n', "", "completes_views is a fact"),
    ('[MPI_X]\ntarget = "cMPI.X"\nparams = ["buffer", "value"]\nmixed_forms = true\n', "", "two buffer parameters"),
    ('[MPI_X]\ntarget = "cMPI.X"\nparams = ["value", "buffer"]\nallocates_into = 1\n', "",
     "allocates_into is the position of an out"),
    ('[MPI_X]\ntarget = "cMPI.X"\nparams = ["out"]\nallocates_into = 1\n', "", "allocates_into is the position"),
    ("", '[xfn]\ntarget = "xfn"\nallocates_into = -1\n', "allocates_into is the position"),
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
