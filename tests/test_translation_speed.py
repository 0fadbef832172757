"""Translation speed (issue 28): the benchmark's generated programs are real C, and the front end's shortcuts read
what libclang's full answers would give."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from tests.support import ROOT

sys.path.insert(0, os.path.join(ROOT, "bench"))
import translation  # noqa: E402  (bench/ on sys.path first)


def _reference_walk(node, in_order):
    """ir's walk of a subtree, spelled out (children in source order or reversed): what a remembered walk must give."""
    from translator import ir
    out, pending = [], [node]
    while pending:
        n = pending.pop()
        out.append(n)
        pending.extend(reversed(ir.children(n)) if in_order else ir.children(n))
    return out


@pytest.mark.parametrize("make", [translation.many_functions, translation.long_function])
def test_generated_programs_have_the_size_asked_and_are_c_that_translates(make, tools, tmp_path):
    text, statements = make(1000)
    assert 950 <= statements <= 1100
    assert make(5000)[1] >= 4900  # the budget is spent whatever the shape
    src = tmp_path / "gen.c"
    src.write_text(text)
    if shutil.which("mpicc"):
        r = subprocess.run(["mpicc", "-fsyntax-only", "-Werror", "-Wno-unused", str(src)], capture_output=True,
                           text=True)
        assert r.returncode == 0, r.stderr
    t = tools.translate_file(str(src), str(tmp_path / "Gen.cs"))
    assert t.returncode == 0, t.stderr


def _literal_cursors(cursor, kinds):
    pending = [cursor]
    while pending:
        cur = pending.pop()
        if cur.kind in kinds:
            yield cur
        pending.extend(cur.get_children())


def test_a_literals_first_token_is_the_first_of_all_its_tokens(tmp_path):
    """Frontend._first_token lexes one token where libclang's cursor tokens run from a macro's definition to its use
    (quadratic); it must answer what `_tokens(cur)[0]` answers: literals written in place, from a macro of the file,
    from a macro of a header (then libclang gives no tokens: the macro-body fallback), sizeof through a macro."""
    from translator.reader.frontend import Frontend
    from translator.reader.clang_setup import K
    (tmp_path / "sizes.h").write_text("#define ROWS 8\n#define HALF 0.5\n#define BYTES sizeof(double)\n")
    src = tmp_path / "m.c"
    src.write_text("#include \"sizes.h\"\n#define COLS 4\n#define QUOTE 'q'\n#define BOTH (ROWS * COLS)\n"
                   "int a[ROWS][COLS];\n"
                   "int main(void) {\n  double h = HALF + 1.5;\n  char c = QUOTE;\n  unsigned long s = BYTES + sizeof c;\n"
                   "  return a[ROWS - 1][COLS - 1] + BOTH + 'x' + (int) h + c + (int) s;\n}\n")
    fe = Frontend(str(src), [f"-I{tmp_path}"])
    fe.parse()
    kinds = {K.INTEGER_LITERAL, K.FLOATING_LITERAL, K.CHARACTER_LITERAL, K.CXX_UNARY_EXPR}
    seen = 0
    for cur in _literal_cursors(fe.tu.cursor, kinds):
        if not fe._in_main_file(cur):
            continue
        try:
            expected = fe._tokens(cur)[0]
        except Exception as e:  # the fallback's error: the shortcut must raise it too
            with pytest.raises(type(e)):
                fe._first_token(cur)
            continue
        assert fe._first_token(cur) == expected, fe.loc(cur)
        seen += 1
    assert seen >= 12


@pytest.mark.parametrize("program", ["corpus/nbody/nbody.c", "tests/c/gcc_builtins.c", "corpus/examples/heat2d.c"])
def test_walks_visit_the_nodes_children_gives_in_its_order(program):
    """ir.walk and ir.walk_in_order put children on their stack through functions written per class (ir._Pushers):
    every subtree's walk must be the depth-first order children() defines, node for node."""
    from translator import ir
    from translator.reader.frontend import Frontend
    tu = Frontend(os.path.join(ROOT, program), [f"-I{os.path.dirname(os.path.join(ROOT, program))}"]).parse()

    roots = [f.body for f in tu.functions if f.body is not None] + [g.init for g in tu.globals if g.init is not None]
    checked = 0
    for root in roots:
        for node in _reference_walk(root, False):
            for in_order in (False, True):
                walked = list(ir.walk_in_order(node) if in_order else ir.walk(node))
                expected = _reference_walk(node, in_order)
                assert len(walked) == len(expected) and all(a is b for a, b in zip(walked, expected)), node.loc
                checked += 1
    assert checked > 200


