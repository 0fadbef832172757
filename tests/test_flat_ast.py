"""The reader's native walker (issue 28, translator/reader/flat_ast.py): a function's whole syntax tree read in one
libclang call must answer exactly what clang.cindex answers cursor by cursor, and the reader's IR must not depend on
which of the two it read."""
from __future__ import annotations

import glob
import os

import pytest

from tests.support import ROOT
from translator.reader import flat_ast
from translator.reader.clang_setup import K, ci
from translator.reader.frontend import Frontend

# Constructs whose cursors are unusual: macros of the file and of a header around expressions, a for loop without
# parts, designated initializers, a statement expression, a compound literal, sizeof of a type, a VLA, a string
# literal split by a macro, nested ternaries, casts, labels and gotos, a switch.
PROGRAM = r"""
#include <stdio.h>
#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>
#define N 8
#define MAXINT INT_MAX
#define SQ(x) ((x) * (x))
#define MAX(a, b) ({ int _a = (a), _b = (b); _a > _b ? _a : _b; })
struct pt { int x, y; };
static int table[N] = { [2] = 5, [N - 1] = SQ(3) };
int f(int n, double m[][N]) {
    int vla[n];
    struct pt p = { .y = 2, .x = 1 };
    struct pt *q = &(struct pt){ 3, 4 };
    for (;;) { if (n-- < 0) break; }
    for (int i = 0; i < n; i++) vla[i] = i ? -i : +i;
    switch (n) { case 1: n += sizeof(struct pt); break; default: n = (int) m[0][1]; }
    if (n > 3) goto out;
    n = MAX(n, p.x) + q->y + table[2] + (n > 1 ? n < 4 ? 1 : 2 : 3);
out:
    printf("%" PRId64 " %s\n", (int64_t) n, "a" "b");
    return vla[0] + SQ(n) + N + (MAXINT > 'a' ? 1.5e0 : 2.0f) + (int) sizeof n;
}
typedef struct { int a; } named;
int g(void) { typedef union { int i; float f; } local; local u; u.i = 1; bool done = true; int grid[N][2] = {{0}}; named v = { u.i }; return v.a; }
"""


def _facts_of_cindex(fe: Frontend, cur: ci.Cursor):
    loc = cur.location
    start, end = cur.extent.start, cur.extent.end
    name = lambda f: fe._file_name(f)  # noqa: E731
    return ([c for c in cur.get_children()], (name(loc.file), loc.line, loc.column),
            (name(start.file), start.line, start.column), (name(end.file), end.line, end.column),
            cur.type.kind, cur.type.spelling)


def test_the_native_walker_is_built_by_setup():
    assert os.path.exists(flat_ast.LIBRARY), "make setup builds build/native/libcmpi_ast.so"
    assert flat_ast.available(), "the walker must load and call the libclang clang.cindex loaded"


def test_each_cursors_facts_are_clang_cindexs(tmp_path):
    src = tmp_path / "walk.c"
    src.write_text(PROGRAM)
    fe = Frontend(str(src), [])
    fe.parse()
    compared = nodes = 0
    for top in fe.top_level():
        if top.kind not in (K.FUNCTION_DECL, K.VAR_DECL) or not fe._in_main_file(top):
            continue
        assert flat_ast.load(top, fe._file_name_of_handle)
        pending = [top]
        while pending:
            cur = pending.pop()
            kids, loc, start, end, type_kind, type_spelling = _facts_of_cindex(fe, cur)
            assert cur._cmpi_kids == kids and [k.kind for k in cur._cmpi_kids] == [k.kind for k in kids]
            assert (cur._cmpi_loc, cur._cmpi_start, cur._cmpi_end) == (loc, start, end), cur.kind
            assert (cur._type.kind, cur._type.spelling) == (type_kind, type_spelling)
            assert cur.spelling == ci.conf.lib.clang_getCursorSpelling(cur), cur.kind
            _assert_the_cached_answers_are_cindexs(fe, cur)
            if cur is not top:  # the tree under the declaration: the walker's Nodes, which answer the rest as cindex
                assert type(cur) is flat_ast.Node, cur.kind
                real = cur.cursor
                assert (cur.is_definition(), cur.storage_class, cur.extent.start.line, cur.type.spelling) == \
                    (real.is_definition(), real.storage_class, real.extent.start.line, real.type.spelling)
                assert cur.type_key == (cur.type.data[0] or 0)
                nodes += 1
            compared += 1
            pending.extend(cur._cmpi_kids)
        kept = top._cmpi_kids[-1] if top._cmpi_kids else None
        flat_ast.release(top)
        assert getattr(top, "_cmpi_kids", None) is None
        if kept is not None:  # the tree no longer lists its Nodes (no cycle is left for a collector that is off)...
            assert kept[7].kids is None
            # ... and one still held answers as before, from libclang
            assert kept._cmpi_kids is None and Frontend.kids(kept) == list(kept.get_children())
    assert compared > 150 and nodes > 150  # every cursor of the program's declarations (187 today)


