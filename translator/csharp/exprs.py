"""C expressions -> C# expressions with C's semantics.

Each conversion returns a `CsExpr`: its code, its C# type and its precedence.
`coerce` then turns a value into the C# type a context needs, inserting the
casts C does implicitly but C# does not (int -> uint, double -> int, int ->
bool in conditions, bool -> int for comparisons used as values).
"""
from __future__ import annotations

import math
import os
import re
import sys
import dataclasses
from dataclasses import dataclass
from typing import Optional

from .. import ir
from ..diagnostics import TranslationError
from .function_types import refuse_other_function_type
from .types import (BITS, HANDLE, KEYWORD_NUMERIC, LONG_DOUBLE, INTEGER_CARRIER, NUMERIC, INTEGRAL, COMPLEX_TYPES, OPAQUE_TYPES, PRIMITIVE_ELEMENTS, SIGNED,
                    complex_cs, cs_type, element_cs, fits, flat_length, inline_array_type, is_implicit,
                    managed_footprint, size_of)
from . import bitfields, long_double
from .cstypes import CsType, array_of, delegate_params, parse as cs_of, ptr_of
from .registry import BUILTINS, CALLS, EXPRESSIONS, delegate
from ..rules import load as load_rules
from ..passes.queries import function_named, is_null_pointer, is_pointer_value, is_pure, strip_implicit, unwrap  # noqa: F401

COMPLEX_CS = set(COMPLEX_TYPES.values())  # the runtime's complex structs

# C# precedence, high binds tighter (C# spec 12.4.2).
PRIMARY, UNARY, MUL, ADD, SHIFT, REL, EQ, BAND, BXOR, BOR, LAND, LOR, COND, ASSIGN = \
    16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 3, 2
BINARY_PREC = {
    "*": MUL, "/": MUL, "%": MUL, "+": ADD, "-": ADD, "<<": SHIFT, ">>": SHIFT,
    "<": REL, ">": REL, "<=": REL, ">=": REL, "==": EQ, "!=": EQ,
    "&": BAND, "^": BXOR, "|": BOR, "&&": LAND, "||": LOR,
}
COMPARISONS = {"<", ">", "<=", ">=", "==", "!="}


@dataclass(frozen=True)
class CsExpr:
    code: str
    type: str              # C# type name; "bool" for C truth values
    prec: int = PRIMARY
    const: Optional[int] = None  # the value of an integer constant, for C#'s constant conversions

    @property
    def cstype(self) -> CsType:
        """What the type is made of (cstypes.py): ask `e.cstype.is_ptr`, never its text."""
        return cs_of(self.type)


def paren(e: CsExpr, min_prec: int) -> str:
    return e.code if e.prec >= min_prec else f"({e.code})"


def negated(e: CsExpr) -> str:
    """`-x` in C#: an operand that starts with a minus is parenthesized, since `--1` and `--i` are decrements in C#
    (fuzz seed 10 input 9319: `a[- - 1]`, CS1059)."""
    operand = paren(e, UNARY)
    return f"-({operand})" if operand.startswith("-") else f"-{operand}"


_CONSTANT_CODE = re.compile(r"^(?:\s|\b(?:true|false|unchecked|u?int|u?long|u?short|s?byte)\b|"
                            r"\b(?:float|double)\.(?:PositiveInfinity|NegativeInfinity|NaN|MaxValue|MinValue)\b|"
                            r"\b0[xX][0-9a-fA-F]+[uUlL]*|\b\d+(?:\.\d*)?(?:[eE][+-]?\d+)?[uUlLfF]*|"
                            r"[()+\-*/%<>=!&|^~?:])*$")


def cast(e: CsExpr, cs: str) -> CsExpr:
    operand = paren(e, UNARY)
    if operand.startswith(("+", "-")) and cs not in KEYWORD_NUMERIC:
        # `(CComplex)-x`, `(CLongDouble)-0.0`, `(Int128)-5` read as subtractions in C# unless the type is a keyword:
        # `(CComplex)(-x)`
        operand = f"({operand})"
    code = f"({cs}){operand}"
    if cs in INTEGRAL and e.type in ("double", "float"):
        folded = _folded_floating_literal(e.code, cs)
        if folded is not None:
            return folded
    literal = _retyped_integer_literal(e, cs)
    if literal is not None:
        return literal
    if cs in INTEGRAL and _CONSTANT_CODE.match(e.code):
        # C# folds constant expressions we could not (`(ulong)~((4L < 0L) ? 1 : 0)`) and rejects
        # an overflowing conversion at compile time; C converts modulo 2^n.
        return CsExpr(f"unchecked({code})", cs, PRIMARY)
    return CsExpr(code, cs, UNARY)


_BARE_INTEGER = re.compile(r"(0[xX][0-9a-fA-F]+|\d+)[uUlL]*")
_LITERAL_SUFFIX = {"int": "", "uint": "u", "long": "L", "ulong": "UL"}


def _retyped_integer_literal(e: CsExpr, cs: str) -> Optional[CsExpr]:
    """An integer literal converted to another integer type it fits, written as a literal of that type: `8L` where a
    folded `offsetof` or `sizeof buf` (8UL) meets an MPI_Aint or an int parameter, not `unchecked((long)8UL)`. Only the
    four types C# has literals of; a literal that does not fit keeps C's modular cast."""
    suffix = _LITERAL_SUFFIX.get(cs)
    if suffix is None or e.type not in INTEGRAL:
        return None
    m = _BARE_INTEGER.fullmatch(e.code.strip())
    if m is None:
        return None
    digits = m.group(1)
    value = int(digits, 16) if digits[:2] in ("0x", "0X") else int(digits)
    if not fits(value, cs):
        return None
    return CsExpr(f"{digits}{suffix}", cs, PRIMARY, value)


_FLOATING_LITERAL = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?[fFdD]?")


def _folded_floating_literal(code: str, cs: str) -> Optional[CsExpr]:
    """A floating literal outside integer type `cs`, converted as gcc folds it: saturated at the type's bounds
    (`(long long)9.3e18` is LLONG_MAX, `(unsigned)-1.5` 0; C leaves the value undefined). C# refuses the constant
    conversion (CS0221), and under `unchecked` folds it to another value (0). None for any other code, and for a
    literal in range, whose C# cast is C's."""
    text = code.strip()
    while text.startswith("(") and text.endswith(")"):
        text = text[1:-1].strip()
    if not _FLOATING_LITERAL.fullmatch(text):
        return None
    value = math.trunc(float(text.rstrip("fFdD")))
    if fits(value, cs):
        return None
    bits = BITS[cs]
    low, high = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if cs in SIGNED else (0, (1 << bits) - 1)
    return int_literal(min(max(value, low), high), cs)


def refuse_handle_memory(value: CsExpr, loc, reader: str) -> CsExpr:
    """`value`, unless it is an opaque `void *` handle (void_handles.py), whose memory has no type to read it
    as here: a located error that says what to write instead."""
    if value.type == HANDLE:
        raise TranslationError(loc, f"a void * that holds pointers of several types (an opaque handle) is given to "
                               f"{reader}, which reads its memory: cast it to the pointer type it holds first",
                               "void-pointer")
    return value


def coerce_at(e: CsExpr, cs: str, loc) -> CsExpr:
    """coerce(e, cs), where a value of an opaque `void *` handle (a struct's `void *` field, void_handles.py) stored
    into a typed pointer (`kept = b->recv` of a `void *kept` read as doubles, a `void *` parameter that holds bytes)
    is C's implicit conversion: the pointer the handle holds, checked at run time (Handle.As, naming `loc`), or its
    bytes (Handle.Bytes, which views any numbers)."""
    if e.type == HANDLE and is_ptr_cs(cs):
        element = cs_of(cs).element.text
        where = f"{os.path.basename(loc.file)}:{loc.line}:{loc.col}" if loc is not None else "?"
        if element == "byte":
            return CsExpr(f"Handle.Bytes({e.code}, \"{where}\")", cs, PRIMARY)
        return CsExpr(f"Handle.As<{element}>({e.code}, \"{where}\")", cs, PRIMARY)
    return coerce(e, cs)


def is_ptr_cs(cs: str) -> bool:
    """A C# `Ptr<T>` (not an array of them, `Ptr<T>[]`)."""
    return cs_of(cs).is_ptr


def coerce(e: CsExpr, cs: str) -> CsExpr:
    """The value of `e` as C# type `cs`, with C's conversion semantics."""
    if e.type == cs:
        return e
    if cs == "bool":
        return as_bool(e)
    if INTEGER_CARRIER in (e.type, cs):
        return _integer_carrier(e, cs)
    if e.type == "null":
        return CsExpr("default" if is_ptr_cs(cs) else "null", cs)
    if cs in MPI_HANDLE_CS and e.const == 0 and e.type in INTEGRAL:
        return CsExpr(f"({cs})null", cs, UNARY)  # `MPI_Request rs[2] = {0}`: C's null pointer constant
    if e.type == "string" and cs == ptr_of("sbyte"):
        return CsExpr(f"CString.Lit({e.code})", cs, PRIMARY)  # a C string literal is a char array
    if e.type == "string" and cs == ptr_of("byte"):
        # `unsigned char *` (or a `void *` of bytes) at a literal, C's char array as unsigned bytes (fuzz seed 2 input
        # 4744: `const unsigned char *names[] = {"sin", ...}`, CS0029)
        return CsExpr(f"Ptr.Reinterpret<sbyte, byte>(CString.Lit({e.code}))", cs, PRIMARY)
    if e.type == "string" and cs == array_of("sbyte"):
        return CsExpr(f"CStrings.FromString({e.code})", cs, PRIMARY)
    if e.type == "string" and cs == HANDLE:
        return CsExpr(f"CString.Lit({e.code})", cs, PRIMARY)  # a handle holds the literal's char array
    if cs == HANDLE and (e.cstype.is_ptr or e.cstype.is_array):
        return CsExpr(e.code, cs, e.prec)  # any pointer into an opaque handle: boxed as it is (Handle.As reads it)
    target, source_t = cs_of(cs), e.cstype
    if source_t.is_inline_array and (target.is_ptr or target.is_array):
        raise TranslationError(None, "an array inside a struct used as a pointer can only be read "
                               "(printf, a const parameter) so far", "struct-array-pointer")
    if target.is_ptr and e.type == array_of(target.element.text):
        return CsExpr(e.code, cs, e.prec)  # T[] converts to Ptr<T> implicitly (offset 0)
    if cs == ptr_of("byte") and source_t.is_memory:
        source = source_t.element.text
        if source != "byte" and (source in PRIMITIVE_ELEMENTS or source.isidentifier()):
            # into a `void *` that holds bytes (pointers.py: read as several types, or as bytes by the
            # callee: `dump(&rec, sizeof rec)`): a view of them, a struct's as C# lays it out
            return CsExpr(f"Ptr.Reinterpret<{source}, byte>({e.code})", cs, PRIMARY)
    if cs == ptr_of("sbyte") and source_t.is_memory and source_t.element.text in PRIMITIVE_ELEMENTS and \
            source_t.element.text != "sbyte":
        # into a `void *` its function reads as `char *` (hands it on to a `char *` parameter: MyMPI's
        # print_replicated_vector(void *v) calling print_subvector(char *a), given a `double *`): C's char view of the
        # numbers' bytes, which the callee casts back (`((double *) a)[i]`)
        return CsExpr(f"Ptr.Reinterpret<{source_t.element.text}, sbyte>({e.code})", cs, PRIMARY)
    if e.type in COMPLEX_CS and cs in COMPLEX_CS:
        # written out either way: a widened float complex must meet double operators (`f * 0.1`), and a double
        # complex is rounded part by part
        return cast(e, cs)
    if e.type in COMPLEX_CS:
        # C's conversions of a complex value: a truth value when either part is nonzero, else the real part
        if cs == "bool":
            return CsExpr(f"{paren(e, PRIMARY)}.IsTrue", "bool", PRIMARY)
        part = "float" if e.type == "CComplexF" else "double"
        return coerce(CsExpr(f"{paren(e, PRIMARY)}.Re", part, PRIMARY), cs)
    if cs in COMPLEX_CS and e.type == LONG_DOUBLE:
        return coerce(coerce(e, "double"), cs)  # a long double into a complex: its double value first
    if cs == "CComplex" and e.type in NUMERIC:
        return CsExpr(e.code, cs, e.prec)  # CComplex's implicit conversion (after C#'s own to double)
    if cs == "CComplexF" and e.type in NUMERIC:
        # the real value rounded to float (C#'s implicit conversion to float only takes integers), then CComplexF's
        real = coerce(e, "float") if e.type == "double" else e
        return CsExpr(real.code, cs, real.prec)
    if target.is_array and e.type == ptr_of(target.element.text):
        if e.code == "null":
            return CsExpr("null", cs, PRIMARY)  # MPI_STATUS_IGNORE for a user's `MPI_Status *` held as an array
        # The plan keeps such slots apart; if one slips through, fail loudly when the offset is not 0.
        return CsExpr(f"{paren(e, PRIMARY)}.ArrayAtStart()", cs, PRIMARY)
    if e.type == "bool":
        if cs in NUMERIC and e.const is not None:
            return int_literal(e.const, cs if cs in INTEGRAL else "int")  # a constant truth value is 0 or 1
        if cs in NUMERIC:
            return CsExpr(f"{paren(e, COND + 1)} ? 1 : 0", "int", COND) if cs == "int" else \
                cast(CsExpr(f"({paren(e, COND + 1)} ? 1 : 0)", "int"), cs)
        return e
    if e.const is not None and cs in INTEGRAL and cs != "char" and fits(e.const, cs) and \
            (e.type == "int" or (e.type == "long" and cs == "ulong")):
        return CsExpr(e.code, cs, e.prec, e.const)  # C#'s implicit constant-expression conversion
    if e.type in NUMERIC and cs in NUMERIC:
        if is_implicit(e.type, cs):
            return CsExpr(e.code, cs, e.prec, e.const)
        if e.const is not None and cs in INTEGRAL and not fits(e.const, cs):
            if re.fullmatch(r"[~-]?[A-Za-z_][\w.]*", e.code):  # a named constant (cMPI.PROC_NULL, ~F_WRITE) keeps its name
                return CsExpr(f"unchecked(({cs}){e.code})", cs, PRIMARY, _wrapped_constant(e.const, cs).const)
            return _wrapped_constant(e.const, cs)  # C# rejects (uint)-1 at compile time
        return cast(e, cs)
    return CsExpr(e.code, cs, e.prec)


