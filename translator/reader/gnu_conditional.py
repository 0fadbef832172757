"""GNU's conditional with the middle operand left out, `x ?: y`: x when x is nonzero, else y, with x evaluated once
(gcc's manual, "Conditionals with Omitted Operands"). Legacy code writes `getenv("N") ?: "4"`, `p ?: q`.

libclang has no cursor kind for it (clang's BinaryConditionalOperator is an UNEXPOSED_EXPR) with four children: x,
x as the condition, x as the value (converted to the result's type) and y; the first three spell the same source.
An x without side effects is read as `x ? x : y` (the same value either time). Any other x is kept in a temporary
of a statement expression, `({ T cmpi_elvisN = x; cmpi_elvisN ? cmpi_elvisN : y; })`, which the statement
expressions' pass (passes/stmt_exprs.py) moves out before its statement, or refuses with a located error where
that move could change the order of effects.
"""
from __future__ import annotations

from typing import List

from .. import ir
from ..diagnostics import TranslationError
from .clang_setup import ci


def is_binary_conditional(fe, cur: ci.Cursor, kids: List[ci.Cursor]) -> bool:
    """Whether an UNEXPOSED_EXPR of these children is `x ?: y` (not, say, a _Generic of three associations)."""
    if len(kids) != 4 or fe._extent_key(kids[0]) != fe._extent_key(kids[1]):
        return False
    try:
        return fe._operator_between(cur, kids[0], kids[3], ("?",)) == "?"
    except TranslationError:
        return False


def _has_effects(e: ir.Expr) -> bool:
    return any(isinstance(n, (ir.Call, ir.Assign, ir.StmtExpr, ir.VaArg)) or
               isinstance(n, ir.Unary) and n.op in ("pre++", "pre--", "post++", "post--") for n in ir.walk(e))


def binary_conditional(fe, cur: ci.Cursor, kids: List[ci.Cursor]) -> ir.Expr:
    loc = fe.loc(cur)
    t = fe.ctype(cur.type, cur)
    common = fe.expr(kids[0])
    otherwise = fe.expr(kids[3])
    if not _has_effects(common):
        return ir.Conditional(loc, t, fe.expr(kids[1]), fe.expr(kids[2]), otherwise)
    fe.elvis_temporaries += 1
    name = f"cmpi_elvis{fe.elvis_temporaries}"
    temp = ir.NameRef(loc, common.type, name, "local", None, loc)
    value = temp if common.type == t else ir.Cast(loc, t, temp, implicit=True)
    body = ir.Compound(loc, (ir.DeclStmt(loc, (ir.VarDecl(loc, name, common.type, common, None),)),
                             ir.ExprStmt(loc, ir.Conditional(loc, t, temp, value, otherwise))))
    return ir.StmtExpr(loc, t, body)
