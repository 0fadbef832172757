"""Variadic functions: `f(const char *fmt, ...)` takes `params object?[] varargs` in C#.

The caller's extra arguments arrive as C passed them (clang has already applied the default
argument promotions); `va_start` wraps them in the runtime's VaList, `va_arg(ap, T)` reads the next
one as T, and `vprintf(fmt, ap)` and its relatives format the rest.
"""
from __future__ import annotations

from .. import ir
from ..diagnostics import TranslationError
from .exprs import PRIMARY, ASSIGN, CsExpr, convert_expr, paren, strip_implicit
from . import registry
from .types import cs_type

VARARGS_PARAM = "varargs"
VA_BUILTINS = ("__builtin_va_start", "__builtin_va_end", "__builtin_va_copy")


def varargs_parameter() -> str:
    return f"params object[] {VARARGS_PARAM}"


def _va_list(ctx, e: ir.Expr, what: str) -> CsExpr:
    """The va_list a va_* macro is given: C's builtins take any pointer on x86-64 (`va_end(0)` compiles, gcc and
    clang are silent), the port's VaList methods only a va_list (fuzz seed 11 input 8308: `0.End()`, CS1061)."""
    ap = convert_expr(ctx, strip_implicit(e))
    if ap.type != "VaList":
        raise TranslationError(e.loc, f"{what} must be given a va_list variable", "unsupported-construct")
    return ap


@registry.expression(ir.VaArg)
def convert_va_arg(ctx, e: ir.VaArg) -> CsExpr:
    ap = _va_list(ctx, e.ap, "va_arg")
    return CsExpr(f"{paren(ap, PRIMARY)}.Arg<{cs_type(e.type, e.loc)}>()", cs_type(e.type, e.loc), PRIMARY)


@registry.builtin(*VA_BUILTINS)
def convert_va_builtin(ctx, call: ir.Call, name: str) -> CsExpr:
    what = name.replace("__builtin_", "")
    args = [_va_list(ctx, a, what) if i == 0 or name == "__builtin_va_copy" else convert_expr(ctx, strip_implicit(a))
            for i, a in enumerate(call.args)]
    if name == "__builtin_va_start":
        fn = ctx.fn.function
        if fn is None or not fn.type.variadic:
            raise TranslationError(call.loc, "va_start outside a variadic function", "unsupported-construct")
        return CsExpr(f"{args[0].code} = new VaList({VARARGS_PARAM})", "void", ASSIGN)
    if name == "__builtin_va_end":
        return CsExpr(f"{paren(args[0], PRIMARY)}.End()", "void", PRIMARY)
    if name == "__builtin_va_copy":
        return CsExpr(f"{args[0].code} = {paren(args[1], PRIMARY)}.Copy()", "void", ASSIGN)
    raise TranslationError(call.loc, f"the builtin {name} cannot be translated", "unmapped-function")
