"""malloc/calloc/realloc -> C# arrays.

`(double *) malloc(n * sizeof(double))` is `new double[n]`: the element type comes
from the pointer the result is converted to, the count from the byte size when it
is spelled `count * sizeof(T)` (the way C programs write it). Any other byte count
goes through `CMem.Alloc<T>(bytes)`, which divides by the element's size. C#
zero-fills new arrays, which is calloc's contract and harmless for malloc's.
"""
from __future__ import annotations

import dataclasses
from typing import Optional

from .. import ir
from ..diagnostics import TranslationError
from .exprs import (PRIMARY, CsExpr, as_count, coerce, convert_call, convert_expr, flat_size, paren, refuse_handle_memory, scaled_by,
                    strip_implicit, unwrap, MUL, is_null_pointer)
from . import registry
from .cstypes import array_of, ptr_of
from .types import element_cs, flexible_member, size_of
from ..rules import load as load_rules



def _callee(call: ir.Expr) -> Optional[str]:
    if not isinstance(call, ir.Call):
        return None
    c = strip_implicit(call.callee)
    return c.name if isinstance(c, ir.NameRef) and c.kind == "library" else None


def is_allocation(e: ir.Expr) -> bool:
    return _callee(e) in load_rules().names("allocates", ("new", "resize"))  # libc.toml's [allocators]


def _count(ctx, size: ir.Expr, elem_size: Optional[int], pointee=None) -> Optional[CsExpr]:
    """The element count when `size` is `n * sizeof(T)`, `sizeof(T) * n` or `sizeof(T)`."""
    e = unwrap(size)
    if isinstance(e, ir.SizeOf):
        return _sizeof_count(ctx, e, elem_size, pointee)
    if isinstance(e, ir.Binary) and e.op == "*":
        lhs, rhs = unwrap(e.lhs), unwrap(e.rhs)
        for s, n in ((rhs, lhs), (lhs, rhs)):
            if isinstance(s, ir.SizeOf) and _sizeof_count(ctx, s, elem_size, pointee) == ONE:
                return as_count(convert_expr(ctx, n))
    return None


ONE = CsExpr("1", "int", PRIMARY, 1)


def _sizeof_count(ctx, s: ir.SizeOf, elem_size: Optional[int], pointee) -> Optional[CsExpr]:
    """How many `pointee`s `sizeof(...)` spans: 1 for sizeof(pointee); for a pointer to variable-length rows
    (`double (*m)[n] = malloc(sizeof(double[k][n]))`, whose sizes are no constants) k, the outer bound of an
    array of such rows; None when it is no whole number of them (the byte count then goes to CMem.Alloc)."""
    if s.value is not None or elem_size is not None:
        return ONE if s.value is not None and s.value == elem_size else None
    if not isinstance(pointee, ir.ArrayType):
        return None
    of = s.of_type if s.of_type is not None else (s.of_expr.type if s.of_expr is not None else None)
    if not isinstance(of, ir.ArrayType) or _scalar_size(ctx, of) != _scalar_size(ctx, pointee):
        return None
    extra = _rank(of) - _rank(pointee)
    if extra == 0:
        return ONE
    if extra == 1:
        return flat_size(ctx, _outer_only(of))
    return None


def _outer_only(t: ir.ArrayType):
    """The array type of `t`'s outer bound alone (its element made a scalar): flat_size of it is that bound."""
    scalar = t.element
    while isinstance(scalar, ir.ArrayType):
        scalar = scalar.element
    return dataclasses.replace(t, element=scalar)


def _rank(t) -> int:
    n = 0
    while isinstance(t, ir.ArrayType):
        n, t = n + 1, t.element
    return n


def _scalar_size(ctx, t) -> Optional[int]:
    while isinstance(t, ir.ArrayType):
        t = t.element
    return size_of(ctx, t)


