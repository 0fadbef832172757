"""C bit-fields. A bit-field is a C# property over a private backing field of its declared type: the setter
keeps the low `width` bits (sign-extended when signed), so every store truncates as C's does, and reads need
nothing, since clang already wraps them in C's promotions (an `unsigned f : 7` reads as an int).

C's value of an assignment to a bit-field is the field's new value, while C#'s `s.f = v` is v: where the value
of such an assignment (or of ++/--/op=) is used, it goes through the same truncation as the setter.

The layout of a struct is not C's: each bit-field has storage of its own, so a union that overlays a struct
with bit-fields on another member does not see the packed bits (README). A bit-field that is itself a member
of a union is exact: every union member starts at bit 0 on x86-64, so it is the low bits of the shared storage.
"""
from __future__ import annotations

from typing import List, Optional

from .. import ir
from .types import cs_type

_SIGNED = {"sbyte": "int", "short": "int", "int": "int", "long": "long"}
_UNSIGNED = {"byte": "uint", "ushort": "uint", "uint": "uint", "ulong": "ulong"}
_BITS = {"sbyte": 8, "byte": 8, "short": 16, "ushort": 16, "int": 32, "uint": 32, "long": 64, "ulong": 64}


def needs_property(cs: str, f: ir.Field) -> bool:
    """Whether a field must truncate its stores: a bit-field narrower than its type."""
    return f.bits is not None and cs in _BITS and f.bits < _BITS[cs]


def truncated(cs: str, code: str, width: int) -> str:
    """`code` (of C# type cs) cut to a bit-field of `width` bits, still of type cs."""
    if cs in _SIGNED:
        call = f"BitField.Signed({code}, {width})"
        return call if _SIGNED[cs] == cs else f"({cs}){call}"
    call = f"BitField.Unsigned({code}, {width})"
    return call if _UNSIGNED[cs] == cs else f"({cs}){call}"


def property_lines(name: str, cs: str, width: int, in_union: bool, offset_attr: str) -> List[str]:
    """The backing field and the truncating property of one bit-field. In a union the backing field is shared
    with the other members: the getter reads its low bits and the setter replaces only those."""
    backing = f"{name}_bits"
    if in_union:
        wide = (_SIGNED.get(cs) or _UNSIGNED[cs])
        merged = f"BitField.Insert({backing}, value, {width})" if wide == cs else \
            f"({cs})BitField.Insert(({wide}){backing}, value, {width})"
        accessors = f"readonly get => {truncated(cs, backing, width)}; set => {backing} = {merged};"
    else:
        accessors = f"readonly get => {backing}; set => {backing} = {truncated(cs, 'value', width)};"
    return [f"{offset_attr}private {cs} {backing};", f"public {cs} {name} {{ {accessors} }}"]


def field_of(ctx, e: ir.Expr) -> Optional[ir.Field]:
    """The bit-field a member expression designates, or None."""
    from .exprs import unwrap
    e = unwrap(e)
    if not isinstance(e, ir.Member):
        return None
    base_type = e.base.type
    if e.arrow:
        base_type = getattr(base_type, "pointee", None) or getattr(base_type, "element", None)
    if not isinstance(base_type, ir.RecordType):
        return None
    rec = next((r for r in ctx.tu.records if r.name == base_type.name), None)
    f = next((f for f in rec.fields if f.name == e.name), None) if rec is not None else None
    return f if f is not None and needs_property(cs_type(f.type, f.loc), f) else None


def stored_value(ctx, target: ir.Expr, whole: ir.Expr, code: str) -> str:
    """The C# of an assignment `whole` to `target` whose value is used: the bit-field's new value."""
    f = field_of(ctx, target)
    if f is None or ctx.discarded is whole:
        return code
    return truncated(cs_type(f.type, f.loc), code, f.bits)
