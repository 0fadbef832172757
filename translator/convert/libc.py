"""C library calls -> CloudMpi.Libc / System.Math calls (rules/libc.toml).

Arguments are converted to the prototype's parameter types; the variadic
arguments of the printf family are passed as C promoted them (clang already
inserted the default argument promotions), so the formatter sees C's types.
"""
from __future__ import annotations

from .. import ir
from ..diagnostics import TranslationError
from .exprs import CsExpr, PRIMARY, convert_expr, convert_value, strip_implicit


def convert_pointer_arg(ctx, a: ir.Expr) -> str:
    inner = strip_implicit(a)
    while isinstance(inner, ir.Paren):
        inner = strip_implicit(inner.inner)
    if isinstance(inner, ir.Cast) and isinstance(inner.type, ir.PointerType) and \
            isinstance(inner.type.pointee, ir.VoidType):
        inner = strip_implicit(inner.operand)  # (void *) buf
    return convert_expr(ctx, inner).code
from .types import cs_type


def convert_libc_call(ctx, call: ir.Call, callee: ir.NameRef, rule) -> CsExpr:
    ftype = callee.type
    if not isinstance(ftype, ir.FunctionType):
        raise TranslationError(call.loc, f"'{callee.name}' is not a function here", "unmapped-function")
    args = []
    for i, a in enumerate(call.args):
        if i < len(ftype.params):
            p = ftype.params[i]
            if isinstance(p, ir.PointerType) and (isinstance(p.pointee, ir.VoidType) or
                                                  (isinstance(p.pointee, ir.IntType) and p.pointee.name == "char")):
                # const char * parameters: string literals stay C# strings; void * takes the buffer as it is
                # (the runtime's generic overloads take T[] and Ptr<T>).
                args.append(convert_pointer_arg(ctx, a))
            else:
                args.append(convert_value(ctx, a, p).code)
        else:
            args.append(convert_expr(ctx, a).code)
    ret = cs_type(call.type, call.loc)
    return CsExpr(f"{rule.target}({', '.join(args)})", ret, PRIMARY)