def _integer_carrier(e: CsExpr, cs: str) -> CsExpr:
    """A value into or out of a `void *` that only carries integers (passes/void_integers.py): NULL and integers go
    in, and it goes into another such slot (a library call's `void *` that takes one, a thread's argument or value,
    is libc.py's); C's `(void *)i` given to a slot that also holds pointers, or such a slot read as a pointer, is refused."""
    if cs == INTEGER_CARRIER and (e.type == "null" or (e.const == 0 and e.type in INTEGRAL)):
        return CsExpr("0", cs, PRIMARY, 0)
    if cs == INTEGER_CARRIER and e.type in INTEGRAL:
        return cast(e, cs)
    raise TranslationError(None, "an integer converted to a pointer (`(void *)n`) where the pointer is also used as "
                           "memory or holds addresses cannot be translated: a `void *` may carry an integer only if "
                           "every value it holds is one, read back by a cast to an integer type", "integer-to-pointer")


def _wrapped_constant(value: int, cs: str) -> CsExpr:
    """A constant converted with C's modular rules: C# rejects `(uint)-1` at compile time."""
    bits = BITS[cs]
    v = value & ((1 << bits) - 1)
    if cs in SIGNED and v >= 1 << (bits - 1):
        v -= 1 << bits
    return int_literal(v, cs)


_UNSIGNED_BITS = {"byte": 8, "ushort": 16, "uint": 32, "ulong": 64}


def int_literal(value: int, cs: str) -> CsExpr:
    if cs in ("Int128", "UInt128"):
        return _int128_literal(value, cs)
    if cs in _UNSIGNED_BITS:
        value %= 1 << _UNSIGNED_BITS[cs]  # a folded C constant may carry its bits as a negative number
    suffix = {"uint": "u", "long": "L", "ulong": "UL"}.get(cs, "")
    code = f"{value}{suffix}"
    if cs in ("sbyte", "byte", "short", "ushort"):
        return CsExpr(code if value >= 0 else f"{code}", cs, PRIMARY if value >= 0 else UNARY, value)
    return CsExpr(code, cs, PRIMARY if value >= 0 else UNARY, value)


def _int128_literal(value: int, cs: str) -> CsExpr:
    """A constant of GNU's __int128 / unsigned __int128 (.NET's Int128, UInt128), which C# has no literal for: a cast of
    a 64-bit literal where it fits one (typed, so that `1 << 70` shifts the wide type), else the two halves."""
    bits = value % (1 << 128)
    value = bits - (1 << 128) if cs == "Int128" and bits >= 1 << 127 else bits
    if -(1 << 63) <= value < (1 << 63):
        literal = f"{value}L" if value >= 0 else f"({value}L)"  # `(Int128)-5L` would be a subtraction (CS0075)
        return CsExpr(f"(({cs}){literal})", cs, PRIMARY, value)
    if 0 <= value < (1 << 64):
        return CsExpr(f"(({cs}){value}UL)", cs, PRIMARY, value)
    return CsExpr(f"new {cs}(0x{bits >> 64:X}UL, 0x{bits & ((1 << 64) - 1):X}UL)", cs, PRIMARY, value)


def as_bool(e: CsExpr) -> CsExpr:
    """A C scalar used as a truth value."""
    if e.type == "bool":
        return e
    if e.const is not None:
        return CsExpr("true" if e.const else "false", "bool", PRIMARY, 1 if e.const else 0)
    if e.type in NUMERIC or e.type == INTEGER_CARRIER:
        return CsExpr(f"{paren(e, REL)} != 0", "bool", EQ)
    if e.cstype.is_ptr:
        return CsExpr(f"!{paren(e, PRIMARY)}.IsNull", "bool", UNARY)
    if e.type == HANDLE:
        return CsExpr(f"!Handle.IsNull({e.code})", "bool", UNARY)  # it may hold a NULL Ptr<T>
    if e.type in COMPLEX_CS:
        return CsExpr(f"{paren(e, PRIMARY)}.IsTrue", "bool", PRIMARY)
    return CsExpr(f"{paren(e, REL)} != null", "bool", EQ)


# ---------------------------------------------------------------- literals

def convert_int_lit(ctx, e: ir.IntLit) -> CsExpr:
    cs = cs_type(e.type, e.loc)
    text = e.text.rstrip("uUlL")
    if text.lower().startswith("0x"):
        suffix = {"uint": "u", "long": "L", "ulong": "UL"}.get(cs, "")
        if cs == "int" and e.value > 0x7FFFFFFF:
            return cast(CsExpr(f"0x{e.value:X}u", "uint"), "int")
        return CsExpr(f"0x{text[2:].upper()}{suffix}", cs, PRIMARY, e.value)
    return int_literal(e.value, cs)


# The least value a float constant rounds to infinity from: FLT_MAX plus half its last place (2^127 * (2 - 2^-24)).
_FLT_OVERFLOW = 2.0 ** 127 * (2 - 2.0 ** -24)


def convert_float_lit(ctx, e: ir.FloatLit) -> CsExpr:
    if isinstance(e.type, ir.ComplexType):  # an imaginary constant (complex.h's I is 1.0iF)
        if complex_cs(e.type) == "CComplexF":
            return CsExpr(f"new CComplexF(0.0f, {e.value!r}f)", "CComplexF", PRIMARY)
        return CsExpr(f"new CComplex(0.0, {e.value!r})", "CComplex", PRIMARY)
    cs = cs_type(e.type, e.loc)
    if cs == LONG_DOUBLE:
        return CsExpr(long_double.constant_code(e.text), cs, PRIMARY)  # the decimal rounded to 80 bits, not to double
    if e.value >= _FLT_OVERFLOW if cs == "float" else e.value > sys.float_info.max:
        # `1e999`: C rounds a constant beyond the type's range to infinity (clang warns); C# refuses it (CS0594)
        return CsExpr(f"{cs}.PositiveInfinity", cs, PRIMARY)
    text = e.text.rstrip("fFlL")
    if text.lower().startswith("0x"):
        text = repr(e.value)
    if text.startswith("."):
        text = "0" + text
    if "." in text and text.split(".")[1][:1] in ("", "e", "E"):
        text = text.replace(".", ".0", 1)
    if "." not in text and "e" not in text.lower():
        text += ".0"
    return CsExpr(text + ("f" if cs == "float" else ""), cs)


_CHAR_ESCAPES = {0: "\\0", 7: "\\a", 8: "\\b", 9: "\\t", 10: "\\n", 11: "\\v", 12: "\\f", 13: "\\r",
                 ord("'"): "\\'", ord("\\"): "\\\\"}


def convert_char_lit(ctx, e: ir.CharLit) -> CsExpr:
    v = e.value
    if v < 0 or v > 0xFFFF:
        # a negative char, a multi-character constant ('RIFF') or a char32_t beyond the BMP (U'\U0001F600'): no
        # C# char holds it (CS1012)
        return int_literal(v, "int" if v < 2 ** 31 else "uint")
    if v in _CHAR_ESCAPES:
        return CsExpr(f"'{_CHAR_ESCAPES[v]}'", "char", PRIMARY, v)
    if 32 <= v < 127:
        return CsExpr(f"'{chr(v)}'", "char", PRIMARY, v)
    return CsExpr(f"'\\u{v:04x}'", "char", PRIMARY, v)


