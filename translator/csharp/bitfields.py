"""C bit-fields. A bit-field is a C# property over a private backing field of its declared type: the setter
keeps the low `width` bits (sign-extended when signed), so every store truncates as C's does, and reads need
nothing, since clang already wraps them in C's promotions (an `unsigned f : 7` reads as an int).

C's value of an assignment to a bit-field is the field's new value, while C#'s `s.f = v` is v: where the value
of such an assignment (or of ++/--/op=) is used, it goes through the same truncation as the setter.

A struct whose every field has the same size in C# as in C (numbers, arrays and structs of them: no pointers)
is laid out as C lays it out (packed_layout): explicit offsets from clang, and each bit-field a property over the
storage unit gcc puts it in (an integer of its declared type, at an offset aligned to that type), so a union that
overlays it on an `unsigned`, a memcpy or fwrite of it, and an MPI_BYTE message of it see C's bits. A struct that
holds a pointer has no C layout in C# anyway: there each bit-field has a backing field of its own. A bit-field
that is itself a member of a union is exact: every union member starts at bit 0 on x86-64, so it is the low bits
of the shared storage.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Optional

from .. import ir
from .types import align_of, cs_type
from ..passes.queries import unwrap

_SIGNED = {"sbyte": "int", "short": "int", "int": "int", "long": "long"}
_UNSIGNED = {"byte": "uint", "ushort": "uint", "uint": "uint", "ulong": "ulong"}
_UNIT_TYPES = {1: "byte", 2: "ushort", 4: "uint", 8: "ulong"}
_BITS = {"sbyte": 8, "byte": 8, "short": 16, "ushort": 16, "int": 32, "uint": 32, "long": 64, "ulong": 64}


def needs_property(cs: str, f: ir.Field) -> bool:
    """Whether a field must truncate its stores: a bit-field narrower than its type."""
    return f.bits is not None and cs in _BITS and f.bits < _BITS[cs]


def in_unit(cs: str, f: ir.Field) -> bool:
    """Whether a field of a C-laid-out struct lives in a storage unit beside other bit-fields: a bit-field narrower
    than its type, or a `_Bool` bit-field (C# has no bool of one bit: a whole `bool` at its byte would read the
    next bit-fields' bits as true)."""
    return needs_property(cs, f) or f.bits is not None and cs == "bool"


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
    if f is None or ctx.expr.discarded is whole:
        return code
    return truncated(cs_type(f.type, f.loc), code, f.bits)


@dataclass(frozen=True)
class PackedField:
    """Where a bit-field lives in a struct laid out as C's: `shift` bits into the unit at byte `unit_offset`."""
    unit_offset: int
    unit_type: str  # byte, ushort, uint or ulong: the declared type's size, unsigned
    shift: int

    @property
    def unit_name(self) -> str:
        return f"unit_{self.unit_offset}_{self.unit_type}"


def packed_layout(ctx, rec: ir.RecordDecl) -> Optional[Dict[str, PackedField]]:
    """The bit-fields of a struct C# can lay out exactly as C does, each in its storage unit; None for a union,
    a struct without bit-fields narrower than their type, or one C# cannot give C's layout (a field whose C#
    size differs from C's, an offset clang did not give, a bit-field crossing its unit as `packed` allows)."""
    if rec.is_union or not any(in_unit(cs_type(f.type, f.loc), f) for f in rec.fields if f.bits):
        return None
    packed = {}
    for f in rec.fields:
        if f.bit_offset is None:
            return None
        if f.bits is None or not in_unit(cs_type(f.type, f.loc), f):
            align = align_of(ctx, f.type)
            if f.bit_offset % (8 * align) or align > rec.align or not c_layout_exact(ctx, f.type):
                return None  # `#pragma pack` moved it off its alignment: C# would align the struct otherwise
            continue
        size = _BITS.get(cs_type(f.type, f.loc), 8) // 8  # (a _Bool: one byte)
        unit_offset = f.bit_offset // 8 // size * size
        shift = f.bit_offset - 8 * unit_offset
        if shift + f.bits > 8 * size or unit_offset + size > rec.size or size > rec.align:
            return None
        packed[f.name] = PackedField(unit_offset, _UNIT_TYPES[size], shift)
    return packed


def squeezed_layout(ctx, rec: ir.RecordDecl) -> bool:
    """Whether `#pragma pack` or `__attribute__((packed))` moved a struct's fields off their alignment (csmith's
    `#pragma pack(1) struct S0 {int16_t f0; int8_t f1; int32_t f2;}`: f2 at byte 3, 7 bytes in all) or shrank its
    alignment, and C# can give it C's offsets: every field laid out byte for byte as C lays it, no bit-field
    in a property of its own (a union overlaying it, memcpy, MPI_BYTE then see C's bytes)."""
    if rec.is_union or not rec.fields or any(f.bit_offset is None or f.bits for f in rec.fields):
        return False
    if not all(c_layout_exact(ctx, f.type) for f in rec.fields):
        return False
    natural = max(align_of(ctx, f.type) for f in rec.fields)
    # a packed struct member has C's alignment 1 but C#'s of its widest number (csmith tier 4 seed 1300166:
    # `#pragma pack(1) struct S2 {int8_t f0; struct S1 f1;}` over a packed S1 of one uint64_t, f1 at byte 1 in C,
    # at 8 in a sequential C# struct of 16 bytes, which overlapped the next field of a struct holding it)
    return rec.align < natural or any(f.bit_offset % (8 * align_of(ctx, f.type)) for f in rec.fields) \
        or any(f.bit_offset % (8 * _csharp_align(ctx, f.type)) for f in rec.fields) \
        or any(holds_long_double(ctx, f.type) for f in rec.fields)


def holds_long_double(ctx, t: ir.CType, depth: int = 0) -> bool:
    """Whether t holds a long double: C aligns it to 16 bytes, .NET the runtime's CLongDouble (two integers) to 8, so a
    sequential C# struct would place it and what follows it elsewhere than C (`struct {char c; long double v;}`: v at
    16 in C), and its size too: such structs get C's offsets and size explicitly (MPI struct datatypes, memcpy, a
    union overlaying it then see C's bytes)."""
    if isinstance(t, ir.FloatType):
        return t.name == "long double"
    if isinstance(t, ir.ArrayType):
        return holds_long_double(ctx, t.element, depth)
    if isinstance(t, ir.RecordType) and depth < 16:
        rec = next((r for r in ctx.tu.records if r.name == t.name), None)
        return rec is not None and any(holds_long_double(ctx, f.type, depth + 1) for f in rec.fields)
    return False


def _csharp_align(ctx, t: ir.CType, depth: int = 0) -> int:
    """The alignment .NET gives t's C# form in a sequential struct: its widest number's (C's packing is not C#'s)."""
    if isinstance(t, ir.ArrayType):
        return _csharp_align(ctx, t.element, depth)
    if isinstance(t, ir.RecordType) and depth < 16:
        rec = next((r for r in ctx.tu.records if r.name == t.name), None)
        if rec is not None and rec.fields:
            return max(_csharp_align(ctx, f.type, depth + 1) for f in rec.fields)
    if isinstance(t, ir.FloatType) and t.name == "long double":
        return 8  # CLongDouble: a ulong and a ushort
    return align_of(ctx, t)


def c_layout_exact(ctx, t: ir.CType) -> bool:
    """Whether C# lays t out byte for byte as C does: numbers, fixed arrays of them, and records of such
    fields (a struct with bit-fields only when packed_layout places them)."""
    if isinstance(t, (ir.IntType, ir.FloatType, ir.ComplexType)):
        return True
    if isinstance(t, ir.ArrayType):
        return t.size is not None and c_layout_exact(ctx, t.element)
    if isinstance(t, ir.RecordType):
        rec = next((r for r in ctx.tu.records if r.name == t.name), None)
        if rec is None:
            return False
        if any(f.bits and in_unit(cs_type(f.type, f.loc), f) for f in rec.fields):
            return packed_layout(ctx, rec) is not None
        return all(c_layout_exact(ctx, f.type) for f in rec.fields)
    return False


def packed_property_lines(name: str, cs: str, width: int, where: PackedField) -> List[str]:
    """The property of a bit-field in a C-laid-out struct: it reads and replaces its bits of the unit."""
    read = "ReadSigned" if cs in _SIGNED else "Read"
    unit = where.unit_name
    if cs == "bool":
        return [f"public bool {name} {{ readonly get => BitField.Read({unit}, {where.shift}, {width}) != 0; "
                f"set => {unit} = ({where.unit_type})BitField.Write({unit}, value ? 1UL : 0UL, {where.shift}, "
                f"{width}); }}"]
    return [f"public {cs} {name} {{ readonly get => ({cs})BitField.{read}({unit}, {where.shift}, {width}); "
            f"set => {unit} = ({where.unit_type})BitField.Write({unit}, (ulong)value, {where.shift}, {width}); }}"]
