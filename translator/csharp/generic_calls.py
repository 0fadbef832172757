"""Calls of a generic method (passes/generic_buffers.py): a `void *` parameter that only carries an MPI
buffer is a type parameter, `my_bcast<double>(x, ...)`; the type arguments and signatures in C#."""
from __future__ import annotations

from typing import Dict, Tuple

from .. import ir
from ..diagnostics import TranslationError
from .exprs import slot_key
from . import registry
from .types import HANDLE, element_cs
from ..passes.pointers import strip
from ..passes.queries import is_null_pointer


@registry.operation("type_argument")
def type_argument(ctx, arg: ir.Expr, out: bool = False) -> str:
    """The element type a call passes to a generic buffer parameter: `x` of `double x[4]` -> double, `&n` -> int,
    another generic buffer parameter -> its type parameter. out: the parameter is a `void **` or `char **`
    out-parameter, whose type argument is what the pointer it is given points to (`(char **)&p` of a
    `uint64_t *p` -> ulong, a `char **q` -> sbyte)."""
    e = strip(arg)
    if is_null_pointer(e):
        return "byte"  # NULL carries no data: any element type does
    if isinstance(e, ir.Cast) and isinstance(e.type, ir.PointerType) and isinstance(strip(e.operand).type, ir.IntType):
        # `(void *)7` where the parameter also holds addresses (passes/void_integers.py carries integers only alone)
        raise TranslationError(arg.loc, "an integer converted to a pointer (`(void *)n`) given to a parameter that "
                               "also holds addresses cannot be translated: a `void *` may carry an integer only if "
                               "every value it holds is one", "integer-to-pointer")
    while isinstance(e, ir.Cast) and isinstance(e.type, ir.PointerType) and isinstance(e.type.pointee, ir.VoidType) \
            and isinstance(strip(e.operand).type, (ir.PointerType, ir.ArrayType)):
        e = strip(e.operand)  # `(void *)sbuf`: the buffer as it is
    if isinstance(e.type, ir.PointerType) and isinstance(e.type.pointee, ir.PointerType):
        # `(void **)&p` or `(char **)&p` for an out-parameter: the type p points to; another generic
        # out-parameter passed on: its type parameter
        target = e
        while isinstance(target, (ir.Cast, ir.Paren)):
            target = strip(target.operand if isinstance(target, ir.Cast) else target.inner)
        if isinstance(target, ir.Unary) and target.op == "&" and isinstance(target.operand.type, ir.PointerType):
            if not isinstance(target.operand.type.pointee, ir.VoidType):
                return element_cs(target.operand.type.pointee, arg.loc)
            return _void_pointer_element(ctx, strip(target.operand), arg)  # `(void **)&buf` of a `void *buf`
        if isinstance(target, ir.NameRef) and slot_key(ctx, target) in ctx.plan.generic_buffers:
            return ctx.plan.generic_buffers[slot_key(ctx, target)]
        if out and isinstance(target.type, ir.PointerType) and isinstance(target.type.pointee, ir.PointerType) \
                and not isinstance(target.type.pointee.pointee, ir.VoidType):
            # `(void **)list` of a `struct Bench **list` (IMB_v_free((void **)P_BList)): what list points to
            return element_cs(target.type.pointee.pointee, arg.loc)
        if out and not isinstance(e.type.pointee.pointee, ir.VoidType):
            return element_cs(e.type.pointee.pointee, arg.loc)
    deref = e
    while isinstance(deref, ir.Cast) and isinstance(deref.type, ir.PointerType):
        deref = strip(deref.operand)
    if isinstance(deref, ir.Unary) and deref.op == "*" and isinstance(strip(deref.operand), ir.NameRef) and \
            slot_key(ctx, strip(deref.operand)) in ctx.plan.generic_buffers:
        return ctx.plan.generic_buffers[slot_key(ctx, strip(deref.operand))]  # `*sbuf` of a generic out-parameter
    t = e.type
    if isinstance(t, ir.ArrayType):
        return element_cs(t.element, arg.loc)
    if isinstance(t, ir.PointerType):
        if not isinstance(t.pointee, ir.VoidType):
            return element_cs(t.pointee, arg.loc)
        while isinstance(e, ir.Binary) and e.op in ("+", "-") and isinstance(strip(e.lhs).type, ir.PointerType):
            e = strip(e.lhs)  # `m + sizeof(struct hdr)` of a `void *m`: m's own buffer (bytes: GNU C's arithmetic)
        if isinstance(e, (ir.NameRef, ir.Member)):
            return _void_pointer_element(ctx, e, arg)
    raise TranslationError(arg.loc, "the type this buffer points to is unknown here: cast it to its element type "
                           "(`(double *)p`)", "unsupported-buffer")


def _void_pointer_element(ctx, e: ir.Expr, arg: ir.Expr) -> str:
    """The element type a `void *` variable or field (`e`) holds when given to a generic buffer: a generic
    parameter's type parameter, the one type the plan gave the variable (pointers.py's void_type), else it is an
    opaque handle (a `void *` struct field, void_handles.py): its bytes (exprs.py, Handle.Bytes; Handle.Slot for
    its address)."""
    if isinstance(e, ir.NameRef):
        key = slot_key(ctx, e)
        if key in ctx.plan.generic_buffers:
            return ctx.plan.generic_buffers[key]
        if ctx.plan.void_type(key) is not None:
            return element_cs(ctx.plan.void_type(key), arg.loc)
        if ctx.plan.is_handle(key) or ctx.slot_type(key, e.type, arg.loc) == HANDLE:
            return "byte"
    if isinstance(e, ir.Member):
        return "byte"  # a struct's `void *` field is a handle (csharp/types.py)
    raise TranslationError(arg.loc, "the type this buffer points to is unknown here: cast it to its element type "
                           "(`(double *)p`)", "unsupported-buffer")


def generic_signature(ctx, fn: ir.Function) -> Tuple[str, str]:
    """(`<TData>`, ` where TData : unmanaged`) for a function with generic buffers, else two empty strings."""
    if ctx.plan is None:
        return "", ""
    names = [t for _, t in ctx.plan.type_parameters.get(fn.name, [])]
    if fn.name in ctx.plan.result_type_parameters:
        names.insert(0, ctx.plan.result_type_parameters[fn.name])  # the result's first: `xmalloc<double>(n)`
    if not names:
        return "", ""
    return f"<{', '.join(names)}>", "".join(f" where {t} : unmanaged" for t in names
                                            if (fn.name, t) in ctx.plan.unmanaged_type_parameters)


@registry.operation("generic_call_arguments")
def generic_call_arguments(ctx, fn: ir.Function) -> Dict[int, str]:
    """Parameter index -> type parameter, for a call to fn."""
    return dict(ctx.plan.type_parameters.get(fn.name, [])) if ctx.plan is not None else {}


@registry.operation("result_type_argument")
def result_type_argument(ctx, call: ir.Call):
    """The element type a call of a function with a generic result gives it when nothing converts the result to a
    typed pointer (`void *p = xmalloc(n)`, `free(xmalloc(n))`): the `void *` slot's own type, else bytes. None for
    a function whose result is no type parameter."""
    callee = strip(call.callee)
    if ctx.plan is None or not isinstance(callee, ir.NameRef) or callee.name not in ctx.plan.result_type_parameters:
        return None
    return "byte"

