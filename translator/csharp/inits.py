"""Initializers: `{1, 2}`, `{.x = 1}`, `[3] = 7`, `"text"` for char arrays, nested braces.

Arrays of arrays are one flat C# array (row-major, as C lays them out), so a
nested initializer is flattened. What C leaves out is zero: short arrays are
padded, long zero tails use `CArray.Padded(length, items)`.
"""
from __future__ import annotations

from typing import List

from .. import ir
from ..diagnostics import TranslationError
from .exprs import PRIMARY, CsExpr, convert_value, string_literal, strip_implicit
from . import registry
from .cstypes import array_of
from .types import cs_type, default_value, element_cs, flat_length, inline_array_type

# Beyond this many padding zeros, an initializer says CArray.Padded(n, ...) instead of listing them.
MAX_LISTED_PADDING = 16


def _scalar_of(t: ir.CType) -> ir.CType:
    while isinstance(t, ir.ArrayType):
        t = t.element
    return t


def _braced_string(init: ir.Expr, t: ir.CType) -> ir.Expr:
    """`{"xyz"}` for a char array is its string literal (C11 6.7.9p14: the literal "optionally enclosed in braces");
    once `new sbyte[] { "xyz", 0, ... }`, CS0029. Anything else as it is."""
    init = strip_implicit(init)
    if isinstance(t, ir.ArrayType) and isinstance(init, ir.CompoundLiteral) and isinstance(init.init, ir.InitList):
        return init.init  # a wide string literal (`wchar_t ws[] = L"abc"`: the reader's array of its code units)
    if isinstance(t, ir.ArrayType) and not isinstance(t.element, ir.ArrayType) and isinstance(init, ir.InitList) \
            and len(init.items) == 1 and not any(d is not None for d in init.designators) and \
            isinstance(strip_implicit(init.items[0]), ir.StringLit) and isinstance(_scalar_of(t), ir.IntType):
        return strip_implicit(init.items[0])
    return init


def flatten(ctx, init: ir.Expr, t: ir.CType, out: List[str], base: int) -> None:
    """Write the flat element codes of `init` (for an object of type `t`) into out[base:]."""
    init = _braced_string(init, t)
    if isinstance(t, ir.ArrayType):
        step = flat_length(t.element) if isinstance(t.element, ir.ArrayType) else 1
        if isinstance(init, ir.StringLit) and isinstance(_scalar_of(t), ir.IntType):
            for i, b in enumerate(init.value + b"\0"):
                if t.size is None or i < t.size:
                    out[base + i] = str(b - 256 if b > 127 and _scalar_of(t).name in ("char", "signed char") else b)
            return
        if not isinstance(init, ir.InitList):
            raise TranslationError(init.loc, "this array initializer is not supported yet", "unsupported-construct")
        if t.size is None:
            # a flexible array member given elements (GNU: `static struct fl g = {2, {1.0, 2.0}}`): past the struct's
            # end, where the port has no room (an IndexError, an internal error; fuzz round 9)
            raise TranslationError(init.loc, "an initializer of a flexible array member (an array of no length ending "
                                   "a struct) is not supported", "unsupported-construct")
        pos = 0
        items = list(init.items)
        designators = list(init.designators) or [None] * len(items)
        # `{1, 2, 3, 4}` for `int a[2][2]` (braces elided): the items fill the flat array in order.
        elided = isinstance(t.element, ir.ArrayType) and items and not isinstance(strip_implicit(items[0]),
                                                                                  (ir.InitList, ir.StringLit))
        if elided:
            for i, item in enumerate(items[:max(len(out) - base, 0)]):  # beyond the object: excess, dropped
                out[base + i] = convert_value(ctx, item, _scalar_of(t)).code
            return
        for item, d in zip(items, designators):
            if isinstance(d, int):
                pos = d
            if t.size is not None and pos >= t.size:
                break  # `int a[0] = {1}`: C drops the excess elements (with a warning; fuzz seed 1 input 5546)
            flatten(ctx, item, t.element, out, base + pos * step)
            pos += 1
        return
    out[base] = convert_initializer(ctx, init, t).code


_CS_ARRAY_MAX_LENGTH = 2147483591  # .NET's Array.MaxLength