@pytest.mark.parametrize("program", ["corpus/nbody/nbody.c", "tests/c/gcc_builtins.c", "corpus/cannon/cannon.c"])
def test_nodes_of_gives_the_walks_nodes_of_those_classes_in_its_order(program):
    """ir.nodes_of answers from an index by class of the remembered walk: for every subtree, small (filtered, not
    indexed) and big, and for one class or several, exactly the walk filtered with isinstance, node for node; asked
    again (the index kept), the same; an abstract class is refused."""
    from translator import ir
    from translator.reader.frontend import Frontend
    path = os.path.join(ROOT, program)
    tu = Frontend(path, [f"-I{os.path.dirname(path)}"]).parse()
    roots = [f.body for f in tu.functions if f.body is not None] + [g.init for g in tu.globals if g.init is not None]
    asks = [(ir.Call,), (ir.NameRef,), (ir.Return,), (ir.For, ir.While, ir.DoWhile), (ir.NameRef, ir.Call, ir.Assign),
            (ir.Goto,)]
    indexed = 0
    for root in roots:
        for node in ir.walk(root):
            for classes in asks:
                expected = [n for n in ir.walk(node) if isinstance(n, classes)]
                for _ in range(2):
                    got = ir.nodes_of(node, *classes)
                    assert len(got) == len(expected) and all(a is b for a, b in zip(got, expected)), node.loc
            indexed += id(node) in ir._INDEXES
    assert indexed >= 1  # (the big subtrees: their walks are remembered and indexed)
    with pytest.raises(TypeError):
        ir.nodes_of(roots[0], ir.Expr)


def _ir_classes():
    from translator import ir
    import dataclasses
    return [c for c in vars(ir).values() if isinstance(c, type) and dataclasses.is_dataclass(c)
            and c.__module__ == ir.__name__]


@pytest.mark.parametrize("cls", _ir_classes(), ids=lambda c: c.__name__)
def test_an_ir_class_built_by_its_fast_init_is_the_dataclass_it_was(cls):
    """ir.py's __init__ (object.__setattr__ bound once, issue 28, round 8): the same signature,
    defaults and state as dataclasses' frozen __init__, which a fresh dataclass of the same fields gives here."""
    import dataclasses
    import inspect
    reference = dataclasses.dataclass(frozen=True)(type(cls.__name__, (), {
        "__annotations__": {f.name: f.type for f in dataclasses.fields(cls)},
        **{f.name: dataclasses.field(default=f.default, compare=f.compare) for f in dataclasses.fields(cls)
           if f.default is not dataclasses.MISSING}}))
    def parameters(init):
        return [(p.name, p.default, p.kind) for p in inspect.signature(init).parameters.values()]
    assert parameters(cls.__init__) == parameters(reference.__init__)
    required = [f.name for f in dataclasses.fields(cls) if f.default is dataclasses.MISSING]
    values = {name: f"value of {name}" for name in required}
    ours, theirs = cls(**values), reference(**values)
    assert vars(ours) == vars(theirs)  # the defaults too
    positional = cls(*values.values())
    assert positional == ours and hash(positional) == hash(ours) and repr(ours).split("(", 1)[1] == \
        repr(theirs).split("(", 1)[1]
    if dataclasses.fields(cls):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(ours, dataclasses.fields(cls)[0].name, 1)
        changed = dataclasses.replace(ours, **{dataclasses.fields(cls)[0].name: "other"})
        assert getattr(changed, dataclasses.fields(cls)[0].name) == "other" and changed != ours


