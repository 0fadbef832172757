"""C's setjmp and longjmp (<setjmp.h>): a jump back to a statement, as a try around the rest of its block.

`if (setjmp(env) == 0) { ... f(); } else { ... }` with a `longjmp(env, 3)` somewhere below f:

    object cmpiJump1 = CSetjmp.Arm(ref env);   // setjmp marks env with a token of its own
    int cmpiSetjmp1 = 0;                        // the value setjmp returns: 0 the first time
    cmpiSetjmp1Again:
    try
    {
        if (cmpiSetjmp1 == 0) { ... f(); } else { ... }
        ... the rest of the block ...
    }
    catch (LongJump jump) when (jump.Target == cmpiJump1)
    {
        cmpiSetjmp1 = jump.Value;               // longjmp's value (1 for a 0)
        goto cmpiSetjmp1Again;                  // the statement runs again, setjmp returning it
    }

longjmp throws the LongJump (CSetjmp.longjmp), which unwinds the functions in between as C's jump leaves them. C
lets setjmp stand only as a whole expression statement or in an if's, switch's or loop's condition (C11 7.13.1.1p4);
here it may be a statement's own expression (`r = setjmp(env);`, `int r = setjmp(env);` too) in a block. The
locals keep the values they had at the longjmp, as gcc -O0 leaves them (C leaves non-volatile ones it changed
indeterminate).
"""
from __future__ import annotations

from typing import List, Optional

from .. import ir
from ..diagnostics import TranslationError
from .context import INDENT
from .exprs import PRIMARY, CsExpr, convert_expr, strip_implicit
from . import registry

SETJMP_NAMES = ("setjmp", "_setjmp", "sigsetjmp", "__sigsetjmp")


def _callee_name(e: ir.Call) -> Optional[str]:
    callee = strip_implicit(e.callee)
    while isinstance(callee, ir.Paren) or (isinstance(callee, ir.MacroRef) and callee.expansion is not None):
        callee = strip_implicit(callee.inner if isinstance(callee, ir.Paren) else callee.expansion)
    return callee.name if isinstance(callee, ir.NameRef) and callee.kind == "library" else None


def _without_void_cast(e: ir.Expr) -> ir.Expr:
    while True:
        e = strip_implicit(e)
        if isinstance(e, ir.Paren):
            e = e.inner
        elif isinstance(e, ir.MacroRef) and e.expansion is not None:
            e = e.expansion  # glibc's `#define setjmp(env) _setjmp (env)`
        elif isinstance(e, ir.Cast) and isinstance(e.type, ir.VoidType):
            e = e.operand
        else:
            return e


def _own_expressions(st: ir.Stmt) -> List[ir.Expr]:
    """The expressions a statement evaluates before any statement inside it: where its setjmp may stand."""
    if isinstance(st, ir.ExprStmt):
        return [st.expr]
    if isinstance(st, (ir.If, ir.Switch)):
        return [st.cond]
    if isinstance(st, ir.DeclStmt):
        return [d.init for d in st.decls if d.init is not None]
    return []


def _calls_setjmp(ctx) -> bool:
    """The function being converted calls setjmp somewhere (found once per function)."""
    if ctx.fn.calls_setjmp is None:
        body = ctx.fn.function.body if ctx.fn.function is not None else None
        ctx.fn.calls_setjmp = body is not None and any(
            _callee_name(node) in SETJMP_NAMES for node in ir.nodes_of(body, ir.Call))
    return ctx.fn.calls_setjmp


def setjmp_call(ctx, st: ir.Stmt) -> Optional[ir.Call]:
    """The setjmp call in a statement's own expression, not yet put in its try (None without one)."""
    if not _calls_setjmp(ctx) or id(st) in ctx.fn.setjmp_statements:
        return None
    for e in _own_expressions(st):
        for node in ir.walk(e):
            if isinstance(node, ir.Call) and _callee_name(node) in SETJMP_NAMES:
                return node
    return None


def convert_setjmp_statement(ctx, st: ir.Stmt, call: ir.Call, rest, indent: str, convert_items) -> List[str]:
    """The statement holding a setjmp call and the rest of its block (`rest`), converted by `convert_items`, inside
    the try that takes a longjmp back to the statement."""
    if not call.args:
        raise TranslationError(call.loc, "setjmp needs its jmp_buf", "unsupported-construct")
    env = convert_expr(ctx, strip_implicit(call.args[0]))
    if env.type != "JmpBuf":
        raise TranslationError(call.args[0].loc, "setjmp must be given a jmp_buf variable", "unsupported-construct")
    inside = (st, *rest)
    if any(isinstance(r, (ir.Case, ir.Default, ir.Label)) for r in inside):
        # C# jumps into no try: a switch's case or a goto's label among the statements after setjmp
        raise TranslationError(call.loc, "setjmp with a case or a label after it in its block cannot be translated: "
                               "put the setjmp and the statements after it in a block of their own",
                               "unsupported-construct")
    ctx.fn.setjmp_statements.add(id(st))
    ctx.fn.setjmp_count += 1
    n = ctx.fn.setjmp_count
    token, value, label = f"cmpiJump{n}", f"cmpiSetjmp{n}", f"cmpiSetjmp{n}Again"
    ctx.fn.setjmp_values[id(call)] = value
    # `setjmp(env);` alone: its value goes nowhere, so only the rest of the block is in the try
    alone = isinstance(st, ir.ExprStmt) and _without_void_cast(st.expr) is call
    body = convert_items(ctx, rest if alone else inside, indent + INDENT)
    return [f"{indent}object {token} = CSetjmp.Arm(ref {env.code});",
            f"{indent}int {value} = 0;",
            f"{indent}{label}:",
            f"{indent}try",
            f"{indent}{{",
            *body,
            f"{indent}}}",
            f"{indent}catch (LongJump jump) when (jump.Target == {token})",
            f"{indent}{{",
            f"{indent}{INDENT}{value} = jump.Value;",
            f"{indent}{INDENT}goto {label};",
            f"{indent}}}"]


@registry.builtin(*SETJMP_NAMES)
def convert_setjmp(ctx, e: ir.Call, name: str) -> CsExpr:
    """setjmp(env) in the statement convert_setjmp_statement put in its try: the value it returns there."""
    value = ctx.fn.setjmp_values.get(id(e))
    if value is None:
        raise TranslationError(e.loc, f"{name.lstrip('_')} can be translated only as a statement's own expression in a block "
                               "(`if (setjmp(env))`, `switch (setjmp(env))`, `r = setjmp(env);`)",
                               "unsupported-construct")
    return CsExpr(value, "int", PRIMARY)