def convert_array_initializer(ctx, init: ir.Expr, t: ir.ArrayType, length_code: str) -> CsExpr:
    n = flat_length(t)
    ecs = element_cs(t)
    if n is None:
        raise TranslationError(init.loc, "an array initializer without a known size", "unsupported-construct")
    if n > _CS_ARRAY_MAX_LENGTH:
        # `static const char *names[4294967295] = {...}` (fuzz seed 6 input 4400: a MemoryError, an internal error)
        raise TranslationError(init.loc, f"an initialized array of {n} elements: more than a C# array holds "
                               f"({_CS_ARRAY_MAX_LENGTH})", "unsupported-construct")
    zero = default_value(ecs)
    out = [zero] * n
    flatten(ctx, init, t, out, 0)
    init = _braced_string(init, t)
    if ecs == "sbyte" and isinstance(init, ir.StringLit) and len(init.value) + 1 <= n:
        # (`char s[3] = "abc"` leaves the NUL out, C11 6.7.9p14: its bytes are listed below, as flatten cut them)
        s = init
        text = string_literal(s.value)
        if len(s.value) + 1 == n:
            return CsExpr(f"CStrings.FromString({text})", array_of(ecs), PRIMARY)
        return CsExpr(f"CArray.Padded({length_code}, CStrings.FromString({text}))", array_of(ecs), PRIMARY)
    last = max((i for i, c in enumerate(out) if c != zero), default=-1)
    if last < 0:
        return CsExpr(f"new {ecs}[{length_code}]", array_of(ecs), PRIMARY)
    if n - 1 - last > MAX_LISTED_PADDING:
        return CsExpr(f"CArray.Padded({length_code}, new {ecs}[] {{ {', '.join(out[:last + 1])} }})",
                      array_of(ecs), PRIMARY)
    return CsExpr(f"new {ecs}[] {{ {', '.join(out)} }}", array_of(ecs), PRIMARY)


def convert_initializer(ctx, init: ir.Expr, t: ir.CType) -> CsExpr:
    """The value of a scalar or struct initializer."""
    inner = strip_implicit(init)
    if isinstance(t, ir.RecordType) and isinstance(inner, ir.InitList):
        return convert_record_initializer(ctx, inner, t)
    if isinstance(inner, ir.InitList) and not isinstance(t, ir.ArrayType):
        if not inner.items:
            return CsExpr(default_value(cs_type(t, init.loc)), cs_type(t, init.loc))
        return convert_initializer(ctx, inner.items[0], t)  # `int x = {5};`
    if isinstance(t, ir.PointerType) and isinstance(t.pointee, ir.VoidType):
        # `void *b[2] = { malloc(4), malloc(8) };`, `struct slot s = { 5, malloc(n) };`: the memory of a `void *`
        # element or field as its assignment gets it (memory.allocation_into_handle; "no element type" before)
        allocation = registry.delegate("allocation_into_handle")(ctx, init)
        if allocation is not None:
            return allocation
    return convert_value(ctx, init, t)


def convert_record_initializer(ctx, init: ir.InitList, t: ir.RecordType) -> CsExpr:
    rec = next(r for r in ctx.tu.records + ctx.tu.library_records if r.name == t.name)
    # field -> its code: a field designated again takes the later initializer (C11 6.7.9p19: `{.y = 2, .x = 1,
    # .y = 3}`), where C# refuses a member initialized twice (CS1912; fuzz kind round9)
    parts = {}
    pos = 0
    designators = list(init.designators) or [None] * len(init.items)
    for item, d in zip(init.items, designators):
        if rec.is_union and parts and not isinstance(d, str):
            break  # a union's one member; the designated fields of its anonymous struct member (reader) all count
        if isinstance(d, str):
            pos = next(i for i, f in enumerate(rec.fields) if f.name == d)
        if pos >= len(rec.fields):
            break
        f = rec.fields[pos]
        if isinstance(f.type, ir.ArrayType):
            values = [default_value(element_cs(f.type))] * (flat_length(f.type) or 0)
            flatten(ctx, item, f.type, values, 0)
            code = f"{inline_array_type(f.type)}.Of({', '.join(values)})"
        else:
            code = convert_initializer(ctx, item, f.type).code
        parts[f.name] = f"{ctx.name(f.name)} = {code}"
        pos += 1
    body = f" {{ {', '.join(parts.values())} }}" if parts else "()"
    return CsExpr(f"new {t.name}{body}", t.name, PRIMARY)


@registry.expression(ir.InitList)
def convert_init_list(ctx, e: ir.InitList) -> CsExpr:
    if isinstance(e.type, ir.ArrayType):
        return convert_array_initializer(ctx, e, e.type, str(flat_length(e.type)))
    return convert_initializer(ctx, e, e.type)


@registry.expression(ir.CompoundLiteral)
def convert_compound_literal(ctx, e: ir.CompoundLiteral) -> CsExpr:
    return convert_init_list(ctx, e.init) if isinstance(e.init, ir.InitList) else convert_value(ctx, e.init, e.type)