def test_a_subtrees_walk_is_its_part_of_a_remembered_walk(monkeypatch):
    """A remembered walk lists where each subtree lies in it (ir._SUBTREES): a walk of a node inside it is that part
    of it (no walk of its own), node for node the walk children() defines, in both orders; a walk forgotten (the
    cache's bound) takes its subtrees' entries with it."""
    from translator import ir
    from translator.reader.frontend import Frontend
    path = os.path.join(ROOT, "corpus/nbody/nbody.c")
    tu = Frontend(path, [f"-I{os.path.dirname(path)}"]).parse()
    body = max((f.body for f in tu.functions if f.body is not None), key=lambda b: len(list(ir.walk(b))))

    for in_order in (False, True):
        whole = list(ir.walk_in_order(body) if in_order else ir.walk(body))
        inner = [n for n in whole[1:] if len(_reference_walk(n, in_order)) >= ir._SUBTREE_MIN_NODES]  # (smaller: walked)
        assert len(inner) > 20
        for node in inner:
            assert (id(node), in_order) in ir._SUBTREES  # answered from the body's walk
            walked = list(ir.walk_in_order(node) if in_order else ir.walk(node))
            assert len(walked) == len(_reference_walk(node, in_order)) and \
                all(a is b for a, b in zip(walked, _reference_walk(node, in_order)))
    monkeypatch.setattr(ir, "_WALK_CACHE_LIMIT", 0)
    import dataclasses
    ir.walk(dataclasses.replace(body))  # a new walk (a copy of the body), remembered, then all forgotten: the bound
    assert not ir._WALKS and not ir._SUBTREES and not ir._SUBTREE_KEYS and ir._walk_cache_size == 0


_IR_FINGERPRINT = r"""
import dataclasses, json, sys
from translator import ir
classes = [c for c in vars(ir).values() if isinstance(c, type) and dataclasses.is_dataclass(c) and c.__module__ == ir.__name__]
loc = ir.Loc("f.c", 3, 4)
name = ir.NameRef(loc, ir.IntType("int"), "x", "local")
call = ir.Call(loc, ir.IntType("int"), name, (ir.IntLit(loc, ir.IntType("int"), 1, "1"), name))
print(json.dumps({"compiled": ir._CODE.compiled, "cached": len(ir._CODE.codes),
                  "classes": [(c.__name__, [(f.name, str(f.type), f.default is dataclasses.MISSING or repr(f.default), f.compare)
                                            for f in dataclasses.fields(c)]) for c in classes],
                  "repr": repr(call), "hash": hash(call) == hash(ir.Call(loc, ir.IntType("int"), name, call.args)),
                  "walk": [type(n).__name__ for n in ir.walk(call)], "children": [repr(c) for c in ir.children(call)],
                  "replaced": repr(dataclasses.replace(name, name="y"))}))
"""


def test_the_irs_generated_code_is_compiled_once_and_read_back_the_same(tmp_path):
    """ir.py's classes (dataclasses' methods, __init__, children, the walks' pushers) come from code compiled once per
    text and kept (code_cache.py, issue 28: start-up): a process with an empty cache compiles them and writes the
    file, the next compiles nothing and builds the same classes; a damaged file is compiled again, an unwritable cache
    is no error."""
    import json
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"))

    def run(environment):
        done = subprocess.run([sys.executable, "-c", _IR_FINGERPRINT], cwd=ROOT, env=environment, capture_output=True,
                              text=True)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)
    first, second = run(env), run(env)
    assert first["compiled"] is False and first["cached"] > 300  # (written, then marked clean)
    kept = os.listdir(tmp_path / "cache" / "cmpi" / "code")
    assert len(kept) == 1
    assert second["compiled"] is False and second == first
    with open(tmp_path / "cache" / "cmpi" / "code" / kept[0], "r+b") as f:
        f.truncate(100)
    assert run(env) == first
    (tmp_path / "file").write_text("no directory")
    assert run(dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "file"))) == {**first, "compiled": True}


def test_a_translation_imports_nothing_it_does_not_run(tmp_path):
    """A translation without the compile check imports neither subprocess nor traceback (an internal error's,
    CMPI_DEBUG): issue 28, start-up."""
    code = ("import sys, os; os.environ['CMPI_TRANSLATE_CHECK'] = '0'; import translator.cli as cli; "
            f"status = cli._main([{os.path.join(ROOT, 'corpus', 'examples', 'pi.c')!r}, '-o', "
            f"{str(tmp_path / 'Pi.cs')!r}]); "
            "print(status, sorted({'subprocess', 'traceback'} & set(sys.modules)))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["0", "[]"]
