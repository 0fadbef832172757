"""Calls of a generic method (passes/generic_buffers.py): a `void *` parameter that only carries an MPI
buffer is a type parameter, `my_bcast<double>(x, ...)`; the type arguments and signatures in C#."""
from __future__ import annotations

from typing import Dict, Tuple

from .. import ir
from ..diagnostics import TranslationError
from .exprs import slot_key
from . import registry
from .types import element_cs
from ..passes.pointers import strip
from ..passes.queries import is_null_pointer


@registry.operation("type_argument")
def type_argument(ctx, arg: ir.Expr) -> str:
    """The element type a call passes to a generic buffer parameter: `x` of `double x[4]` -> double, `&n` -> int,
    another generic buffer parameter -> its type parameter."""
    e = strip(arg)
    if is_null_pointer(e):
        return "byte"  # NULL carries no data: any element type does
    t = e.type
    if isinstance(t, ir.ArrayType):
        return element_cs(t.element, arg.loc)
    if isinstance(t, ir.PointerType):
        if not isinstance(t.pointee, ir.VoidType):
            return element_cs(t.pointee, arg.loc)
        if isinstance(e, ir.NameRef):
            key = slot_key(ctx, e)
            if key in ctx.plan.generic_buffers:
                return ctx.plan.generic_buffers[key]
            if ctx.plan.void_type(key) is not None:
                return element_cs(ctx.plan.void_type(key), arg.loc)
    raise TranslationError(arg.loc, "the type this buffer points to is unknown here: cast it to its element type "
                           "(`(double *)p`)", "unsupported-buffer")


def generic_signature(ctx, fn: ir.Function) -> Tuple[str, str]:
    """(`<TData>`, ` where TData : unmanaged`) for a function with generic buffers, else two empty strings."""
    names = [t for _, t in ctx.plan.type_parameters.get(fn.name, [])] if ctx.plan is not None else []
    if not names:
        return "", ""
    return f"<{', '.join(names)}>", "".join(f" where {t} : unmanaged" for t in names)


@registry.operation("generic_call_arguments")
def generic_call_arguments(ctx, fn: ir.Function) -> Dict[int, str]:
    """Parameter index -> type parameter, for a call to fn."""
    return dict(ctx.plan.type_parameters.get(fn.name, [])) if ctx.plan is not None else {}
