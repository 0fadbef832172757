"""Globals the program never writes after their initializer: `static readonly` in the port.

C's `static const double A0 = -8.0 / 3.0;` (or a plain global nobody assigns) read in a hot loop
is a load from the class's statics on every iteration as a mutable C# static field: the JIT must
assume another thread changed it. A `static readonly` field is a constant to the JIT once the
class is initialized (it is, before `main` runs), so the value folds into the code as gcc folds
the C constant.

A global counts as never written when it is a number (integer or floating type) with an
initializer, and no function assigns it (`=`, `+=`, ...), increments or decrements it, or takes
its address (`&g` could write through the pointer, or pass it by `ref`). A name two files declare
`static` each is left alone.
"""
from __future__ import annotations

from collections import Counter
from typing import Set

from .. import ir

_WRITES = ("post++", "post--", "pre++", "pre--", "&")


def never_written_globals(tu: ir.TranslationUnit) -> Set[str]:
    declared = Counter(g.name for g in tu.globals)
    candidates = {g.name for g in tu.globals
                  if declared[g.name] == 1 and g.storage != "extern" and g.init is not None
                  and isinstance(g.type, (ir.IntType, ir.FloatType))}
    roots = [f.body for f in tu.functions if f.body is not None] + [g.init for g in tu.globals if g.init is not None]
    for root in roots:
        for node in ir.walk(root):
            target = None
            if isinstance(node, ir.Assign):
                target = node.target
            elif isinstance(node, ir.Unary) and node.op in _WRITES:
                target = node.operand
            target = _strip(target) if target is not None else None
            if isinstance(target, ir.NameRef) and target.kind == "global":
                candidates.discard(target.name)
    return candidates


def _strip(e: ir.Expr) -> ir.Expr:
    while isinstance(e, (ir.Cast, ir.Paren)):
        e = e.operand if isinstance(e, ir.Cast) else e.inner
    return e