def test_a_nodes_place_and_children_are_the_readers_answers(tmp_path):
    """A tree read for the reader (Frontend._read_tree) gives each Node its place, the Loc `loc` gives for its
    location (one object per place), and its children, clang.cindex's, as fields the reader reads in place."""
    from translator import ir
    src = tmp_path / "walk.c"
    src.write_text(PROGRAM)
    fe = Frontend(str(src), [])
    fe.parse()
    nodes = 0
    for top in fe.top_level():
        if top.kind != K.FUNCTION_DECL or not fe._in_main_file(top) or not top.is_definition():
            continue
        fe._read_tree(top)
        pending = list(top._cmpi_kids)
        while pending:
            node = pending.pop()
            file, line, column = node._cmpi_loc
            assert node[8] == ir.Loc(file or fe.path, line, column) and fe.loc(node) is node[8]
            assert fe._locs[node._cmpi_loc] is node[8]  # (the same object for every node at that place)
            assert Frontend.kids(node) is node[9] and node[9] == list(node.cursor.get_children())
            nodes += 1
            pending.extend(node[9])
        flat_ast.release(top)
    assert nodes > 150


_FIRST_TOKEN_KINDS = (K.INTEGER_LITERAL, K.FLOATING_LITERAL, K.CHARACTER_LITERAL, K.CXX_UNARY_EXPR)


def _assert_the_cached_answers_are_cindexs(fe: Frontend, cur: ci.Cursor) -> None:
    """cur.referenced as clang.cindex caches it (the reference kinds), a literal's first token as
    Frontend._first_token finds it without the walker (None where it must read all the tokens), a declaration's
    tokens as Frontend.var_decl reads them."""
    if cur.kind in (K.DECL_REF_EXPR, K.MEMBER_REF_EXPR, K.MACRO_INSTANTIATION):
        want = ci.conf.lib.clang_getCursorReferenced(cur)
        assert cur._referenced == want if want is not None else cur._referenced is None
    else:
        assert "_referenced" not in cur.__dict__
    if cur.kind == K.VAR_DECL:
        tokens = list(cur.get_tokens())
        eq = next((t for t in tokens if t.spelling == "="), None)
        assert cur._cmpi_equals == (bool(tokens), (eq.extent.start.line, eq.extent.start.column) if eq else None)
    else:
        assert "_cmpi_equals" not in cur.__dict__
    if cur.kind in _FIRST_TOKEN_KINDS:
        start = cur.extent.start
        tok = next(fe.tu.get_tokens(extent=ci.SourceRange.from_locations(start, start)), None)
        want = tok.spelling if tok is not None and \
            fe._file_name(tok.location.file) == fe._file_name(cur.extent.end.file) else None
        assert getattr(cur, "_cmpi_first_token", None) == want
    else:
        assert "_cmpi_first_token" not in cur.__dict__


def test_the_top_level_listed_in_one_call_is_clang_cindexs(tmp_path):
    """The unit's top level (the headers' declarations and macros): the same cursors with the same facts, the
    macros' function-like flag, and no children listed (read when the reader enters a declaration)."""
    src = tmp_path / "walk.c"
    src.write_text(PROGRAM)
    fe = Frontend(str(src), [])
    fe.parse()
    listed = flat_ast.top_level(fe.tu, fe._file_name_of_handle)
    want = list(fe.tu.cursor.get_children())
    assert listed == want and [c.kind for c in listed] == [c.kind for c in want] and len(want) > 1000
    for cur in listed:
        kids, loc, start, end, type_kind, type_spelling = _facts_of_cindex(fe, cur)
        assert "_cmpi_kids" not in cur.__dict__
        assert (cur._cmpi_loc, cur._cmpi_start, cur._cmpi_end) == (loc, start, end), cur.kind
        assert (cur._type.kind, cur._type.spelling) == (type_kind, type_spelling)
        assert cur._spelling == ci.conf.lib.clang_getCursorSpelling(cur)
        assert flat_ast.is_macro_function_like(cur) == bool(ci.conf.lib.clang_Cursor_isMacroFunctionLike(cur))
        _assert_the_cached_answers_are_cindexs(fe, cur)
    assert any(flat_ast.is_macro_function_like(c) for c in listed)
    assert flat_ast.load(listed[-1], fe._file_name_of_handle) and listed[-1]._cmpi_kids == \
        list(listed[-1].get_children())


