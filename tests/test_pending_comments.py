"""Context.comments_before / trailing_comment through the index of pending comments (csharp/pending_comments.py,
issue 28) answer exactly as the scan of every comment: random questions against both, in one sequence."""
from __future__ import annotations

import random

from translator import ir
from translator.csharp.context import Context
from translator.diagnostics import DiagnosticSink
from translator.rules import load


def _comments(r: random.Random):
    out = []
    for name in ("a.c", "b.h", "c.c"):
        line = 1
        for _ in range(r.randint(0, 40)):
            line += r.randint(0, 3)
            end = line + r.choice((0, 0, 0, 1, 2))
            out.append(ir.Comment(ir.Loc(name, line, r.randint(1, 30)), end, f"/* {name} {line} */"))
            line = end + (1 if end > line else 0)
    return out


def _context(comments, indexed: bool) -> Context:
    tu = ir.TranslationUnit("a.c", (), (), (), tuple(comments))
    ctx = Context(tu=tu, rules=load(), class_name="A", diagnostics=DiagnosticSink())
    ctx.comments = list(comments)
    if not indexed:
        ctx._pending = lambda: None  # the scan
    return ctx


def test_the_index_answers_as_the_scan():
    for seed in range(40):
        r = random.Random(seed)
        comments = _comments(r)
        indexed, scanned = _context(comments, True), _context(comments, False)
        assert indexed._pending() is not None
        for _ in range(60):
            current = r.choice(("a.c", "b.h", "c.c", None, "other.c"))
            indexed.current_file = scanned.current_file = current
            if r.random() < 0.5:
                line, lo = r.randint(0, 150), r.choice((0, 0, r.randint(0, 100)))
                assert indexed.comments_before(line, lo) == scanned.comments_before(line, lo)
            else:
                line, col = r.randint(0, 150), r.randint(0, 30)
                assert indexed.trailing_comment(line, col) == scanned.trailing_comment(line, col)
            assert indexed.emitted_comments == scanned.emitted_comments
        assert indexed.comments_before(10 ** 9) == scanned.comments_before(10 ** 9)


def test_comments_out_of_order_are_scanned():
    c = [ir.Comment(ir.Loc("a.c", 9, 1), 9, "/* late */"), ir.Comment(ir.Loc("a.c", 2, 1), 2, "/* early */")]
    ctx = _context(c, True)
    assert ctx._pending() is None
    ctx.current_file = "a.c"
    assert ctx.comments_before(10) == c
