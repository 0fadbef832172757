"""C types -> C# types, and which C# numeric conversions are implicit."""
from __future__ import annotations

from .. import ir
from ..diagnostics import TranslationError

INT_TYPES = {
    "char": "sbyte", "signed char": "sbyte", "unsigned char": "byte",
    "short": "short", "unsigned short": "ushort",
    "int": "int", "unsigned int": "uint",
    "long": "long", "unsigned long": "ulong",          # LP64, as on Linux x86-64
    "long long": "long", "unsigned long long": "ulong",
    "_Bool": "bool",
}
FLOAT_TYPES = {"float": "float", "double": "double", "long double": "double"}
OPAQUE_TYPES = {
    "MPI_Comm": "Comm", "MPI_Datatype": "Datatype", "MPI_Op": "Op", "MPI_Request": "Request",
    "MPI_Status": "Status", "MPI_Group": "Group", "FILE": "FILE",
}

INTEGRAL = {"sbyte", "byte", "short", "ushort", "int", "uint", "long", "ulong", "char"}
NUMERIC = INTEGRAL | {"float", "double"}
SIGNED = {"sbyte", "short", "int", "long"}
BITS = {"sbyte": 8, "byte": 8, "short": 16, "ushort": 16, "char": 16, "int": 32, "uint": 32, "long": 64, "ulong": 64}

# C# 6.2.3: the implicit numeric conversions.
_IMPLICIT = {
    "sbyte": {"short", "int", "long", "float", "double"},
    "byte": {"short", "ushort", "int", "uint", "long", "ulong", "float", "double"},
    "short": {"int", "long", "float", "double"},
    "ushort": {"int", "uint", "long", "ulong", "float", "double"},
    "int": {"long", "float", "double"},
    "uint": {"long", "ulong", "float", "double"},
    "long": {"float", "double"},
    "ulong": {"float", "double"},
    "char": {"ushort", "int", "uint", "long", "ulong", "float", "double"},
    "float": {"double"},
}


def is_implicit(src: str, dst: str) -> bool:
    return src == dst or dst in _IMPLICIT.get(src, ())


def fits(value: int, cs: str) -> bool:
    if cs not in BITS or cs == "char":
        return False
    bits = BITS[cs]
    if cs in SIGNED:
        return -(1 << (bits - 1)) <= value < (1 << (bits - 1))
    return 0 <= value < (1 << bits)


def cs_type(t: ir.CType, loc: ir.Loc | None = None) -> str:
    if isinstance(t, ir.IntType):
        return INT_TYPES[t.name]
    if isinstance(t, ir.FloatType):
        return FLOAT_TYPES[t.name]
    if isinstance(t, ir.VoidType):
        return "void"
    if isinstance(t, ir.OpaqueType):
        if t.name in OPAQUE_TYPES:
            return OPAQUE_TYPES[t.name]
        raise TranslationError(loc, f"the library type {t.name} has no CloudMpi equivalent yet", "unsupported-construct")
    if isinstance(t, ir.ArrayType):
        return cs_type(t.element, loc) + "[]"
    if isinstance(t, ir.PointerType):
        p = t.pointee
        if isinstance(p, ir.IntType) and p.name == "char" and t.const_pointee:
            return "string"
        if isinstance(p, ir.PointerType) and isinstance(p.pointee, ir.IntType) and p.pointee.name == "char":
            return "string[]"  # char **argv
        if isinstance(p, (ir.IntType, ir.FloatType, ir.OpaqueType)):
            # A pointer that only ever points at the start of a buffer is an array.
            return cs_type(p, loc) + "[]"
        if isinstance(p, ir.PointerType) and isinstance(p.pointee, (ir.IntType, ir.FloatType)):
            return cs_type(p.pointee, loc) + "[][]"
        raise TranslationError(loc, f"pointers of this kind are not supported yet", "unsupported-construct")
    if isinstance(t, ir.FunctionType):
        raise TranslationError(loc, "function pointers are not supported yet", "unsupported-construct")
    raise TranslationError(loc, f"type {t} is not supported yet", "unsupported-construct")


def default_value(cs: str) -> str:
    if cs in NUMERIC:
        return "0"
    if cs == "bool":
        return "false"
    if cs == "Status":
        return "default"
    return "null"