def test_the_typedefs_found_in_one_call_are_the_walks(tmp_path, monkeypatch):
    src = tmp_path / "walk.c"
    src.write_text(PROGRAM)
    fe = Frontend(str(src), [])
    fe.parse()
    native = fe._typedefs()
    monkeypatch.setattr(flat_ast, "_lib", None)
    walked = fe._typedefs()
    assert native == walked and len(walked) > 50
    assert {"named", "local"} <= {c.spelling for c in native}


def _ir_of(path: str, native: bool, monkeypatch) -> str:
    monkeypatch.setattr(flat_ast, "_lib_opened", True)
    monkeypatch.setattr(flat_ast, "_lib", flat_ast._open_library() if native else None)
    fe = Frontend(path, ["-I", os.path.dirname(path)])
    try:
        return repr(fe.parse())
    except Exception as e:  # an error the program is there for: it must be the same error
        return f"{type(e).__name__}: {e}"


@pytest.mark.parametrize("path", sorted(glob.glob(os.path.join(ROOT, "tests", "c", "*.c")))[::4] +
                         [os.path.join(ROOT, "tests", "robust", "pointer_sign.c")],
                         ids=os.path.basename)
def test_the_ir_is_the_same_read_either_way(path, monkeypatch):
    assert _ir_of(path, True, monkeypatch) == _ir_of(path, False, monkeypatch)


def test_the_ir_of_the_walk_program_is_the_same_read_either_way(tmp_path, monkeypatch):
    src = tmp_path / "walk.c"
    src.write_text(PROGRAM)
    assert _ir_of(str(src), True, monkeypatch) == _ir_of(str(src), False, monkeypatch)


def test_the_ir_is_the_same_read_through_nodes_or_through_cursors(tmp_path, monkeypatch):
    """The function trees read as Nodes (flat_ast.Node, built from the table's columns) give the IR the table's
    clang.cindex Cursors gave (CMPI_CURSOR_TABLE=1: rounds 4-8's reading), on the walk program and a sample of
    tests/c."""
    src = tmp_path / "walk.c"
    src.write_text(PROGRAM)
    paths = [str(src)] + sorted(glob.glob(os.path.join(ROOT, "tests", "c", "*.c")))[1::9]
    for path in paths:
        monkeypatch.delenv("CMPI_CURSOR_TABLE", raising=False)
        through_nodes = _ir_of(path, True, monkeypatch)
        monkeypatch.setenv("CMPI_CURSOR_TABLE", "1")
        assert through_nodes == _ir_of(path, True, monkeypatch), path


@pytest.mark.parametrize("kind", ["PUNCTUATION", "COMMENT"])
def test_the_tokens_lexed_in_one_call_are_clang_cindexs(kind, tmp_path):
    """Operators and comments (one of them with a byte that is no UTF-8, kept as its surrogate escape)."""
    src = tmp_path / "tokens.c"
    src.write_bytes(PROGRAM.encode() + b"/* caf\xe9 */\nint g(int a) { return a<<2 >= a ? -a : a++; } // end\n")
    tu = ci.Index.create().parse(str(src), args=["-fparse-all-comments"])
    size = os.path.getsize(src)
    f = tu.get_file(str(src))
    extent = ci.SourceRange.from_locations(ci.SourceLocation.from_offset(tu, f, 0),
                                           ci.SourceLocation.from_offset(tu, f, size))
    want = [(t.location.line, t.location.column, t.extent.end.line, t.extent.end.column, t.spelling)
            for t in tu.get_tokens(extent=extent) if t.kind == getattr(ci.TokenKind, kind)]
    assert len(want) > (80 if kind == "PUNCTUATION" else 1)
    assert flat_ast.tokens(tu, extent, getattr(ci.TokenKind, kind)) == want