def _flat(n: CsExpr, row: CsExpr) -> str:
    """n rows of `row` elements each (a pointer to rows, `double (*m)[N]`, holds a flattened 2-D array)."""
    return scaled_by(n, row).code


def convert_allocation(ctx, call: ir.Call, pointee, loc: ir.Loc) -> CsExpr:
    """pointee: the C type allocated, or the name of a type parameter (generic_buffers.py), whose size only the
    runtime knows: `CMem.Alloc<T>(bytes)`."""
    name = _callee(call)
    if isinstance(pointee, str):
        elem, elem_size, row = pointee, None, CsExpr("1", "int", PRIMARY, 1)
    else:
        elem = element_cs(pointee, loc)
        elem_size = size_of(ctx, pointee)
        row = flat_size(ctx, pointee)
    ptr = array_of(elem)
    if name == "realloc" and is_null_pointer(call.args[0]):
        name = "malloc"  # realloc(NULL, n) is malloc(n) (C11 7.22.3.5): CMem.Realloc(null, ...) names no type (CS0411)
    if not isinstance(pointee, str) and flexible_member(ctx, pointee) is not None:
        return _flexible_allocation(ctx, call, name, elem, loc)
    if name != "calloc" and name in load_rules().names("allocates", ("new",)):
        # malloc(n), aligned_alloc(a, n), memalign(a, n), valloc(n), alloca(n) (an array the GC frees): n bytes
        size = call.args[-1]
        n = _count(ctx, size, elem_size, None if isinstance(pointee, str) else pointee)
        if n is not None:
            return CsExpr(f"new {elem}[{_flat(n, row)}]", ptr, PRIMARY)
        return CsExpr(f"CMem.Alloc<{elem}>({convert_expr(ctx, size).code})", ptr, PRIMARY)
    if name == "calloc":
        count, size = call.args
        s = unwrap(size)
        per = _sizeof_count(ctx, s, elem_size, None if isinstance(pointee, str) else pointee) \
            if isinstance(s, ir.SizeOf) else None
        if per is not None:
            n = as_count(convert_expr(ctx, unwrap(count)))
            return CsExpr(f"new {elem}[{_flat(n if per == ONE else scaled_by(n, per), row)}]", ptr, PRIMARY)
        n = convert_expr(ctx, count)
        return CsExpr(f"CMem.Alloc<{elem}>({paren(n, MUL)} * {paren(convert_expr(ctx, size), MUL + 1)})",
                      ptr, PRIMARY)
    if name == "realloc":
        old = refuse_handle_memory(convert_expr(ctx, call.args[0]), call.args[0].loc, "realloc")
        return CsExpr(f"CMem.Realloc({old.code}, {convert_expr(ctx, call.args[1]).code})",
                      ptr_of(elem), PRIMARY)
    raise TranslationError(loc, f"cannot translate this use of {name}", "allocation")


def _flexible_allocation(ctx, call: ir.Call, name: str, elem: str, loc: ir.Loc) -> CsExpr:
    """A struct with a flexible array member (`malloc(sizeof *m + n * sizeof(double))`): one zeroed block of the
    bytes asked for, the struct read in place at its start and the elements after it (runtime Flexible)."""
    if name == "realloc":
        old = convert_expr(ctx, call.args[0])
        return CsExpr(f"Flexible.Realloc({old.code}, {convert_expr(ctx, call.args[1]).code})", ptr_of(elem), PRIMARY)
    if name == "calloc":
        count, size = (convert_expr(ctx, a) for a in call.args)
        bytes_ = f"{paren(count, MUL)} * {paren(size, MUL + 1)}"
    elif name in load_rules().names("allocates", ("new",)):
        bytes_ = convert_expr(ctx, call.args[-1]).code
    else:
        raise TranslationError(loc, f"cannot translate this use of {name}", "allocation")
    return CsExpr(f"Flexible.Alloc<{elem}>({bytes_})", ptr_of(elem), PRIMARY)


