"""Whole-struct copies from a struct whose fields the block has just written, copied field by field.

    u0[n].real = u0[n].real * twiddle[n];
    u0[n].imag = u0[n].imag * twiddle[n];
    u1[n] = u0[n];

The JIT copies a 16-byte struct with one 16-byte load. Right after the two 8-byte stores to its fields
that load cannot take its data from the store buffer (x86 forwards a store only to a load the store
covers), so it waits until both stores reach the cache: NPB FT's `evolve` ran at twice gcc's time for
it. Copied field by field, each load reads one store. The copy means the same in C either way (a struct
of scalar fields, both sides free of side effects), so the rule is only about which copies to split:
those whose source had a field assigned earlier in the same block.
"""
from __future__ import annotations

from typing import List, Optional, Set

from .. import ir
from .queries import unwrap

# Copies of larger structs stay one statement: a field-by-field copy of many fields reads worse, and
# such structs are rarely updated field by field right before a copy.
_MOST_FIELDS = 4


def split_copies_after_field_writes(ctx, items):
    """`items` with each qualifying struct copy replaced by one assignment per field."""
    written: Set[tuple] = set()
    out = []
    for st in items:
        target = _field_write_base(st)
        if target is not None:
            written.add(_shape(target))
        copy = _struct_copy(st)
        if copy is not None and _shape(copy.value) in written:
            fields = _scalar_fields(ctx, copy.type)
            if fields is not None and _simple(copy.target) and _simple(copy.value):
                out.extend(_field_by_field(st, copy, fields))
                continue
        out.append(st)
    return out


def _field_write_base(st: ir.Stmt) -> Optional[ir.Expr]:
    """The struct whose field `st` assigns (`s.f = ...`, `a[i].f += ...`), if it is such a statement."""
    e = _assignment(st)
    if e is None:
        return None
    target = unwrap(e.target)
    if isinstance(target, ir.Member) and not target.arrow:
        return unwrap(target.base)
    return None


def _struct_copy(st: ir.Stmt) -> Optional[ir.Assign]:
    e = _assignment(st)
    if e is None or e.op != "=" or not isinstance(e.type, ir.RecordType) or e.type.is_union:
        return None
    return e


def _assignment(st: ir.Stmt) -> Optional[ir.Assign]:
    if not isinstance(st, ir.ExprStmt):
        return None
    e = unwrap(st.expr)
    return e if isinstance(e, ir.Assign) else None


def _scalar_fields(ctx, t: ir.RecordType) -> Optional[List[ir.Field]]:
    rec = next((r for r in ctx.tu.records if r.name == t.name), None)
    if rec is None or not rec.fields or len(rec.fields) > _MOST_FIELDS:
        return None
    if any(f.bits is not None or not isinstance(f.type, (ir.IntType, ir.FloatType)) for f in rec.fields):
        return None
    return list(rec.fields)


def _field_by_field(st: ir.ExprStmt, copy: ir.Assign, fields: List[ir.Field]) -> List[ir.ExprStmt]:
    out = []
    for f in fields:
        target = ir.Member(copy.target.loc, f.type, copy.target, f.name, False)
        value = ir.Member(copy.value.loc, f.type, copy.value, f.name, False)
        out.append(ir.ExprStmt(st.loc, ir.Assign(copy.loc, f.type, "=", target, value)))
    return out


def _simple(e: ir.Expr) -> bool:
    """An lvalue that reads the same each time and changes nothing: names, indexes by such, fields."""
    e = unwrap(e)
    if isinstance(e, ir.NameRef):
        return e.kind in ("local", "param", "global")
    if isinstance(e, ir.Member):
        return not e.arrow and _simple(e.base)
    if isinstance(e, ir.Index):
        return _simple(e.base) and _simple_index(e.index)
    return False


def _simple_index(e: ir.Expr) -> bool:
    e = unwrap(e)
    if isinstance(e, (ir.IntLit, ir.CharLit)):
        return True
    if isinstance(e, ir.MacroRef):
        return _simple_index(e.expansion)
    if isinstance(e, ir.NameRef):
        return e.kind in ("local", "param", "global", "enum_const")
    if isinstance(e, ir.Binary) and e.op in ("+", "-", "*"):
        return _simple_index(e.lhs) and _simple_index(e.rhs)
    return False


def _shape(e: ir.Expr) -> tuple:
    """`e` without source locations, so two writings of the same lvalue compare equal."""
    e = unwrap(e)
    parts = [type(e).__name__]
    for name, value in vars(e).items():
        if name == "loc":
            continue
        parts.append(_shape(value) if isinstance(value, ir.Expr) else value)
    return tuple(parts)
