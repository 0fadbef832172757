"""Globals the program never writes after their initializer: `static readonly` in the port.

C's `static const double A0 = -8.0 / 3.0;` (or a plain global nobody assigns) read in a hot loop
is a load from the class's statics on every iteration as a mutable C# static field: the JIT must
assume another thread changed it. A `static readonly` field is a constant to the JIT once the
class is initialized (it is, before `main` runs), so the value folds into the code as gcc folds
the C constant.

A global counts as never written when it is a number (integer or floating type) with an
initializer, and no function assigns it (`=`, `+=`, ...), increments or decrements it, or takes
its address (`&g` could write through the pointer, or pass it by `ref`). A name two files declare
`static` each is left alone, and so is a `volatile` one: C reads it anew at each use, so its conversions happen
at run time (csmith's `volatile double` globals: as a C# `const`, `(unsigned)g` of an out-of-range value was a
constant conversion C# refuses, CS0221).
"""
from __future__ import annotations

from collections import Counter
from typing import Set

from .. import ir

_WRITES = ("post++", "post--", "pre++", "pre--", "&")


def never_written_globals(tu: ir.TranslationUnit) -> Set[str]:
    declared = Counter(g.name for g in tu.globals)
    candidates = {g.name for g in tu.globals
                  if declared[g.name] == 1 and g.storage != "extern" and g.init is not None and not g.is_volatile
                  and isinstance(g.type, (ir.IntType, ir.FloatType))}
    roots = [f.body for f in tu.functions if f.body is not None] + [g.init for g in tu.globals if g.init is not None]
    for root in roots:
        for node in ir.nodes_of(root, ir.Assign, ir.Unary):
            target = None
            if isinstance(node, ir.Assign):
                target = node.target
            elif isinstance(node, ir.Unary) and node.op in _WRITES:
                target = node.operand
            target = _strip(target) if target is not None else None
            if isinstance(target, ir.NameRef) and target.kind == "global":
                candidates.discard(target.name)
    return candidates


# The integer types a C# `const` holds, with their ranges (C's LP64 sizes, as types.py maps them).
_CONST_INTEGERS = {"int": (-2**31, 2**31 - 1), "unsigned int": (0, 2**32 - 1), "long": (-2**63, 2**63 - 1),
                   "long long": (-2**63, 2**63 - 1), "unsigned long": (0, 2**64 - 1),
                   "unsigned long long": (0, 2**64 - 1)}
_FLOATING = (ir.FloatType("double"), ir.FloatType("float"))


def folds_to_constant(v: ir.VarDecl) -> bool:
    """Whether a never-written global's initializer is a C# constant of the same value, so the port declares it
    `const` (C# folds it at compile time as gcc does): a double or float of literals, their signs, conversions and
    (in double) the four operations (`-8.0 / 3.0`, `2.0 * 3`: IEEE arithmetic, one correctly rounded
    result each, in C# as in gcc). Anything else, integers included, stays `static readonly`,
    which C# accepts whatever the expression (a `const` refuses an integer overflow, which a C constant may wrap).

    Why it matters: a translated program is loaded in a collectible context, where the JIT reaches a static field
    through a helper call (CORINFO_HELP_GETDYNAMIC_NONGCSTATIC_BASE), and it made that call on every iteration of
    NPB MG's resid and psinv (`A0 * u[...]`); a `const` is an immediate."""
    if v.init is None:
        return False
    if v.type in _FLOATING:
        return _floating_constant(v.init)
    # Integers stay `static readonly`: C converts an integer to a narrower type modulo its range, and the translator's
    # casts `(byte)g` of a `const` are constant conversions C# checks at compile time (CS0221 for csmith's
    # `(uint8_t)g_5` of a constant 129746530: six seeds of tests/test_csmith.py).
    return False


def _floating_constant(e: ir.Expr) -> bool:
    if isinstance(e, ir.MacroRef):
        return e.expansion is not None and _floating_constant(e.expansion)
    if isinstance(e, ir.Paren):
        return _floating_constant(e.inner)
    if isinstance(e, ir.FloatLit):
        return e.type in _FLOATING
    if isinstance(e, ir.Cast):
        # to a floating type: an integer literal converts exactly (below 2^53) or rounds once, as in C
        return e.type in _FLOATING and (_floating_constant(e.operand) or _integer_literal(e.operand) is not None)
    if isinstance(e, ir.Unary):
        return e.op in ("-", "+") and e.type in _FLOATING and _floating_constant(e.operand)
    if isinstance(e, ir.Binary):
        # in double only: a float expression C evaluates in float, op by op, which C#'s folding need not do
        return e.op in ("+", "-", "*", "/") and e.type == ir.FloatType("double") and all(
            _floating_constant(x) or _integer_literal(x) is not None for x in (e.lhs, e.rhs))
    return False


def _integer_literal(e: ir.Expr):
    """The value of an int literal, a character, or one negated, through parentheses and macros; None else."""
    while isinstance(e, (ir.Paren, ir.MacroRef)) or isinstance(e, ir.Cast) and e.implicit:
        e = e.inner if isinstance(e, ir.Paren) else e.operand if isinstance(e, ir.Cast) else e.expansion
        if e is None:
            return None
    if isinstance(e, (ir.IntLit, ir.CharLit)) and isinstance(e.type, ir.IntType) and e.type.name in _CONST_INTEGERS:
        return e.value
    if isinstance(e, ir.Unary) and e.op == "-" and e.type == ir.IntType("int"):
        inner = _integer_literal(e.operand)
        return -inner if inner is not None else None
    return None


def _strip(e: ir.Expr) -> ir.Expr:
    while isinstance(e, (ir.Cast, ir.Paren)):
        e = e.operand if isinstance(e, ir.Cast) else e.inner
    return e