def string_literal(value: bytes) -> str:
    text = value.decode("utf-8", "surrogateescape")  # a byte that is no UTF-8 is U+DC80 + byte, as CloudMpi.Libc's
    out = []                                           # Utf8b encoding reads and writes it: the same byte
    for ch in text:
        o = ord(ch)
        if 0xDC80 <= o <= 0xDCFF:
            out.append(f"\\u{o:04x}")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif o in _CHAR_ESCAPES and ch != "'":
            out.append(_CHAR_ESCAPES[o])
        elif o < 32 or o == 127:
            out.append(f"\\u{o:04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


# ---------------------------------------------------------------- dispatch

def convert_expr(ctx, e: ir.Expr) -> CsExpr:
    fn = _DISPATCH.get(type(e))
    if fn is None:
        raise TranslationError(e.loc, f"this expression ({type(e).__name__}) is not supported yet",
                               "unsupported-construct")
    return fn(ctx, e)


def convert_value(ctx, e: ir.Expr, c_type: ir.CType) -> CsExpr:
    """Convert `e` and coerce it to the C# form of `c_type`.

    A pointer keeps its own form (T[] or Ptr<T>): only the caller knows the slot it goes to."""
    if isinstance(c_type, ir.PointerType) and is_null_pointer(e):
        # `{twice, 0}` for function pointers, `{&x, 0}` for pointers: an initializer's items reach here without
        # their implicit cast, and the 0 stayed an int (fuzz seed 2 input 1722: CS0029)
        return CsExpr("null", "null")
    if isinstance(c_type, ir.PointerType) and isinstance(c_type.pointee, ir.FunctionType):
        refuse_other_function_type(strip_implicit(e), c_type.pointee, e.loc)
    value = convert_expr(ctx, e)
    if isinstance(c_type, ir.PointerType):
        if value.type == "string" and _is_char(c_type.pointee):
            return coerce(value, "Ptr<sbyte>")
        if value.type == "string" and isinstance(c_type.pointee, ir.IntType) and c_type.pointee.name == "unsigned char":
            return coerce(value, ptr_of("byte"))
        return value
    return coerce(value, cs_type(c_type, e.loc))


def _is_char(t) -> bool:
    return isinstance(t, ir.IntType) and t.name in ("char", "signed char")


def convert_name(ctx, e: ir.NameRef) -> CsExpr:
    if e.kind == "library":
        if e.name == "MPI_IN_PLACE":
            # an MPI call's buffer takes the marker itself (mpi.py), a comparison reads it (pointer_exprs.py,
            # _comparison_side); anywhere else it would be memory: a `void *` variable or parameter that
            # holds it (`const void *s = MPI_IN_PLACE;` then MPI_Allreduce(s, ...): exit 0, then CS1503)
            raise TranslationError(e.loc, "MPI_IN_PLACE kept in a variable or given to a function cannot be "
                                   "translated: the port's MPI_IN_PLACE is a marker the MPI call takes, not memory "
                                   "a pointer holds (give it to the MPI call itself)", "unsupported-buffer")
        return convert_library_name(ctx, e)
    return _convert_program_name(ctx, e)


def convert_library_name(ctx, e: ir.NameRef) -> CsExpr:
    """A library constant or function as a value, MPI_IN_PLACE too (for a comparison with a pointer)."""
    mapped = ctx.rules.constants.get(e.name)
    row = ctx.rules.libc.get(e.name) if isinstance(e.type, ir.FunctionType) else None
    if mapped is None and row is not None and row.special is None and re.fullmatch(r"[\w.]+", row.target):
        # a library function as a value (`double (*f[])(double) = {sin, cos}`): its C# method, whose group
        # converts to the slot's delegate type as a program function's does
        return CsExpr(row.target, "function")
    if mapped is None:
        raise TranslationError(e.loc, f"no translation for the library name '{e.name}'"
                               + (f" (declared in {e.header})" if e.header else ""), "unmapped-name")
    # an enum constant's value lets a conversion fold it: C# rejects (ulong)cMPI.PROC_NULL as a constant
    return CsExpr(mapped, _library_constant_type(ctx, e), PRIMARY, e.value)


def _convert_program_name(ctx, e: ir.NameRef) -> CsExpr:
    if e.kind == "function":
        return CsExpr(ctx.name(e.name), "function")
    if e.kind == "enum_const":
        return CsExpr(ctx.name(e.name), enum_constant_cs(ctx, e.name))
    name = ctx.static_local_name(e.name) if e.kind == "static_local" else ctx.local_name(e.name, e.decl)
    key = slot_key(ctx, e)
    cs = ctx.slot_type(key, e.type, e.loc)
    held = ctx.fn.loop_views.accesses.get(id(e))
    if held is not None:
        return CsExpr(held, cs)  # a global read once before a loop (loops.py)
    if ctx.is_boxed(key):
        return CsExpr(f"{name}[0]", cs)  # a variable whose address is taken lives in a 1-element array
    if ctx.expr.volatile_reads and e.kind == "global" and cs in _VOLATILE_READS and e.name in ctx.volatile_globals:
        # `while (count != thread_count) {}` of a `volatile int count` other threads change (Sandia SMB's rma_mt_mpi):
        # C reads a volatile at each test; the port's field (C# drops the qualifier) the JIT read once before the
        # loop, which then spun forever
        return CsExpr(f"System.Threading.Volatile.Read(ref {name})", cs, PRIMARY)
    return CsExpr(name, cs)


# the types System.Threading.Volatile.Read takes by reference
_VOLATILE_READS = frozenset({"bool", "sbyte", "byte", "short", "ushort", "int", "uint", "long", "ulong", "float",
                             "double"})


def enum_constant_cs(ctx, name: str) -> str:
    """The C# type of an enum constant: int, or its enum's wider type when the constant is beyond int's range."""
    for e in ctx.tu.enums:
        if e.wide is not None:
            for n, v in e.constants:
                if n == name and not -2 ** 31 <= v < 2 ** 31:
                    return cs_type(e.wide, e.loc)
    return "int"


def slot_key(ctx, e: ir.NameRef):
    fn = ctx.fn.function.name if ctx.fn.function is not None else None
    return ("var", "" if e.kind == "global" else (fn or ""), e.name)


def _library_constant_type(ctx, e: ir.NameRef) -> str:
    try:
        return cs_type(e.type, e.loc)
    except TranslationError:
        return "object"


_LIMIT = re.compile(r"^(s?byte|u?short|u?int|u?long)\.(MinValue|MaxValue)$")
_LIMIT_BITS = {"sbyte": 8, "byte": 8, "short": 16, "ushort": 16, "int": 32, "uint": 32, "long": 64, "ulong": 64}


def _limit_value(code: str) -> Optional[int]:
    """The value of a C# integer type's MinValue or MaxValue (limits.h's INT_MAX is int.MaxValue), else None."""
    m = _LIMIT.match(code)
    if m is None:
        return None
    name = m.group(1)
    unsigned = name in ("byte", "ushort", "uint", "ulong")
    bits = _LIMIT_BITS[name]
    if unsigned:
        return 0 if m.group(2) == "MinValue" else 2 ** bits - 1
    return -2 ** (bits - 1) if m.group(2) == "MinValue" else 2 ** (bits - 1) - 1


def convert_macro_ref(ctx, e: ir.MacroRef) -> CsExpr:
    if e.name in ctx.macro_names:
        if isinstance(unwrap(e.expansion), ir.StringLit) if e.expansion is not None else False:
            if 0 in unwrap(e.expansion).value:
                return convert_expr(ctx, e.expansion)  # read as C reads it, to the NUL (convert_string)
            return CsExpr(ctx.name(e.name), "string", PRIMARY)  # a string constant (decls.convert_macro_const)
        const = e.expansion.value if isinstance(e.expansion, ir.IntLit) else None
        cs = cs_type(e.type, e.loc)
        return CsExpr(ctx.name(e.name), cs, PRIMARY, const)
    mapped = ctx.rules.constants.get(e.name)
    if mapped is not None:
        cs = cs_type(e.type, e.loc)
        const = None
        if mapped.lstrip("-").isdigit():
            const = int(mapped)
            return int_literal(const, cs)
        own = _mapped_constant_type(e)
        if own is not None and own != cs:
            # INFINITY/NAN/HUGE_VAL where C converts them to an integer (`size_t n = INFINITY`, fuzz seed 6 input
            # 831: CS0266): the constant in its own type, then C's conversion (cast: unchecked, as C# refuses an
            # out-of-range constant conversion that C leaves undefined)
            return coerce(CsExpr(mapped, own, PRIMARY), cs)
        value = _limit_value(mapped)
        if value is None:
            value = _integer_expansion_value(e.expansion)
        return CsExpr(mapped, cs, PRIMARY, value)  # a value, so `UINT_MAX + 1u` folds (and wraps)
    if e.expansion is None:
        raise TranslationError(e.loc, f"cannot translate the macro '{e.name}'", "macro-expansion")
    return convert_expr(ctx, e.expansion)


def _integer_expansion_value(e: Optional[ir.Expr]) -> Optional[int]:
    """The value of a library macro whose expansion is an integer literal, through parentheses and integer casts
    that keep it (CLOCKS_PER_SEC's `((__clock_t) 1000000)`), or None. A mapped constant with its value is
    converted with C's modular rules where it does not fit (fuzz seed 13 input 2961: `(short)CLOCKS_PER_SEC` of
    the runtime's `const long`, CS0221)."""
    casts = []
    while isinstance(e, (ir.Paren, ir.Cast, ir.MacroRef)):
        if isinstance(e, ir.Cast):
            casts.append(e.type)
        e = e.inner if isinstance(e, ir.Paren) else e.operand if isinstance(e, ir.Cast) else e.expansion
    if not isinstance(e, ir.IntLit):
        return None
    for t in casts:
        if not isinstance(t, ir.IntType):
            return None
        try:
            if not fits(e.value, cs_type(t, e.loc)):
                return None
        except TranslationError:
            return None
    return e.value


def _mapped_constant_type(e: ir.MacroRef) -> Optional[str]:
    """The C# type of a library macro's floating constant as its expansion has it (INFINITY: float), or None."""
    inner = unwrap(e.expansion) if e.expansion is not None else None
    while isinstance(inner, ir.Cast) and getattr(inner, "implicit", False):
        inner = inner.operand
    if inner is None or not isinstance(inner.type, ir.FloatType):
        return None
    return cs_type(inner.type, e.loc)


def convert_paren(ctx, e: ir.Paren) -> CsExpr:
    inner = convert_expr(ctx, e.inner)
    return CsExpr(f"({inner.code})", inner.type, PRIMARY, inner.const)


def _first_element_address(operand: ir.Expr) -> ir.Expr:
    """`&s.k` of an array inside a struct, converted to an integer (`(MPI_Aint)&s.k - (MPI_Aint)&s`, a struct
    displacement): the address of its first element, `&s.k[0]`, the same number in C; the port has no pointer to a
    whole inline array. Any other operand as it is."""
    target = strip_implicit(operand)
    while isinstance(target, ir.Paren):
        target = strip_implicit(target.inner)
    if not (isinstance(target, ir.Unary) and target.op == "&"):
        return operand
    member = unwrap(target.operand)
    if not (isinstance(member, ir.Member) and isinstance(member.type, ir.ArrayType)):
        return operand
    element = member.type.element
    first = ir.Index(member.loc, element, member, ir.IntLit(member.loc, ir.IntType("int"), 0, "0"))
    return ir.Unary(target.loc, ir.PointerType(element), "&", first)

def convert_cast(ctx, e: ir.Cast) -> CsExpr:
    if isinstance(e.type, ir.VoidType):
        return convert_expr(ctx, e.operand)  # (void)f(): the statement converter drops the value
    if isinstance(e.type, ir.PointerType):
        return delegate("pointer_cast")(ctx, e)
    _refuse_long_double_int128(e)
    integer_part = _integer_part_of(e)
    if integer_part is not None:
        x = coerce(convert_expr(ctx, integer_part), cs_type(e.type, e.loc))
        return CsExpr(f"CMath.IntPart({x.code})", x.type, PRIMARY)
    target = cs_type(e.type, e.loc)
    if is_mpi_handle(e.type) and is_null_pointer(e.operand):
        # `comm = 0`, `(MPI_Request)NULL`: the handle that is no object (see _handle_null_test)
        return CsExpr(f"({target})null", target, UNARY)
    imaginary = e.operand
    while isinstance(imaginary, (ir.Paren, ir.MacroRef)) and not (isinstance(imaginary, ir.MacroRef) and imaginary.expansion is None):
        imaginary = imaginary.inner if isinstance(imaginary, ir.Paren) else imaginary.expansion
    if isinstance(e.type, ir.ComplexType) and isinstance(imaginary, ir.FloatLit) and \
            isinstance(imaginary.type, ir.ComplexType):
        # complex.h's I (a float complex constant) used with double complex values: the constant in their type
        return convert_float_lit(ctx, ir.FloatLit(imaginary.loc, e.type, imaginary.value, imaginary.text))
    if is_mpi_handle(e.type) and _is_named(e.operand, "MPI_BOTTOM"):
        # MPI_BOTTOM where a handle goes (C converts any `void *`): Open MPI's mpi.h defines it as ((void *) 0),
        # so the handle is the null one (fuzz seed 1 input 6583: MPI_Alloc_mem(n, MPI_BOTTOM, &p))
        return CsExpr(f"({target})null", target, UNARY)
    if target in INTEGRAL and _is_named(e.operand, "MPI_BOTTOM"):
        # `disps[3] = (MPI_Aint) MPI_BOTTOM` (the MPI-2 tutorial's mlife-io-mpiio.c): the address of MPI_BOTTOM,
        # which Open MPI's mpi.h defines as ((void *) 0), as displacements from it are absolute addresses
        return int_literal(0, target)
    offset = null_member_offset(ctx, e.operand) if target in INTEGRAL else None
    if offset is not None:
        return int_literal(offset, target)  # the pre-C89 offsetof, `(size_t)&((S *)0)->m`: its constant
    inner = convert_expr(ctx, _first_element_address(e.operand) if target in INTEGRAL else e.operand)
    if is_mpi_handle(e.type) and inner.type not in (target, HANDLE) and \
            isinstance(strip_implicit(e.operand).type, ir.PointerType):
        # another pointer C converts to the handle's pointer type (a `void *` buffer, MPI_IN_PLACE): the port's
        # handles are objects, not addresses; C#'s compiler would refuse the line
        raise TranslationError(e.loc, f"a pointer given as an {e.type.name} cannot be translated: pass an "
                               f"{e.type.name} (or {e.type.name.upper()}_NULL)", "incompatible-pointer-types")
    if isinstance(e.type, ir.ArrayType):
        # a pointer passed for a parameter declared as an array (`const int counts[]`): still that pointer
        if inner.type == "string":
            # a literal for `const char arg[]` (ME471's read_string(argc, argv, "--loglevel", ...)): its char
            # array, as for `const char *arg` (the bare .NET string for sbyte[] before: CS1503)
            return coerce(inner, target)
        return inner if inner.cstype.is_ptr else CsExpr(inner.code, target, inner.prec)
    if isinstance(strip_implicit(e.operand).type, ir.OpaqueType) and target in INTEGRAL:
        # (int)comm, (long)op: a handle's address in C; the port's handles are objects (fuzz seed 1 input 169)
        raise TranslationError(e.loc, "converting an MPI handle to an integer cannot be translated",
                               "pointer-to-integer")
    if inner.type == INTEGER_CARRIER and target in INTEGRAL:
        return cast(inner, target)  # `(long)arg` of a `void *` that carries an integer (passes/void_integers.py)
    if isinstance(strip_implicit(e.operand).type, (ir.PointerType, ir.ArrayType)) and target != "bool":
        source = strip_implicit(e.operand).type
        pointee = source.element if isinstance(source, ir.ArrayType) else source.pointee
        if target in INTEGRAL and inner.cstype.is_memory and \
                not isinstance(pointee, ir.FunctionType):
            # (uintptr_t)p, (size_t)p, (long)&a[i]: the address MPI_Get_address gives (CloudMpi's cMPI.AddressOf)
            return coerce(CsExpr(f"cMPI.AddressOf({inner.code})", "long", PRIMARY), target)
        raise TranslationError(e.loc, "converting a pointer to an integer cannot be translated",
                               "pointer-to-integer")
    native = _native_float_to_integer(e, inner, target)
    if native is not None:
        return native
    if e.implicit or target == "bool":
        return coerce(inner, target)  # (_Bool)x is x != 0, whatever x's type
    # An explicit C cast: keep it visible where C# needs it or where it changes the type.
    if inner.type == target:
        return inner  # a cast to the type it already has
    if inner.type == "bool":
        return coerce(inner, target)
    if inner.const is not None and target in INTEGRAL and not fits(inner.const, target):
        return _wrapped_constant(inner.const, target)
    res = cast(inner, target)
    return CsExpr(res.code, res.type, res.prec,
                  inner.const if inner.const is not None and target in INTEGRAL else None)


def _is_named(e: ir.Expr, name: str) -> bool:
    """`e` is the library's `name` (MPI_BOTTOM), through parentheses and implicit conversions."""
    e = strip_implicit(e)
    while isinstance(e, ir.Paren):
        e = strip_implicit(e.inner)
    return isinstance(e, ir.NameRef) and e.kind == "library" and e.name == name


def _refuse_in_place_as_memory(fn: ir.Function, args) -> None:
    """MPI_IN_PLACE given to a program function's pointer parameter (`in_place(const void *b)`, a wrapper that passes
    its `sendbuf` on to MPI_Allreduce): in C a pointer (Open MPI's `(void *) 1`) the callee compares or hands to MPI;
    the port's MPI_IN_PLACE is a marker the MPI call itself takes, no memory a parameter can hold (the rank failed
    at run time, Handle.Bytes of the marker). A located error instead; a parameter of a number type takes the
    marker in its own type (`(const double *)MPI_IN_PLACE`: pointer_exprs.in_place_pointer)."""
    for i, a in enumerate(args):
        if i >= len(fn.params) or not isinstance(fn.params[i].type, ir.PointerType):
            continue
        pointee = fn.params[i].type.pointee
        if not isinstance(pointee, (ir.VoidType, ir.FunctionType)) and element_cs(pointee, a.loc) in PRIMITIVE_ELEMENTS:
            continue
        inner = a
        while isinstance(inner, (ir.Cast, ir.Paren)):
            inner = inner.operand if isinstance(inner, ir.Cast) else inner.inner
        if isinstance(inner, ir.NameRef) and inner.kind == "library" and inner.name == "MPI_IN_PLACE":
            raise TranslationError(a.loc, f"MPI_IN_PLACE given to parameter '{fn.params[i].name}' of '{fn.name}' "
                                   "cannot be translated: the port's MPI_IN_PLACE is a marker the MPI call takes, "
                                   "not memory a pointer holds (give it to the MPI call itself)", "unsupported-buffer")


def _integer_part_of(e: ir.Cast) -> ir.Expr | None:
    """x when `e` is (double)(int)x with x a double (float and float alike, any integer type but _Bool):
    the integer part of x wherever C defines the conversion. C#'s (int)x saturates, several
    instructions on the critical path of loops like NPB's randlc; CMath.IntPart is one rounding."""
    inner = e.operand
    while isinstance(inner, ir.Paren):
        inner = inner.inner
    if not (isinstance(e.type, ir.FloatType) and isinstance(inner, ir.Cast) and not inner.implicit
            and isinstance(inner.type, ir.IntType) and inner.type.name != "_Bool"):
        return None
    x = inner.operand
    while isinstance(x, ir.Paren):
        x = x.inner  # it becomes a call's argument
    if not isinstance(x.type, ir.FloatType) \
            or cs_type(x.type, x.loc) != cs_type(e.type, e.loc) or cs_type(e.type, e.loc) == LONG_DOUBLE:
        return None  # (a long double's integer part: CLongDouble's own conversions, through the integer type)
    return x


def _native_float_to_integer(e: ir.Cast, inner: CsExpr, target: str) -> Optional[CsExpr]:
    """A double or float converted to int or long at run time (written or C's implicit conversion):
    `double.ConvertToIntegerNative<int>(x)`, the processor's conversion as gcc's code does it (cvttsd2si on
    x86-64: toward zero, and for NaN or a value outside the type, where C leaves the result undefined, the type's
    minimum). C#'s `(int)x` saturates, 6 instructions on the critical path where the conversion is one (NPB EP's
    annulus index, `l = (int)larger(fabs(t3), fabs(t4))`, then `q[l]`). An index from a NaN or a huge value is
    int.MinValue, outside every array (a saturated NaN was 0, an element C's program does not reach). A conversion of constants alone
    keeps the cast, which C# folds (a case label, an enum member need a constant).
    The narrower types take gcc's too: `(unsigned)x` is the 64-bit conversion's low half, `(short)x`, `(unsigned
    char)x` the 32-bit one's low bits (cvttsd2si %xmm0,%rax / %eax), where C#'s cast saturated (`(unsigned)-1.5`:
    gcc 4294967295, C# 0). unsigned long is gcc's branch around 2^63 (CMath.ToUnsignedLong: `(unsigned long)-1.5` is
    2^64 - 1, a NaN 2^63, 1e30 0), where C#'s cast saturated."""
    width = _NATIVE_CONVERSION_WIDTH.get(target)
    if (width is None and target != "ulong") or inner.type not in ("double", "float"):
        return None
    if not any(isinstance(n, ir.Call) and not _builtin_call(n)
               or isinstance(n, ir.NameRef) and n.kind in ("local", "param", "global") for n in ir.walk(e.operand)):
        return None  # (gcc folds a constant's conversion, saturating: `(long)INFINITY` is LONG_MAX, as C#'s cast)
    code = inner.code
    if isinstance(e.operand, ir.Paren) and code.startswith("(") and code.endswith(")"):
        code = code[1:-1]  # `(int)(x / w)`: convert_paren's parentheses, the call's own suffice
    if target == "ulong":
        return CsExpr(f"CMath.ToUnsignedLong({code})", target, PRIMARY)
    converted = f"{inner.type}.ConvertToIntegerNative<{width}>({code})"
    if width == target:
        return CsExpr(converted, target, PRIMARY)
    return CsExpr(f"({target}){converted}", target, UNARY)


# The integer a floating value is converted through, as gcc's x86-64 code does, for each C# target type.
_NATIVE_CONVERSION_WIDTH = {"int": "int", "long": "long", "uint": "long", "short": "int", "ushort": "int",
                            "sbyte": "int", "byte": "int"}


def _builtin_call(e: ir.Call) -> bool:
    """A call of a compiler builtin (`__builtin_inff()`, math.h's INFINITY): a constant, not a run-time value."""
    callee = e.callee
    while isinstance(callee, (ir.Paren, ir.Cast)):
        callee = callee.inner if isinstance(callee, ir.Paren) else callee.operand
    return isinstance(callee, ir.NameRef) and callee.name.startswith("__builtin_")


def _refuse_long_double_int128(e: ir.Cast) -> None:
    """A conversion (written or C's implicit one) between long double and __int128: CLongDouble has none."""
    names = {t.name for t in (e.type, e.operand.type) if isinstance(t, (ir.IntType, ir.FloatType))}
    if "long double" in names and names & {"__int128", "unsigned __int128"}:
        raise TranslationError(e.loc, "a conversion between long double and a 128-bit integer is not supported yet "
                               "(CLongDouble converts from and to 64-bit integers): convert through long long or "
                               "double", "long-double-int128")


_PLAIN_NAME = re.compile(r"@?[A-Za-z_]\w*")


def _discarded_value(ctx, e: ir.Expr) -> CsExpr:
    """The left operand of a comma, whose value C drops. A store into a numeric variable there is
    `CExpr.Assign(ref x, v)`, not `x = v`: Roslyn's time grows exponentially with assignment expressions nested in
    call arguments (csmith --math-notmp: `(int32_t)(si1 = (_si1), si2 = (_si2), ...)` nested ~20 deep, 53-104 CPU s
    for one program), not with calls nested in calls. A comma's left comma is dropped whole: both its operands."""
    inner = e
    while isinstance(inner, ir.Paren):
        inner = inner.inner
    if isinstance(inner, ir.Binary) and inner.op == "," and not isinstance(inner.lhs.type, ir.VoidType):
        lhs, rhs = _discarded_value(ctx, inner.lhs), _discarded_value(ctx, inner.rhs)
        return CsExpr(f"CExpr.Comma({lhs.code}, {rhs.code})", rhs.type, PRIMARY)
    if isinstance(inner, ir.Assign) and inner.op == "=" and isinstance(inner.target, ir.NameRef) and \
            isinstance(inner.target.type, (ir.IntType, ir.FloatType)) and inner.target.type.name != "_Bool":
        target = convert_expr(ctx, inner.target)
        if target.type in NUMERIC and _PLAIN_NAME.fullmatch(target.code):
            value = coerce_at(convert_expr(ctx, inner.value), target.type, inner.value.loc)
            if value.code != target.code:  # (`x = x`: convert_assign's read)
                return CsExpr(f"CExpr.Assign<{target.type}>(ref {target.code}, {value.code})", target.type, PRIMARY)
    return convert_expr(ctx, e)


def convert_binary(ctx, e: ir.Binary) -> CsExpr:
    op = e.op
    if op == ",":
        if isinstance(e.lhs.type, ir.VoidType):
            raise TranslationError(e.loc, "a comma expression whose left side has no value (a void call) is only "
                                   "supported as a statement", "unsupported-construct")
        lhs, rhs = _discarded_value(ctx, e.lhs), convert_expr(ctx, e.rhs)
        if rhs.type == "null" and isinstance(e.type, ir.PointerType):
            # C# cannot infer a type from a bare null: give it the pointer's type (void *: a handle, any reference).
            # Not "null" itself, which names a bare null whose code a conversion may drop (coerce): the comma's
            # effects went with it (csmith seed 2700017: `(a, (b = 5, (void *)0)) != (void *)0`)
            if isinstance(e.type.pointee, ir.VoidType):
                rhs = CsExpr("(object)null", HANDLE)  # (no `?`: the port is no nullable context, CS8632)
            else:
                elem = element_cs(e.type.pointee, e.loc)
                rhs = CsExpr(f"default({ptr_of(elem)})", ptr_of(elem))
        return CsExpr(f"CExpr.Comma({lhs.code}, {rhs.code})", rhs.type, PRIMARY)
    if op in ("&&", "||"):
        lhs = as_bool(convert_expr(ctx, e.lhs))
        rhs = as_bool(convert_expr(ctx, e.rhs))
        prec = BINARY_PREC[op]
        return CsExpr(f"{paren(lhs, prec)} {op} {paren(rhs, prec + 1)}", "bool", prec)
    if op in ("==", "!="):
        null_test = _handle_null_test(ctx, e)
        if null_test is not None:
            return null_test
    if op in COMPARISONS:
        _refuse_handle_against_integer(e)
    if is_pointer_value(e.lhs) or is_pointer_value(e.rhs):
        return delegate("pointer_binary")(ctx, e)
    lhs = convert_expr(ctx, e.lhs)
    rhs = convert_expr(ctx, e.rhs)
    prec = BINARY_PREC[op]
    if op in COMPARISONS:
        # clang has already converted both operands to their common type.
        common = cs_type(e.lhs.type, e.loc) if not isinstance(e.lhs.type, (ir.PointerType, ir.ArrayType)) else None
        if common is not None:
            lhs, rhs = _widened(lhs, e.lhs, rhs, common), _widened(rhs, e.rhs, lhs, common)
        return CsExpr(f"{paren(lhs, prec)} {op} {paren(rhs, prec + 1)}", "bool", prec,
                      _compared_constants(op, lhs, rhs, common))
    result = cs_type(e.type, e.loc)
    lhs_own, rhs_own = _literal_type(lhs), _literal_type(rhs)  # what C# types the code as (coerce may only claim)
    if op in ("<<", ">>"):
        lhs = coerce(lhs, result)
        rhs = coerce(rhs, "int")  # C# shift counts are int
    else:
        lhs, rhs = coerce(lhs, result), coerce(rhs, result)
    if op in ("/", "%") and rhs.const == 0 and result in INTEGRAL:
        rhs = constant_zero_divisor(result)
    code = f"{paren(lhs, prec)} {op} {paren(rhs, prec + 1)}"
    if op in ("<<", ">>") and result in INTEGRAL:
        value, count = _shift_constant(ctx, e.lhs, lhs), _shift_constant(ctx, e.rhs, rhs)
        if value is not None and count is not None and count >= BITS[result]:
            # a constant shifted by its width or more: undefined in C, and gcc folds it as the mathematical shift
            # would (0, or -1 for a negative number shifted right), where C# and x86 take the count modulo the width
            # (`1L << 64` was 1, `8 >> 33` 4). A negative count is taken modulo the width by gcc too, as C# does.
            return int_literal(-1 if op == ">>" and value < 0 and result in SIGNED else 0, result)
    if lhs.const is not None and rhs.const is not None and result in INTEGRAL:
        exact = _fold(op, lhs.const, rhs.const)
        # C# computes a constant operation in its operands' own types (C#'s promotions), which a constant's
        # implicit conversion leaves as written: a `long` constant times sizeof's `int` is C's `unsigned long`,
        # C#'s `long` (fuzz seed 7 input 5004: `0x7fffffffffffffff * sizeof(struct s)` given to a size_t became a
        # negative long, CS1503; `0x7fffffffffffffff * 2`, which fits C's type, overflows C#'s: CS0220)
        computed = _csharp_promotion(lhs_own, rhs_own if op not in ("<<", ">>") else lhs_own)  # a shift: its lhs's
        if exact is not None and not (fits(exact, result) and fits(exact, computed)):
            wrapped = _wrapped_constant(exact, result)
            if computed == result:
                # C wraps constant arithmetic modulo 2^n; C# rejects it at compile time unless unchecked
                return CsExpr(f"unchecked({code})", result, PRIMARY, wrapped.const)
            return wrapped  # C# would wrap at another width or sign: the value C computes
        return CsExpr(code, result, prec, exact)
    if result in ("uint", "ulong") and op in ("+", "-", "*") and _folded_by_csharp(e.lhs) and \
            _folded_by_csharp(e.rhs):
        # constants whose value the port does not know but C# folds (a comparison's `? 1 : 0`, an enum constant): C
        # wraps unsigned arithmetic, C# rejects the wrap at compile time unless unchecked (csmith --no-safe-math seed
        # 2520018: `(uint64_t)(0x5E2EL != (uint8_t)0x1EL << 0) - 0x90F69E3C95EAEA01UL`, CS0220)
        return CsExpr(f"unchecked({code})", result, PRIMARY)
    return CsExpr(code, result, prec)


# The MPI handles: pointers in C's mpi.h, objects (classes) in CloudMpi; MPI_Status is a struct in both.
MPI_HANDLES = frozenset({"MPI_Comm", "MPI_Datatype", "MPI_Op", "MPI_Request", "MPI_Group", "MPI_Errhandler",
                         "MPI_Info", "MPI_Win", "MPI_File", "MPI_Message"})


MPI_HANDLE_CS = frozenset(OPAQUE_TYPES[name] for name in MPI_HANDLES)


def is_mpi_handle(t) -> bool:
    return isinstance(t, ir.OpaqueType) and t.name in MPI_HANDLES


def _handle_null_test(ctx, e: ir.Binary) -> Optional[CsExpr]:
    """`comm == 0`, `req != NULL`: a handle compared with a null pointer constant. In C (Open MPI's pointers, MPICH's
    nonzero integers alike) no handle MPI gives, MPI_..._NULL included, is 0: the test is whether the variable still
    holds zero bits (a static never assigned, or one assigned 0). The port's handles are objects and such a variable
    holds null (`Comm c = default`, `c = null`), so the test is the same one as C# `c == null`, the one `if (comm)`
    already makes."""
    for handle, other in ((e.lhs, e.rhs), (e.rhs, e.lhs)):
        if is_mpi_handle(strip_implicit(handle).type) and is_null_pointer(other):
            h = convert_expr(ctx, strip_implicit(handle))
            return CsExpr(f"{paren(h, REL)} {e.op} null", "bool", BINARY_PREC[e.op])
    return None


def constant_zero_divisor(cs: str) -> CsExpr:
    """`x / 0`, `x % 0`: C compiles them (undefined, a trap when run; clang warns), C# refuses a constant zero divisor
    (CS0020): a zero the compiler does not fold, so the port compiles and traps where the C would."""
    return CsExpr(f"CExpr.Zero<{cs}>()", cs, PRIMARY)


def _refuse_handle_against_integer(e: ir.Binary) -> None:
    """`rank == MPI_SUM`, `op < 0`: an MPI handle (a pointer in C's mpi.h, a CloudMpi object in the port) compared
    with an integer. C compares the handle's address with the number (gcc warns); the port's handles have no
    address to compare (fuzz seed 1 input 169: the C# did not compile, CS0019)."""
    sides = (strip_implicit(e.lhs).type, strip_implicit(e.rhs).type)
    if any(isinstance(t, ir.OpaqueType) for t in sides) and any(isinstance(t, ir.IntType) for t in sides):
        # (== and != with 0 are _handle_null_test's: a handle ordered against 0 is left here)
        raise TranslationError(e.loc, "comparing an MPI handle with an integer cannot be translated (C compares "
                               "the handle's address)", "pointer-to-integer")


def _widened(x: CsExpr, c_expr: ir.Expr, other: CsExpr, common: str) -> CsExpr:
    """x as the comparison's common type; widened by an explicit cast when the other side is a constant beyond x's
    own type (`i < 2147483648`: always true in C, and C#'s CS0652 warning if the widening is implicit)."""
    inner = strip_implicit(c_expr)
    while isinstance(inner, ir.Paren) or (isinstance(inner, ir.Unary) and inner.op == "+") or \
            (isinstance(inner, ir.Binary) and inner.op == ","):
        # the type C# sees: C's `+c` is an int, the port's `c` (no `+`) still a char (csmith seed 2760010); a comma is
        # CExpr.Comma, of its right operand's type (`(g = x, +(uint16 call)) == 0x629AA6A4L`: csmith seed 3913004)
        inner = strip_implicit(inner.inner if isinstance(inner, ir.Paren) else
                               inner.rhs if isinstance(inner, ir.Binary) else inner.operand)
    own = cs_type(inner.type, inner.loc) if isinstance(inner.type, ir.IntType) else None
    if x.const is None and other.const is not None and own in INTEGRAL and common in INTEGRAL and \
            own != common and not fits(other.const, own):
        return CsExpr(f"({common}){paren(x, UNARY)}", common, UNARY)
    return coerce(x, common)


_INT_LITERAL = re.compile(r"(\d+|0[xX][0-9a-fA-F]+)([uU]?[lL]?|[lL][uU])")


def _literal_type(e: CsExpr) -> str:
    """The type C# gives an integer literal's code (C# 6.4.5.3: the first of its suffix's types that holds the
    value), whatever type a constant conversion claims for it; any other code's own type."""
    m = _INT_LITERAL.fullmatch(e.code)
    if m is None:
        return e.type
    value, suffix = int(m.group(1), 0), m.group(2).lower()
    candidates = {"": ("int", "uint", "long", "ulong"), "u": ("uint", "ulong"), "l": ("long", "ulong")}
    return next((t for t in candidates.get(suffix, ("ulong",)) if fits(value, t)), "ulong")


def _csharp_promotion(a: str, b: str) -> str:
    """The type C# computes a binary operation of integral operands of types a and b in (C# 12.4.7.3)."""
    if "ulong" in (a, b):
        return "ulong"
    if "long" in (a, b) or ("uint" in (a, b) and ({a, b} & {"int", "short", "sbyte"})):
        return "long"
    return "uint" if "uint" in (a, b) else "int"


def _compared_constants(op: str, lhs: CsExpr, rhs: CsExpr, common: Optional[str]) -> Optional[int]:
    """The value (1 or 0) of a comparison of two integer constants in their common type, which C# folds too: the port
    must know it where C# would see a constant it refuses further on (csmith --no-safe-math seed 7420035:
    `x % (int16_t)((int16_t)(3L == 1UL) << 2)`, never evaluated, was `x % 0` to C#, CS0020)."""
    if common not in INTEGRAL or common == "char" or lhs.const is None or rhs.const is None:
        return None
    a, b = _wrapped_constant(lhs.const, common).const, _wrapped_constant(rhs.const, common).const
    return int({"==": a == b, "!=": a != b, "<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[op])


def _fold(op: str, a: int, b: int):
    """The mathematical value of a constant integer operation (None if not folded)."""
    try:
        if op == "+": return a + b
        if op == "-": return a - b
        if op == "*": return a * b
        if op == "<<": return a << b if 0 <= b < 64 else None
        if op == ">>": return a >> b if 0 <= b < 64 else None
        if op == "&": return a & b
        if op == "|": return a | b
        if op == "^": return a ^ b
        if op == "/" and b: return abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)
        if op == "%" and b: return a - b * (abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1))
    except (OverflowError, ValueError):
        return None
    return None


def _array_plus_offset(e: ir.Unary) -> Optional[ir.Index]:
    """`*(a + k)`, `*(a + n * i + j)` for an array a (a variable, a struct's array field: `*(A->entries + n * i +
    j)`) is `a[k]`, `a[n * i + j]`, as C defines it: indexed where it lies, not through a pointer made for one
    access."""
    base, offsets = unwrap(e.operand), []
    while isinstance(base, ir.Binary) and base.op == "+":
        if isinstance(unwrap(base.rhs).type, ir.IntType) and not isinstance(unwrap(base.lhs).type, ir.IntType):
            base, offsets = unwrap(base.lhs), [base.rhs] + offsets
        elif isinstance(unwrap(base.lhs).type, ir.IntType) and not isinstance(unwrap(base.rhs).type, ir.IntType):
            base, offsets = unwrap(base.rhs), [base.lhs] + offsets
        else:
            return None
    if not offsets or not (isinstance(base.type, ir.ArrayType) and isinstance(base, (ir.NameRef, ir.Member))):
        return None
    index = offsets[0]
    for k in offsets[1:]:
        # the sum's type: the wider offset's (C adds each to the pointer in turn; no offset here overflows)
        wide = max((index.type, k.type), key=lambda t: 8 if t.name in ("long", "unsigned long", "long long",
                                                                          "unsigned long long") else 4)
        index = ir.Binary(k.loc, wide, "+", index, k)
    return ir.Index(e.loc, e.type, base, index)


def convert_unary(ctx, e: ir.Unary) -> CsExpr:
    op = e.op
    if op in ("pre++", "pre--", "post++", "post--"):
        _refuse_string_literal_write(e.operand, e.loc)
        operand = _compound_literal_object(e.operand)
        if operand is not e.operand:
            e = dataclasses.replace(e, operand=operand)
    if op == "!":
        inner = as_bool(convert_expr(ctx, e.operand))
        if inner.const is not None:
            return CsExpr("false" if inner.const else "true", "bool", PRIMARY, 0 if inner.const else 1)
        return CsExpr(f"!{paren(inner, UNARY)}", "bool", UNARY)
    if op == "&":
        return delegate("address_of")(ctx, e)
    if op == "*":
        if isinstance(strip_implicit(e.operand).type, ir.FunctionType) or \
                isinstance(getattr(e.operand.type, "pointee", None), ir.FunctionType):
            return convert_expr(ctx, e.operand)  # (*f)(x) calls f
        ref = ref_param_name(ctx, e.operand)
        if ref is not None:
            # *p of a `ref` parameter is the parameter (`ref Ptr<TBuf> p` for a generic `void **`: *p is a Ptr<TBuf>)
            return CsExpr(ref, ctx.slot_type(slot_key(ctx, strip_implicit(e.operand)), e.type, e.loc)
                          if slot_key(ctx, strip_implicit(e.operand)) in ctx.plan.generic_buffers else
                          cs_type(e.type, e.loc))
        indexed = _array_plus_offset(e)
        if indexed is not None:
            return convert_expr(ctx, indexed)
        inner = convert_expr(ctx, e.operand)
        if isinstance(e.type, ir.ArrayType):
            return inner  # `*rows` of a pointer to rows is its first row: the same flat buffer position
        return CsExpr(f"{paren(inner, PRIMARY)}[0]", cs_type(e.type, e.loc), PRIMARY)
    result = cs_type(e.type, e.loc)
    inner = convert_expr(ctx, e.operand)
    if result == "bool" and inner.type == "bool" and op in ("pre++", "pre--", "post++", "post--"):
        return _bool_step(ctx, e, inner)
    stride = delegate("pointee_stride")(ctx, e.operand.type)
    if stride.const != 1 and op in ("pre++", "pre--", "post++", "post--"):
        # a pointer to rows of a flattened 2-D array steps by whole rows
        step = "+=" if op.endswith("++") else "-="
        if op.startswith("pre"):
            return CsExpr(f"{paren(inner, ASSIGN)} {step} {paren(stride, ASSIGN)}", result, ASSIGN)
        stride = coerce(stride, "int")  # a row of a `long` length (fuzz seed 1 input 5752): PostStep takes int
        elements = stride.code if step == "+=" else negated(stride)
        return CsExpr(f"CExpr.PostStep(ref {inner.code}, {elements})", result, PRIMARY)
    if op in ("pre++", "pre--"):
        code = f"{op[3:]}{paren(inner, UNARY)}"
        stored = bitfields.stored_value(ctx, e.operand, e, code)
        return CsExpr(code, result, UNARY) if stored == code else CsExpr(stored, result, PRIMARY)
    if op in ("post++", "post--"):
        return CsExpr(f"{paren(inner, PRIMARY)}{op[4:]}", result, PRIMARY)
    inner = coerce(inner, result)
    if op == "+":
        return inner
    if op == "-":
        if result in ("uint", "ulong"):
            # C# widens -uint to long and rejects -ulong; C wraps modulo 2^n.
            zero = "0u" if result == "uint" else "0UL"
            code = f"{zero} - {paren(inner, ADD + 1)}"
            if inner.const is not None or _folded_by_csharp(e.operand):
                # of a constant, C# rejects the wrap at compile time unless unchecked (csmith --no-safe-math seed
                # 2520006: `(-(uint64_t)5UL) < g_79`, CS0220; `-(unsigned)SEVEN` of an enum constant too)
                return CsExpr(f"unchecked({code})", result, PRIMARY,
                              _wrapped_constant(-inner.const, result).const if inner.const is not None else None)
            return CsExpr(code, result, ADD)
        if inner.const is not None and inner.code.replace(".", "").isdigit():  # `- -1`: not `--1` (seed 10 #9319)
            return CsExpr(f"-{inner.code}", result, UNARY, -inner.const)
        code = negated(inner)
        value = inner.const if inner.const is not None else _enum_constant_value(ctx, e.operand)
        if value is not None and result in SIGNED and not fits(-value, result):
            # -INT_MIN, -LLONG_MIN: C# rejects the overflow of a constant (CS0220); gcc wraps it to the minimum
            return _wrapped_constant(-value, result)
        return CsExpr(code, result, UNARY, -value if value is not None else None)
    if op == "~":
        # the constant's value in its own type: ~8UL is 2^64 - 9, not -9. An enum constant's value too (the port's
        # `const int`): `mode &= ~F_WRITE` of an unsigned mode is `(uint)~F_WRITE`, which C# folds and rejects as
        # an overflow (CS0221) unless the conversion knows the value and makes it unchecked
        value = inner.const if inner.const is not None else _enum_constant_value(ctx, e.operand)
        return CsExpr(f"~{paren(inner, UNARY)}", result, UNARY,
                      _wrapped_constant(~value, result).const if value is not None and result in INTEGRAL
                      else None)
    raise TranslationError(e.loc, f"the operator {op} is not supported yet", "unsupported-construct")


def null_member_offset(ctx, e: ir.Expr) -> Optional[int]:
    """`&((S *)0)->m`, offsetof as pre-C89 code and old headers spell it (`#define OFFSET_OF(t, m) ((size_t)&((t *)0)->m)`):
    the member's offset in S (clang's layout), for a member of S itself; else None. Read as an address it dereferenced
    a null pointer at run time."""
    e = unwrap(e)
    if not isinstance(e, ir.Unary) or e.op != "&":
        return None
    member = unwrap(e.operand)
    if not isinstance(member, ir.Member) or not member.arrow or not is_null_pointer(member.base) or \
            not isinstance(member.base.type, ir.PointerType) or not isinstance(member.base.type.pointee, ir.RecordType):
        return None
    rec = next((r for r in ctx.tu.records if r.name == member.base.type.pointee.name), None)
    field = next((f for f in rec.fields if f.name == member.name), None) if rec is not None else None
    if field is None or field.bits is not None or field.bit_offset is None or field.bit_offset % 8:
        return None
    return field.bit_offset // 8


def _shift_constant(ctx, e: ir.Expr, converted: CsExpr) -> Optional[int]:
    """The value of a shift's operand C# folds: a literal's, an enum constant's, and + - * of such (`1 << (BITS + 1)`
    with BITS an enum constant, which the port keeps a C# `const`), else None."""
    if converted.const is not None:
        return converted.const
    inner = unwrap(e)
    while isinstance(inner, ir.MacroRef) and inner.expansion is not None:
        inner = unwrap(inner.expansion)
    if isinstance(inner, ir.Binary) and inner.op in ("+", "-", "*"):
        a = _shift_constant(ctx, inner.lhs, CsExpr("", "int"))
        b = _shift_constant(ctx, inner.rhs, CsExpr("", "int")) if a is not None else None
        return None if b is None else _fold(inner.op, a, b)
    if isinstance(inner, (ir.IntLit, ir.CharLit)):
        return inner.value
    return _enum_constant_value(ctx, inner)


def _enum_constant_value(ctx, e: ir.Expr) -> Optional[int]:
    """The value of a program's enum constant named by e (through parentheses and implicit conversions), else None."""
    e = unwrap(e)
    if not isinstance(e, ir.NameRef) or e.kind != "enum_const":
        return None
    return next((v for enum in ctx.tu.enums for n, v in enum.constants if n == e.name), None)


def _folded_by_csharp(e: ir.Expr) -> bool:
    """Whether the translation of `e` may be a C# constant expression, which C# evaluates at compile time and rejects
    when it overflows: literals and enum constants (the port's `const int`) under operators and casts. Saying so of
    a sizeof the port computes at run time only costs an `unchecked` that changes nothing."""
    if isinstance(e, (ir.IntLit, ir.CharLit, ir.SizeOf)):
        return True
    if isinstance(e, ir.NameRef):
        return e.kind == "enum_const"
    if isinstance(e, ir.MacroRef):
        return e.expansion is not None and _folded_by_csharp(e.expansion)
    if isinstance(e, ir.Paren):
        return _folded_by_csharp(e.inner)
    if isinstance(e, ir.Cast):
        return _folded_by_csharp(e.operand)
    if isinstance(e, ir.Unary):
        return e.op in ("-", "+", "~", "!") and _folded_by_csharp(e.operand)
    if isinstance(e, ir.Binary):
        return e.op != "," and _folded_by_csharp(e.lhs) and _folded_by_csharp(e.rhs)
    if isinstance(e, ir.Conditional):
        return _folded_by_csharp(e.cond) and _folded_by_csharp(e.then) and _folded_by_csharp(e.otherwise)
    return False


_SIMPLE_COMPOUND = {"+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="}


# `x = x`, `(p) = (p)` in the port: a variable or field (a path of names) assigned to itself
_SELF_ASSIGNMENT = re.compile(r"\(*([A-Za-z_@]\w*(?:\.@?\w+)*)\)* = \(*\1\)*")


def convert_assign(ctx, e: ir.Assign) -> CsExpr:
    result = _convert_assign(ctx, e)
    self_assigned = _SELF_ASSIGNMENT.fullmatch(result.code) if e.op == "=" else None
    if self_assigned:
        # no effect in C, and C#'s warning CS1717 (csmith seeds 2700017, 2690011: `l_67 = l_67;`, `(p_100) = (p_100);`,
        # `(l_1573 = l_1573) != ...`): the variable's value, read
        return CsExpr(self_assigned.group(1), result.type, PRIMARY)
    stored = bitfields.stored_value(ctx, e.target, e, result.code)
    if result.type == "bool" and ctx.expr.discarded is not e and re.search(r"= (?:true|false)$", result.code):
        # `if (b = 0)`, `(b = 1) ? x : y` of a _Bool: C#'s CS0665 warning (an assignment of a constant as a
        # condition); `!= false` gives the same value and reads as a comparison
        return CsExpr(f"({result.code}) != false", "bool", EQ)
    return result if stored == result.code else CsExpr(stored, result.type, PRIMARY)


def _bool_step(ctx, e: ir.Unary, target: CsExpr) -> CsExpr:
    """`b++`, `++b`, `b--`, `--b` of a _Bool (C# has no ++ or -- of bool, CS0023). C adds or subtracts 1 and converts
    back to _Bool: ++ stores 1 whatever b was; -- stores 0 from 1 and 1 from 0 (-1 is nonzero), so it flips b. The
    value is the stored one (prefix) or b's old one (postfix: for ++, b itself when b was already 1; for --, the
    stored value's opposite)."""
    t = paren(target, ASSIGN)
    increment = e.op.endswith("++")
    if increment and ctx.expr.discarded is e:
        return CsExpr(f"{t} = true", "bool", ASSIGN)
    if e.op == "pre++":
        return CsExpr(f"({t} = true) != false", "bool", EQ)  # (not `if (b = true)`: C#'s warning CS0665)
    if not is_pure(e.operand):
        raise TranslationError(e.loc, f"{e.op[-2:]} of a _Bool with side effects in its operand is not supported "
                               "yet", "unsupported-construct")
    if increment:
        return CsExpr(f"{paren(target, BINARY_PREC['||'])} || !({t} = true)", "bool", BINARY_PREC["||"])
    flipped = f"{t} = !{paren(target, UNARY)}"
    if e.op == "pre--" or ctx.expr.discarded is e:
        return CsExpr(flipped, "bool", ASSIGN)
    return CsExpr(f"!({flipped})", "bool", UNARY)


def _compound_literal_object(target: ir.Expr) -> ir.Expr:
    """`(int){3} = 4`, `++(int){5}`, `(struct pt){1, 2}.x = 5`: a compound literal is an lvalue in C (an unnamed
    object of the block), the port's a C# value (`3 = 4`, `new pt {...}.x = 5`: CS0131, CS1059; fuzz kind round10):
    written as `*&literal`, the object of its own that `&` gives it (pointer_exprs.compound_literal_object), whose
    element takes the write. An element of an array literal (`((int[]){1, 2})[1] = 9`) is a C# array's already."""
    t = strip_implicit(target)
    if isinstance(t, ir.Paren):
        inner = _compound_literal_object(t.inner)
        return target if inner is t.inner else inner
    if isinstance(t, ir.Member) and not t.arrow:
        base = _compound_literal_object(t.base)
        return target if base is t.base else dataclasses.replace(t, base=base)
    if isinstance(t, ir.CompoundLiteral) and not isinstance(t.type, ir.ArrayType):
        address = ir.Unary(t.loc, ir.PointerType(t.type), "&", t)
        return ir.Unary(t.loc, t.type, "*", address)
    return target


def _refuse_string_literal_write(target: ir.Expr, loc) -> None:
    """`"x"[1] = c`, `*"ab" += 1`, `"ab"[0]++`: a write into a string literal, undefined in C (C11 6.4.5p7; gcc's
    literal sits in read-only memory and the native program crashes there). The port's literal is an immutable
    C# string, so the line would not compile (fuzz seed 1 input 8231, CS0200): a located error."""
    t = strip_implicit(target)
    while isinstance(t, ir.Paren):
        t = strip_implicit(t.inner)
    if isinstance(t, ir.Index):
        base = t.base
    elif isinstance(t, ir.Unary) and t.op == "*":
        base = t.operand
    else:
        return
    while True:
        base = strip_implicit(base)
        if isinstance(base, ir.Paren):
            base = base.inner
        elif isinstance(base, ir.Cast):
            base = base.operand
        elif isinstance(base, ir.Binary) and base.op in ("+", "-"):
            base = base.lhs if isinstance(strip_implicit(base.rhs).type, ir.IntType) else base.rhs
        else:
            break
    if isinstance(base, ir.StringLit):
        raise TranslationError(loc, "writing into a string literal is undefined in C (its memory is read-only): "
                               "copy it into a char array first", "string-literal-write")


def _convert_assign(ctx, e: ir.Assign) -> CsExpr:
    _refuse_string_literal_write(e.target, e.loc)
    written = _compound_literal_object(e.target)
    if written is not e.target:
        e = dataclasses.replace(e, target=written)
    target = convert_expr(ctx, e.target)
    tcs = target.type if isinstance(e.target.type, ir.PointerType) else cs_type(e.target.type, e.loc)
    if e.op == "=":
        allocation = None
        if isinstance(e.target, ir.NameRef) and isinstance(e.target.type, ir.PointerType) and \
                isinstance(e.target.type.pointee, ir.VoidType):
            allocation = delegate("allocation_into_void_slot")(ctx, e.value, slot_key(ctx, e.target))
        out = strip_implicit(e.target.operand) if isinstance(e.target, ir.Unary) and e.target.op == "*" else None
        if isinstance(out, ir.NameRef) and out.kind == "param" and isinstance(e.target.type, ir.PointerType) and \
                (isinstance(e.target.type.pointee, ir.VoidType) or slot_key(ctx, out) in ctx.plan.generic_buffers):
            # `*buf = malloc(n)` with buf a `void **` out-parameter (`ref Ptr<TBuf> buf`, generic_buffers.py), or
            # `*sbuf = (char *)align_buffer(...)` with sbuf a generic `char **` one
            allocation = delegate("allocation_into_void_slot")(ctx, e.value, slot_key(ctx, out))
        if allocation is None and tcs == HANDLE:
            allocation = delegate("allocation_into_handle")(ctx, e.value)  # `bufs[i] = malloc(n)` of a `void *bufs[N]`
        value = coerce_at(allocation or convert_expr(ctx, e.value), tcs, e.value.loc)
        return CsExpr(f"{target.code} = {paren(value, ASSIGN)}", tcs, ASSIGN)
    op = e.op[:-1]
    value = convert_expr(ctx, e.value)
    if op in ("<<", ">>"):
        value = coerce(value, "int")
        return CsExpr(f"{target.code} {e.op} {paren(value, ASSIGN)}", tcs, ASSIGN)
    if value.type == "bool":
        value = coerce(value, "int")
    if op in ("/", "%") and value.const == 0 and value.type in INTEGRAL:
        value = constant_zero_divisor(value.type)  # `x /= 0` (CS0020 as C#'s constant)
    if is_ptr_cs(tcs):
        step = scaled_by(coerce_index(value), delegate("pointee_stride")(ctx, e.target.type))
        return CsExpr(f"{target.code} {e.op} {paren(step, ASSIGN)}", tcs, ASSIGN)
    comp = usual_arithmetic(tcs, value.type)
    constant_fits = value.const is not None and value.type == "int" and tcs in INTEGRAL and fits(value.const, tcs)
    if (is_implicit(value.type, tcs) or constant_fits) and (comp == tcs or promoted(tcs) == comp):
        # C# evaluates `x op= y` as x = (T)(x op y) when y converts implicitly: C's rule,
        # as long as C would compute in the type C# computes in.
        return CsExpr(f"{target.code} {e.op} {paren(value, ASSIGN)}", tcs, ASSIGN)
    if not is_pure(e.target):
        raise TranslationError(e.loc, "a compound assignment that narrows, to a target with side effects, "
                               "is not supported yet", "unsupported-construct")
    # e.g. `int x; x += 0.5;` is x = (int)((double)x + 0.5) in C: computed in C's common type, then narrowed.
    prec = BINARY_PREC[op]
    inner = CsExpr(f"{paren(coerce(target, comp), prec)} {op} {paren(coerce(value, comp), prec + 1)}", comp, prec)
    # a `bool` target (`result &= term;` of two C bools, Parallel Etudes' mpi-sat.c) takes C's conversion to _Bool,
    # `!= 0`: C# has no cast from int to bool (CS0030)
    narrowed = coerce(inner, "bool") if tcs == "bool" else cast(inner, tcs)
    return CsExpr(f"{target.code} = {paren(narrowed, ASSIGN)}", tcs, ASSIGN)


def promoted(cs: str) -> str:
    """C's integer promotions, on C# type names."""
    return "int" if cs in ("sbyte", "byte", "short", "ushort", "bool", "char") else cs


def usual_arithmetic(a: str, b: str) -> str:
    """C's usual arithmetic conversions (LP64), on C# type names: the type a binary operation computes in."""
    a, b = promoted(a), promoted(b)
    if a == b:
        return a
    for f in ("CLongDouble", "double", "float"):
        if f in (a, b):
            return f
    if a not in BITS or b not in BITS:
        return a
    if BITS[a] != BITS[b]:
        return a if BITS[a] > BITS[b] else b  # the wider type holds every value of the narrower
    return a if a not in SIGNED else b  # same width: unsigned wins


def ref_param_name(ctx, e: ir.Expr):
    """The C# name of a pointer parameter passed as `ref T` (pointers.py), else None."""
    e = unwrap(e)
    if isinstance(e, ir.NameRef) and e.kind == "param" and ctx.plan is not None and \
            ctx.plan.is_ref_param(slot_key(ctx, e)):
        return ctx.local_name(e.name, e.decl)
    return None


def convert_index(ctx, e: ir.Index) -> CsExpr:
    view = ctx.fn.loop_views.accesses.get(id(e))
    if view is not None:
        return CsExpr(view, cs_type(e.type, e.loc), PRIMARY)  # through a loop's row view (loops.py)
    whole = ctx.fn.loop_views.whole_arrays.get(id(e))
    if whole is not None:
        index = coerce_index(convert_expr(ctx, e.index))
        if index.type == "int":  # a span takes an int index (loops.py lets through no wider or unsigned one)
            return CsExpr(f"{whole}[{index.code}]", cs_type(e.type, e.loc), PRIMARY)  # the function's view (loops.py)
    ref = ref_param_name(ctx, e.base)
    if ref is not None:
        return CsExpr(ref, cs_type(e.type, e.loc))  # p[0] of a `ref` parameter
    base, offset = element_address(ctx, e)
    if isinstance(e.type, ir.ArrayType):
        if base.cstype.is_inline_array:
            # a row of a struct's 2-D array used as a pointer (`fill_row(g->cell[1], n, v)`): the address of its first
            # element, a view of the struct's array (pointer_exprs.py, as `&g->cell[1][0]`)
            first = ir.Index(e.loc, e.type.element, e, ir.IntLit(e.loc, ir.IntType("int"), 0, "0"))
            return delegate("address_of")(ctx, ir.Unary(e.loc, ir.PointerType(e.type.element), "&", first))
        return pointer_at(ctx, base, offset, e.type, e.loc)  # a row of a 2-D array, used as a pointer
    if base.type == "string":
        return _string_literal_byte(e, base, offset)
    if base.cstype.is_inline_array and offset.type != "int":
        offset = coerce(offset, "int")  # an inline array (a struct's array field) takes an int index only
    _refuse_constant_index_outside(e, base, offset)
    return CsExpr(f"{paren(base, PRIMARY)}[{offset.code}]", cs_type(e.type, e.loc), PRIMARY)


def _string_literal_byte(e: ir.Index, base: CsExpr, offset: CsExpr) -> CsExpr:
    """A byte of a string literal, `"0123456789abcdef"[v & 15]`: C's char, where C#'s string indexer gives a char
    (CS0266 into a char variable) and takes an int index only (CS1503 of an unsigned one). A literal of ASCII bytes
    holds one C# char per byte, cast to sbyte (the literal written with its NUL); any other (`"caf\xc3\xa9"[4]` is the UTF-8 byte 0xA9, one C# char é
    in the string) is read from its char array."""
    literal = unwrap(e.base)
    ascii = isinstance(literal, ir.StringLit) and all(b < 0x80 for b in literal.value)
    if not ascii:
        return CsExpr(f"CString.Lit({base.code})[{offset.code}]", cs_type(e.type, e.loc), PRIMARY)
    if offset.type != "int":
        offset = coerce(offset, "int")
    # with its NUL, which C's loops read (`for (i = 0; "abc"[i]; i++)`)
    return CsExpr(f"(sbyte){string_literal(literal.value + bytes(1))}[{offset.code}]", cs_type(e.type, e.loc), UNARY)


def _refuse_constant_index_outside(e: ir.Index, base: CsExpr, offset: CsExpr) -> None:
    """A constant index outside an array object: before its start (`coords[-1]`; fuzz seed 4 input 7048), or past
    the end of a struct's array field. C leaves the access undefined (gcc reads or writes what lies there); C#
    warns on the first (CS0251) and refuses the second (an inline array's bounds are checked as it compiles). A
    pointer's negative index (`p[-1]`, a Ptr<T>) is legal and stays."""
    if offset.const is None or not (base.cstype.is_array or base.cstype.is_inline_array):
        return
    root = unwrap(e.base)
    while isinstance(root, ir.Index) and isinstance(root.type, ir.ArrayType):
        root = unwrap(root.base)  # m[i][j]: the offset is into the whole of m, flattened
    length = flat_length(root.type) if isinstance(root.type, ir.ArrayType) and base.cstype.is_inline_array else None
    if offset.const < 0 or length is not None and offset.const >= length:
        where = "before the start" if offset.const < 0 else "past the end"
        raise TranslationError(e.index.loc, f"this constant index is {where} of the array (undefined in C): the port "
                               "cannot translate the access", "array-bounds")


def element_address(ctx, e: ir.Index):
    """(buffer, flat offset) of `a[i]`, `a[i][j]`, `p[i]`: arrays of arrays are one row-major buffer."""
    base_ir = unwrap(e.base)
    index = coerce_index(convert_expr(ctx, e.index))
    scaled = scaled_by(index, flat_size(ctx, e.type))
    if isinstance(base_ir, ir.Index) and isinstance(base_ir.type, ir.ArrayType):
        outer_base, outer_off = element_address(ctx, base_ir)
        return outer_base, _add(outer_off, scaled)
    return convert_expr(ctx, base_ir), scaled


def as_count(value: CsExpr) -> CsExpr:
    """A C integer that C# typed bool (`!!6`, `(3 > 2)`, a macro of one), as the int C has, where an array's length
    goes (fuzz seed 2 input 1961: `#define N !!!!6`, `int a[N]` became `new int[true]`, CS0029)."""
    if value.type in ("float", "double", "CLongDouble"):
        # `malloc(n * sizeof(int))` of a double n: C converts the byte count to size_t, truncating (fuzz seed 13
        # input 3363: `new int[n]` of a double, CS0266)
        return coerce(value, "long")
    return coerce(value, "int") if value.type == "bool" else value


def coerce_index(index: CsExpr) -> CsExpr:
    if index.type in ("char", "sbyte", "byte", "short", "ushort", "bool"):
        return coerce(index, "int")
    if index.type in ("uint", "ulong"):
        return coerce(index, "long")  # C# indexes arrays with int or long; an unsigned value fits a long
    return index


def flat_size(ctx, t: ir.CType) -> CsExpr:
    """Flat elements one value of type `t` spans: 1 for a scalar, a row's length for a row of a flattened
    array; a variable-length row's bound (ArrayType.size_expr) is read where the row is used."""
    n, runtime = 1, []
    while isinstance(t, ir.ArrayType):
        if t.size is not None:
            n *= t.size
        elif t.size_expr is not None:
            runtime.append(coerce_index(convert_expr(ctx, t.size_expr)))
        t = t.element
    if not runtime:
        return CsExpr(str(n), "int", PRIMARY, n)
    if len(runtime) == 1 and n == 1:
        return runtime[0]
    factors = [paren(r, MUL + 1) for r in runtime] + ([str(n)] if n != 1 else [])
    return CsExpr(" * ".join(factors), "long" if any(r.type == "long" for r in runtime) else "int", MUL)


def scaled_by(index: CsExpr, size: CsExpr) -> CsExpr:
    """index * size, folded where size is a constant."""
    if size.const is not None:
        return index if size.const == 1 else _mul(index, size.const)
    return CsExpr(f"{paren(index, MUL)} * {paren(size, MUL + 1)}", "long" if "long" in (index.type, size.type)
                  else index.type, MUL)


def _mul(e: CsExpr, k: int) -> CsExpr:
    if e.const is not None:
        return CsExpr(str(e.const * k), e.type, PRIMARY, e.const * k)
    return CsExpr(f"{paren(e, MUL)} * {k}", e.type, MUL)


def _add(a: CsExpr, b: CsExpr) -> CsExpr:
    if a.const == 0:
        return b
    if b.const == 0:
        return a
    wider = "long" if "long" in (a.type, b.type) else a.type  # an unsigned index is a long (coerce_index)
    if a.const is not None and b.const is not None:
        return CsExpr(str(a.const + b.const), wider, PRIMARY, a.const + b.const)
    return CsExpr(f"{paren(a, ADD)} + {paren(b, ADD + 1)}", wider, ADD)


def pointer_at(ctx, base: CsExpr, offset: CsExpr, c_type, loc: ir.Loc) -> CsExpr:
    """A pointer `offset` elements into the buffer `base` (T[] or Ptr<T>)."""
    if base.cstype.is_inline_array:
        raise TranslationError(loc, "a pointer into an array inside a struct cannot be translated yet "
                               "(index the array instead)", "struct-array-pointer")
    pointee = c_type.element if isinstance(c_type, ir.ArrayType) else c_type.pointee
    if isinstance(pointee, ir.VoidType) and base.type == HANDLE:
        # GNU C's byte arithmetic on an opaque handle (`data + 4` of a callback's `void *data`): the bytes of
        # whatever numbers it holds (Handle.Bytes)
        base = CsExpr(f"Handle.Bytes({base.code})", ptr_of("byte"), PRIMARY)
    if isinstance(pointee, ir.VoidType) and base.cstype.element is not None:
        # GNU C's arithmetic on a `void *` counts bytes: the buffer is bytes here (a byte slot, pointers.py)
        if base.cstype.element.text != "byte":
            raise TranslationError(loc, "arithmetic on a void pointer that is not a byte buffer here",
                                   "void-pointer")
        elem = "byte"
    else:
        elem = element_cs(pointee, loc)
    ptr = ptr_of(elem)
    if base.type == "string":
        # `"abcdef" + n`, `"fmt" - k`: arithmetic on a literal is on its char array (fuzz seed 13 input 1020:
        # `new Ptr<sbyte>("...", n)` of a .NET string, CS1503)
        base = coerce(base, ptr_of("sbyte"))
    if offset.const == 0:
        # the buffer itself: a T[] stays one (it converts to Ptr<T> implicitly where one is needed)
        return base if base.cstype.points_to(elem) else coerce(base, ptr)
    if base.cstype.is_ptr:
        return CsExpr(f"{paren(base, ADD)} + {paren(offset, ADD + 1)}", ptr, ADD)
    return CsExpr(f"new {ptr}({base.code}, {offset.code})", ptr, PRIMARY)


def convert_member(ctx, e: ir.Member) -> CsExpr:
    ref = ref_param_name(ctx, e.base) if e.arrow else None
    if ref is not None:
        # `r->data` of a `ref` parameter: a fixed array is an inline array here too (indexed by an int only)
        cs = inline_array_type(e.type) if isinstance(e.type, ir.ArrayType) and flat_length(e.type) else \
            cs_type(e.type, e.loc)
        return CsExpr(f"{ref}.{ctx.name(e.name)}", cs, PRIMARY)
    if isinstance(e.type, ir.ArrayType) and not flat_length(e.type):
        return delegate("flexible_elements")(ctx, e)  # `p->v`: a flexible array member's elements after the struct
    base = convert_expr(ctx, e.base)
    if e.arrow:
        base = CsExpr(f"{paren(base, PRIMARY)}[0]", "", PRIMARY)  # p->x is (*p).x
    if isinstance(e.type, ir.ArrayType):
        # a fixed array inside a struct: an inline array
        return CsExpr(f"{paren(base, PRIMARY)}.{ctx.name(e.name)}", inline_array_type(e.type), PRIMARY)
    cs = cs_type(e.type, e.loc)
    return CsExpr(f"{paren(base, PRIMARY)}.{ctx.name(e.name)}", cs, PRIMARY)


def convert_conditional(ctx, e: ir.Conditional) -> CsExpr:
    select = floating_select(ctx, e)
    if select is not None:
        return select
    cond = as_bool(convert_expr(ctx, e.cond))
    a, b = convert_expr(ctx, e.then), convert_expr(ctx, e.otherwise)
    if a.type == b.type == "function":
        # `c ? desc : asc`: two C functions, typed by the slot that receives them (C#'s target-typed conditional)
        return CsExpr(f"{paren(cond, LOR)} ? {a.code} : {b.code}", "function", COND)
    cs = cs_type(e.type, e.loc)
    if isinstance(e.type, ir.PointerType):
        # `rank == 0 ? malloc(...) : NULL`: arrays and null stay an array (pointers.py gives such a slot T[])
        array = cs_type(e.type, e.loc, "array")
        if all(x.type == array or is_null_pointer(c) for x, c in ((a, e.then), (b, e.otherwise))):
            a, b = (x if x.type == array else CsExpr("null", array, PRIMARY) for x in (a, b))
            return CsExpr(f"{paren(cond, LOR)} ? {paren(a, COND)} : {paren(b, COND)}", array, COND)
    if cs in NUMERIC and "char" in (a.type, b.type):
        # `c == ' ' ? '_' : c`: C's arms are ints (promoted), C#'s a char and a sbyte, which have no common type
        a, b = (cast(x, cs) if narrow_before_promotion(ctx, arm) else x for x, arm in ((a, e.then), (b, e.otherwise)))
    a, b = coerce(a, cs), coerce(b, cs)
    return CsExpr(f"{paren(cond, LOR)} ? {paren(a, COND)} : {paren(b, COND)}", cs, COND)


def floating_select(ctx, e: ir.Conditional) -> Optional[CsExpr]:
    """`x > y ? x : y` and `x < y ? x : y` of two doubles or two floats (either arm order: `x < y ? y : x` is
    `y > x ? y : x`), x and y names, constants or elements that evaluating once reads as evaluating twice:
    `CMath.IfGreater(x, y)`, `CMath.IfLess(x, y)`, one maxsd or minsd, which x86 defines as exactly these
    conditionals, NaNs and signed zeros included (gcc -O2 emits the same), where the JIT jumps on the comparison.
    A `>=` or `<=` keeps the conditional: its ties and NaNs do not give the same operand."""
    if not isinstance(e.type, ir.FloatType) or e.type.name not in ("double", "float"):
        return None
    cond = _without_parens(e.cond)
    if not isinstance(cond, ir.Binary) or cond.op not in ("<", ">"):
        return None
    x, y = cond.lhs, cond.rhs
    if not (x.type == y.type == e.type and is_pure(x) and is_pure(y)):
        return None
    then, otherwise = e.then, e.otherwise
    if _same_expr(then, x) and _same_expr(otherwise, y):
        first, second, greater = x, y, cond.op == ">"
    elif _same_expr(then, y) and _same_expr(otherwise, x):
        first, second, greater = y, x, cond.op == "<"  # x < y ? y : x is y > x ? y : x
    else:
        return None
    cs = cs_type(e.type, e.loc)
    a, b = (coerce(convert_expr(ctx, _without_parens(x)), cs) for x in (first, second))  # a macro's `(a)`
    return CsExpr(f"CMath.{'IfGreater' if greater else 'IfLess'}({a.code}, {b.code})", cs, PRIMARY)


def _without_parens(e: ir.Expr) -> ir.Expr:
    while isinstance(e, ir.Paren):
        e = e.inner
    return e


def _same_expr(a: ir.Expr, b: ir.Expr) -> bool:
    """Whether two expressions are written alike (their locations aside), through parentheses."""
    a, b = _without_parens(a), _without_parens(b)
    if type(a) is not type(b):
        return False
    if not dataclasses.is_dataclass(a):
        return a == b
    for f in dataclasses.fields(a):
        if f.name == "loc":
            continue
        va, vb = getattr(a, f.name), getattr(b, f.name)
        if isinstance(va, ir.Expr) and isinstance(vb, ir.Expr):
            if not _same_expr(va, vb):
                return False
        elif isinstance(va, tuple) and isinstance(vb, tuple):
            if len(va) != len(vb) or not all(_same_expr(p, q) if isinstance(p, ir.Expr) else p == q
                                             for p, q in zip(va, vb)):
                return False
        elif va != vb:
            return False
    return True


def narrow_before_promotion(ctx, e: ir.Expr) -> bool:
    """Whether C's integer promotion widened `e` from a char or short: its C# code has the narrow type."""
    inner = strip_implicit(e)
    return inner is not e and cs_type(inner.type, inner.loc) in ("sbyte", "byte", "short", "ushort")


def convert_sizeof(ctx, e: ir.SizeOf) -> CsExpr:
    if e.value is None:
        size = _variable_size(ctx, e.of_expr if e.of_expr is not None else e.of_type)
        if size is not None:
            return size
        raise TranslationError(e.loc, "sizeof of a variable-size object is not supported", "unsupported-construct")
    return CsExpr(str(e.value), "ulong", PRIMARY, e.value)


def _variable_size(ctx, e) -> Optional[CsExpr]:
    """sizeof of a variable-length array or one of its rows, taken when evaluated: a local array's own
    length (C fixes it at the declaration), a row's bounds as written, times the scalar's size. `e` is the
    operand, or the type named (`sizeof(double[n][m])`: its bounds as written, read now)."""
    while isinstance(e, ir.Paren):
        e = e.inner
    t = e if isinstance(e, ir.ArrayType) else (e.type if e is not None else None)
    if not isinstance(t, ir.ArrayType):
        return None
    scalar = t
    while isinstance(scalar, ir.ArrayType):
        scalar = scalar.element
    if isinstance(e, ir.NameRef) and e.kind == "local":
        length = convert_expr(ctx, e)
        return CsExpr(f"(ulong){paren(length, PRIMARY)}.Length * {size_of(ctx, scalar)}", "ulong", MUL)
    count = flat_size(ctx, t)
    if count.const is not None:
        return None
    return CsExpr(f"(ulong){paren(count, PRIMARY)} * {size_of(ctx, scalar)}", "ulong", MUL)


def convert_string(ctx, e: ir.StringLit) -> CsExpr:
    if 0 in e.value:
        # `"one\0two"`: every C function that reads it stops at the NUL; as a .NET string the runtime's string
        # overloads (printf's format, strlen, fputs, %s) would read past it. Its char array reads as C does.
        return CsExpr(f"CString.Lit({string_literal(e.value)})", ptr_of("sbyte"), PRIMARY)
    return CsExpr(string_literal(e.value), "string")


def _retyped_out_argument(a: ir.Expr) -> bool:
    """`(char **)&p` of a pointer p to another type: the callee would store and read p as another type."""
    e = strip_implicit(a)
    while isinstance(e, ir.Cast) and _pointer_to_pointer(e.type) and _pointer_to_pointer(strip_implicit(e.operand).type):
        inner = strip_implicit(e.operand)
        if cs_type(e.type.pointee.pointee, e.loc) != cs_type(inner.type.pointee.pointee, e.loc) and \
                not isinstance(e.type.pointee.pointee, ir.VoidType):
            return True
        e = inner
    return False


def _refuse_references_in_mpi_memory(ctx, fn: ir.Function, type_parameter: str, type_arg: str, arg: ir.Expr) -> None:
    """A generic buffer parameter whose memory MPI moves (`where T : unmanaged`, generic_buffers.py) given a struct
    that holds pointers (`send_all(list, sizeof list)` of a wrapper of MPI_Bcast): C# would refuse the call (CS8377)
    and a pointer means nothing in another rank, so a located error. Memory that MPI only allocates and frees
    (MPI_Alloc_mem, MPI_Free_mem: the Intel MPI Benchmarks' struct Bench list) may hold any type."""
    if (fn.name, type_parameter) not in ctx.plan.unmanaged_type_parameters:
        return
    if not any(r.name == type_arg and not r.is_union for r in ctx.tu.records):
        return
    holds_references, _ = managed_footprint(ctx, ir.RecordType(type_arg))
    if holds_references:
        raise TranslationError(arg.loc, f"'{fn.name}' gives this memory to MPI as a message, and struct {type_arg} "
                               "holds pointers, which mean nothing in another rank: send the numbers only",
                               "mpi-buffer-references")


def _pointer_to_pointer(t) -> bool:
    return isinstance(t, ir.PointerType) and isinstance(t.pointee, ir.PointerType)


def _takes_long_double(t: ir.CType) -> bool:
    """Whether a library function's prototype takes or returns a long double (expl, powl, frexpl, strtold)."""
    if not isinstance(t, ir.FunctionType):
        return False
    return any(isinstance(x, ir.FloatType) and x.name == "long double" for x in (t.result, *t.params))


def _double_twin(ctx, callee: ir.NameRef):
    """The double function of a long double libm function with no exact port (expl: exp), when each of its operands
    and its result is a long double and the twin's row is a plain pure call; else None."""
    t = callee.type
    if not isinstance(t, ir.FunctionType) or not callee.name.endswith("l"):
        return None
    if not all(isinstance(x, ir.FloatType) and x.name == "long double" for x in (t.result, *t.params)):
        return None
    rule = ctx.rules.libc.get(callee.name[:-1])
    if rule is None or rule.special or rule.family or "Math." not in rule.target:
        return None
    return rule


def _through_double(ctx, e: ir.Call, callee: ir.NameRef, twin) -> CsExpr:
    """expl(x) as `(CLongDouble)Math.Exp((double)x)`: the program keeps working, with a double's 53 bits in this one
    result where gcc's x87 code has 64 (a warning says so). Refusing the program would lose more than the last
    digits: most print such results with far fewer digits than a double holds."""
    if ("long-double-function", callee.name) not in ctx.warned_once:  # once per function, at its first call
        ctx.warned_once.add(("long-double-function", callee.name))
        ctx.diagnostics.warn(e.loc, f"'{callee.name}' is computed in double precision (the port has no exact 80-bit "
                             f"version of it): its last digits may differ from gcc's", "long-double-function")
    args = ", ".join(f"(double){paren(convert_expr(ctx, a), UNARY)}" for a in e.args)
    return CsExpr(f"(CLongDouble){twin.target}({args})", LONG_DOUBLE, UNARY)


def convert_call(ctx, e: ir.Call, result_type: Optional[str] = None) -> CsExpr:
    """A call. result_type: the element type a function with a generic `void *` result gives (the pointer type
    its result is converted to: `double *a = xmalloc(...)` is `xmalloc<double>(...)`)."""
    callee = strip_implicit(e.callee)
    while isinstance(callee, ir.Paren) or (isinstance(callee, ir.MacroRef) and callee.expansion is not None):
        # (f)(x); va_start(ap, n), whose name is a macro for __builtin_va_start
        callee = strip_implicit(callee.inner if isinstance(callee, ir.Paren) else callee.expansion)
    if not isinstance(callee, ir.NameRef) or callee.kind not in ("function", "library"):
        # A call through a function pointer: a delegate call in C#.
        fptr = convert_expr(ctx, callee)
        ftype = callee.type.pointee if isinstance(callee.type, ir.PointerType) else callee.type
        if not isinstance(ftype, ir.FunctionType):
            raise TranslationError(e.loc, "this call cannot be translated", "unsupported-construct")
        wanted = delegate_params(fptr.type) or []
        args = [convert_value(ctx, a, ftype.params[i]) if i < len(ftype.params) else convert_expr(ctx, a)
                for i, a in enumerate(e.args)]
        # a `void *` handle given to a delegate whose functions read it as a pointer (`f(t, ctx)` of a visitor whose
        # callbacks cast their `void *` to different types: Ptr<byte>): its pointer or bytes, as C converts it
        args = [coerce_at(v, wanted[i], a.loc) if v.type == HANDLE and i < len(wanted) else v
                for i, (v, a) in enumerate(zip(args, e.args))]
        return CsExpr(f"{paren(fptr, PRIMARY)}({', '.join(v.code for v in args)})", cs_type(e.type, e.loc), PRIMARY)
    if callee.kind == "library":
        builtin = BUILTINS.get(callee.name)
        if builtin is not None:
            return builtin(ctx, e, callee.name)  # va_start and its kin (varargs.py)
        rule = ctx.rules.mpi.get(callee.name)
        if rule is not None:
            return CALLS["mpi"](ctx, e, callee, rule)  # mpi.py
        rule = ctx.rules.libc.get(callee.name)
        if rule is not None:
            return CALLS["libc"](ctx, e, callee, rule)  # libc.py
        if callee.name in load_rules().names("allocates", ("new", "resize")):
            # malloc's rows are no calls: memory.py gives the memory the type of what holds it (real12: `void
            # *bufs[N]` filled by malloc was "no translation for the library function 'malloc'")
            raise TranslationError(e.loc, f"the memory {callee.name} returns here gets no element type: the port "
                                   "types it by the pointer it is stored in or cast to (`(double *)malloc(n)`); "
                                   "store it in a typed pointer first", "allocation")
        if _takes_long_double(callee.type):
            twin = _double_twin(ctx, callee)
            if twin is not None:
                return _through_double(ctx, e, callee, twin)
            raise TranslationError(e.loc, f"'{callee.name}' computes in long double (gcc's x87 80 bits): the port "
                                   "has no version of it that matches glibc's bit for bit, and will not compute it in "
                                   "double precision; call the double function (drop the l suffix, cast the "
                                   "argument)", "long-double-function")
        where = f" (declared in {callee.header})" if callee.header else ""
        raise TranslationError(e.loc, f"no translation for the library function '{callee.name}'{where}",
                               "unmapped-function")
    fn = function_named(ctx.tu.functions, callee.name)
    if fn is None:
        raise TranslationError(e.loc, f"'{callee.name}' is declared but no file of the program defines it",
                               "missing-definition")
    _refuse_in_place_as_memory(fn, e.args)
    generic = delegate("generic_call_arguments")(ctx, fn)
    type_args = [delegate("type_argument")(ctx, e.args[i], _pointer_to_pointer(fn.params[i].type))
                 for i in sorted(generic) if i < len(e.args)]
    for i, type_arg in zip((i for i in sorted(generic) if i < len(e.args)), type_args):
        _refuse_references_in_mpi_memory(ctx, fn, generic[i], type_arg, e.args[i])
    if fn.name in ctx.plan.result_type_parameters:
        type_args.insert(0, result_type or delegate("result_type_argument")(ctx, e))
    args = []
    for i, a in enumerate(e.args):
        if i < len(fn.params) and ctx.plan.is_ref_param(("var", fn.name, fn.params[i].name)):
            if i not in generic and _retyped_out_argument(a):
                raise TranslationError(a.loc, f"'{fn.params[i].name}' of '{fn.name}' uses the memory it is given as "
                                       "its own C type, not as the type of the pointer passed here "
                                       "(only an out-parameter that memset, free, MPI buffers and generic buffers "
                                       "alone use takes any), which cannot be translated", "pointer-cast")
            args.append("ref " + delegate("ref_argument")(ctx, a, i in generic))
        elif i in generic:
            given = strip_implicit(a)
            while isinstance(given, ir.Cast) and _pointer_to_pointer(given.type) and \
                    _pointer_to_pointer(strip_implicit(given.operand).type):
                given = strip_implicit(given.operand)  # `(char **)&p` for a generic out-parameter: p's own box
            value = convert_expr(ctx, given)  # its own Ptr or array: the type argument says which
            if value.type == HANDLE:
                # an opaque handle passed on as a generic buffer (graph500's aml_send(void *src) hands src to a
                # handler and to aml_send_intra's memcpy): the bytes of whatever numbers it holds
                where = f"{os.path.basename(a.loc.file)}:{a.loc.line}:{a.loc.col}" if a.loc is not None else "?"
                value = CsExpr(f"Handle.Bytes({value.code}, \"{where}\")", ptr_of("byte"), PRIMARY)
            args.append("default" if value.type == "null" else value.code)
        elif i < len(fn.params):
            p = fn.params[i]
            want = ctx.slot_type(("var", fn.name, p.name), p.type, a.loc)
            args.append(coerce_at(convert_expr(ctx, a), want, a.loc).code)
        else:
            value = convert_expr(ctx, a)
            if len(e.args) == len(fn.params) + 1 and (value.type == "null" or value.cstype.is_array):
                # the one variadic argument NULL (`join(out, "root", NULL)`): C# would take a lone null, or an array
                # of references, as the `params object[]` array itself, and the callee would see no argument
                value = CsExpr(f"(object){paren(value, UNARY)}", "object", UNARY)
            args.append(value.code)
    ret = ctx.slot_type(("ret", fn.name, ""), fn.type.result, e.loc)
    if fn.name in ctx.plan.result_type_parameters:
        ret = ptr_of(type_args[0])
    type_list = f"<{', '.join(type_args)}>" if type_args else ""
    return CsExpr(f"{ctx.name(callee.name)}{type_list}({', '.join(args)})", ret, PRIMARY)


_DISPATCH = {
    ir.IntLit: convert_int_lit,
    ir.FloatLit: convert_float_lit,
    ir.CharLit: convert_char_lit,
    ir.StringLit: convert_string,
    ir.NameRef: convert_name,
    ir.MacroRef: convert_macro_ref,
    ir.Paren: convert_paren,
    ir.Cast: convert_cast,
    ir.Binary: convert_binary,
    ir.Unary: convert_unary,
    ir.Assign: convert_assign,
    ir.Index: convert_index,
    ir.Member: convert_member,
    ir.Conditional: convert_conditional,
    ir.SizeOf: convert_sizeof,
    ir.Call: convert_call,
}
# The core's own converters; handler modules add theirs (inits.py: InitList, CompoundLiteral; varargs.py: VaArg).
EXPRESSIONS.update(_DISPATCH)
_DISPATCH = EXPRESSIONS