@registry.operation("allocation_into_handle")
def allocation_into_handle(ctx, value: ir.Expr) -> Optional[CsExpr]:
    """`bufs[i] = malloc(count)` into a `void *` the port keeps as a handle (an array's element, a struct's field:
    C# `object`, cast back at each use by Handle.As): the memory as the type of the expression its size names
    (`n * sizeof *cell`; the reader keeps no type for `sizeof(double)`, only its value), else as bytes, which
    Handle.As views as whatever numbers the program reads it as (ATPESC basic_openmp_fixed's `void
    *bufs[NUM_THREADS]`, each `malloc(count)` sent as MPI_BYTE and read as `int *`); a struct holding pointers read
    from bytes stops the port there, naming the cast (Handle.As).
    None for no allocation, realloc (the old memory's type), or a size of pointers (a table the bytes cannot be)."""
    inner = unwrap(value)
    while isinstance(inner, ir.Cast) and isinstance(inner.type, ir.PointerType) and \
            isinstance(inner.type.pointee, ir.VoidType):
        inner = unwrap(inner.operand)
    if not is_allocation(inner) or _callee(inner) == "realloc" or not inner.args:
        return None
    named = _sized_type(inner.args[-1])
    if isinstance(named, ir.PointerType):
        return None
    pointee = named if isinstance(named, (ir.IntType, ir.FloatType, ir.RecordType)) else ir.IntType("unsigned char")
    return convert_allocation(ctx, inner, pointee, value.loc)


def _sized_type(size: ir.Expr):
    """The type of x in a byte count `sizeof x`, `n * sizeof x` or `sizeof x * n`, or None."""
    e = unwrap(size)
    factors = [unwrap(e.lhs), unwrap(e.rhs)] if isinstance(e, ir.Binary) and e.op == "*" else [e]
    for f in factors:
        if isinstance(f, ir.SizeOf) and f.of_expr is not None:
            return f.of_expr.type
    return None


@registry.operation("allocation_into_void_slot")
def allocation_into_void_slot(ctx, value: ir.Expr, key) -> Optional[CsExpr]:
    """`void *buf = malloc(n)` (or `buf = calloc(...)`): allocated as the type(s) the code reads buf as
    (pointers.py: one type, or bytes for several); None when value is no allocation or buf has no type."""
    inner = unwrap(value)
    if ctx.plan is None:
        return None
    generic = ctx.plan.generic_buffers.get(key)  # a generic result's local or the result itself: its type parameter
    while isinstance(inner, ir.Cast) and isinstance(inner.type, ir.PointerType) and \
            (isinstance(inner.type.pointee, ir.VoidType) or generic):
        # `(void *)malloc(n)`; `*sbuf = (char *)align_buffer(...)` into a `char **` out-parameter generic in the
        # caller's element type (generic_buffers.py): the memory as that type
        inner = unwrap(inner.operand)
    pointee = generic or ctx.plan.void_type(key)
    if pointee is None:
        return None
    if isinstance(inner, ir.Call) and isinstance(unwrap(inner.callee), ir.NameRef) and \
            unwrap(inner.callee).name in ctx.plan.result_type_parameters:
        # `void *p = xmalloc(n)`: the generic allocator gives the slot's own element type
        return convert_call(ctx, inner, pointee if generic else element_cs(pointee, value.loc))
    if isinstance(inner.type, ir.IntType):
        # `return (void *)n` in a generic result, `void *p = (void *)n`: the slot's type at the address n holds
        # (one cMPI.AddressOf or MPI_Get_address gave; the runtime finds its array)
        want = pointee if generic else element_cs(pointee, value.loc)
        return CsExpr(f"cMPI.PointerAt<{want}>({coerce(convert_expr(ctx, inner), 'long').code})", ptr_of(want), PRIMARY)
    if not is_allocation(inner):
        return None
    return convert_allocation(ctx, inner, pointee, value.loc)

