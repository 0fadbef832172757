"""C expressions -> C# expressions with C's semantics.

Each conversion returns a `CsExpr`: its code, its C# type and its precedence.
`coerce` then turns a value into the C# type a context needs, inserting the
casts C does implicitly but C# does not (int -> uint, double -> int, int ->
bool in conditions, bool -> int for comparisons used as values).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from .. import ir
from ..diagnostics import TranslationError
from .types import NUMERIC, INTEGRAL, cs_type, fits, is_implicit

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


def paren(e: CsExpr, min_prec: int) -> str:
    return e.code if e.prec >= min_prec else f"({e.code})"


def cast(e: CsExpr, cs: str) -> CsExpr:
    return CsExpr(f"({cs}){paren(e, UNARY)}", cs, UNARY)


def coerce(e: CsExpr, cs: str) -> CsExpr:
    """The value of `e` as C# type `cs`, with C's conversion semantics."""
    if e.type == cs:
        return e
    if cs == "bool":
        return as_bool(e)
    if e.type == "bool":
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
            return _wrapped_constant(e.const, cs)  # C# rejects (uint)-1 at compile time
        return cast(e, cs)
    return CsExpr(e.code, cs, e.prec)


def _wrapped_constant(value: int, cs: str) -> CsExpr:
    """A constant converted with C's modular rules: C# rejects `(uint)-1` at compile time."""
    from .types import BITS, SIGNED
    bits = BITS[cs]
    v = value & ((1 << bits) - 1)
    if cs in SIGNED and v >= 1 << (bits - 1):
        v -= 1 << bits
    return int_literal(v, cs)


def int_literal(value: int, cs: str) -> CsExpr:
    suffix = {"uint": "u", "long": "L", "ulong": "UL"}.get(cs, "")
    code = f"{value}{suffix}"
    if cs in ("sbyte", "byte", "short", "ushort"):
        return CsExpr(code if value >= 0 else f"{code}", cs, PRIMARY if value >= 0 else UNARY, value)
    return CsExpr(code, cs, PRIMARY if value >= 0 else UNARY, value)


def as_bool(e: CsExpr) -> CsExpr:
    """A C scalar used as a truth value."""
    if e.type == "bool":
        return e
    if e.const is not None:
        return CsExpr("true" if e.const else "false", "bool")
    if e.type in NUMERIC:
        return CsExpr(f"{paren(e, REL)} != 0", "bool", EQ)
    return CsExpr(f"{paren(e, REL)} != null", "bool", EQ)


def is_null_pointer(e: ir.Expr) -> bool:
    while isinstance(e, (ir.Cast, ir.Paren)) or (isinstance(e, ir.MacroRef) and e.expansion is not None):
        e = e.operand if isinstance(e, ir.Cast) else e.inner if isinstance(e, ir.Paren) else e.expansion
    return isinstance(e, ir.IntLit) and e.value == 0


def strip_implicit(e: ir.Expr) -> ir.Expr:
    while isinstance(e, ir.Cast) and e.implicit:
        e = e.operand
    return e


def is_pure(e: ir.Expr) -> bool:
    """True when evaluating `e` twice is the same as once (names, constants, indexing by those)."""
    if isinstance(e, (ir.NameRef, ir.IntLit, ir.FloatLit, ir.CharLit, ir.MacroRef)):
        return True
    if isinstance(e, (ir.Cast,)):
        return is_pure(e.operand)
    if isinstance(e, ir.Paren):
        return is_pure(e.inner)
    if isinstance(e, ir.Index):
        return is_pure(e.base) and is_pure(e.index)
    if isinstance(e, ir.Member):
        return is_pure(e.base)
    if isinstance(e, ir.Binary):
        return is_pure(e.lhs) and is_pure(e.rhs)
    return False


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


def convert_float_lit(ctx, e: ir.FloatLit) -> CsExpr:
    cs = cs_type(e.type, e.loc)
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
    if v < 0:
        return int_literal(v, "int")
    if v in _CHAR_ESCAPES:
        return CsExpr(f"'{_CHAR_ESCAPES[v]}'", "char", PRIMARY, v)
    if 32 <= v < 127:
        return CsExpr(f"'{chr(v)}'", "char", PRIMARY, v)
    return CsExpr(f"'\\u{v:04x}'", "char", PRIMARY, v)


def string_literal(value: bytes) -> str:
    try:
        text = value.decode("utf-8")
    except UnicodeDecodeError:
        text = value.decode("latin-1")
    out = []
    for ch in text:
        o = ord(ch)
        if ch == '"':
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
    """Convert `e` and coerce it to the C# form of `c_type`."""
    return coerce(convert_expr(ctx, e), cs_type(c_type, e.loc))


def convert_name(ctx, e: ir.NameRef) -> CsExpr:
    if e.kind == "library":
        mapped = ctx.rules.constants.get(e.name)
        if mapped is None:
            raise TranslationError(e.loc, f"no translation for the library name '{e.name}'"
                                   + (f" (declared in {e.header})" if e.header else ""), "unmapped-name")
        return CsExpr(mapped, _library_constant_type(ctx, e), PRIMARY)
    cs = cs_type(e.type, e.loc) if not isinstance(e.type, ir.FunctionType) else "function"
    if e.kind == "static_local":
        return CsExpr(ctx.static_local_name(e.name), cs)
    return CsExpr(ctx.name(e.name), cs)


def _library_constant_type(ctx, e: ir.NameRef) -> str:
    try:
        return cs_type(e.type, e.loc)
    except TranslationError:
        return "object"


def convert_macro_ref(ctx, e: ir.MacroRef) -> CsExpr:
    if e.name in ctx.macro_names:
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
        return CsExpr(mapped, cs, PRIMARY)
    if e.expansion is None:
        raise TranslationError(e.loc, f"cannot translate the macro '{e.name}'", "macro-expansion")
    return convert_expr(ctx, e.expansion)


def convert_paren(ctx, e: ir.Paren) -> CsExpr:
    inner = convert_expr(ctx, e.inner)
    return CsExpr(f"({inner.code})", inner.type, PRIMARY, inner.const)


def convert_cast(ctx, e: ir.Cast) -> CsExpr:
    if isinstance(e.type, ir.VoidType):
        return convert_expr(ctx, e.operand)  # (void)f(): the statement converter drops the value
    target = cs_type(e.type, e.loc)
    inner = convert_expr(ctx, e.operand)
    if isinstance(e.type, (ir.PointerType, ir.ArrayType)):
        if is_null_pointer(e.operand):
            return CsExpr("null", target)
        return CsExpr(inner.code, target, inner.prec)
    if e.implicit:
        return coerce(inner, target)
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


def convert_binary(ctx, e: ir.Binary) -> CsExpr:
    op = e.op
    if op == ",":
        raise TranslationError(e.loc, "the comma operator is only supported in for-loop headers and statements",
                               "unsupported-construct")
    if op in ("&&", "||"):
        lhs = as_bool(convert_expr(ctx, e.lhs))
        rhs = as_bool(convert_expr(ctx, e.rhs))
        prec = BINARY_PREC[op]
        return CsExpr(f"{paren(lhs, prec)} {op} {paren(rhs, prec + 1)}", "bool", prec)
    lhs = convert_expr(ctx, e.lhs)
    rhs = convert_expr(ctx, e.rhs)
    prec = BINARY_PREC[op]
    if op in COMPARISONS:
        # clang has already converted both operands to their common type.
        common = cs_type(e.lhs.type, e.loc) if not isinstance(e.lhs.type, (ir.PointerType, ir.ArrayType)) else None
        if common is not None:
            lhs, rhs = coerce(lhs, common), coerce(rhs, common)
        return CsExpr(f"{paren(lhs, prec)} {op} {paren(rhs, prec + 1)}", "bool", prec)
    result = cs_type(e.type, e.loc)
    if op in ("<<", ">>"):
        lhs = coerce(lhs, result)
        rhs = coerce(rhs, "int")  # C# shift counts are int
    else:
        lhs, rhs = coerce(lhs, result), coerce(rhs, result)
    code = f"{paren(lhs, prec)} {op} {paren(rhs, prec + 1)}"
    if lhs.const is not None and rhs.const is not None and result in INTEGRAL:
        exact = _fold(op, lhs.const, rhs.const)
        if exact is not None and not fits(exact, result):
            # C wraps constant arithmetic modulo 2^n; C# rejects it at compile time unless unchecked.
            wrapped = _wrapped_constant(exact, result).const
            return CsExpr(f"unchecked({code})", result, PRIMARY, wrapped)
        return CsExpr(code, result, prec, exact)
    return CsExpr(code, result, prec)


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


def convert_unary(ctx, e: ir.Unary) -> CsExpr:
    op = e.op
    if op == "!":
        inner = as_bool(convert_expr(ctx, e.operand))
        return CsExpr(f"!{paren(inner, UNARY)}", "bool", UNARY)
    if op == "&":
        raise TranslationError(e.loc, "taking an address (&) is only supported for MPI and library call arguments "
                               "so far", "unsupported-construct")
    if op == "*":
        inner = convert_expr(ctx, e.operand)
        if inner.type.endswith("[]"):
            return CsExpr(f"{paren(inner, PRIMARY)}[0]", inner.type[:-2], PRIMARY)
        raise TranslationError(e.loc, "this dereference is not supported yet", "unsupported-construct")
    result = cs_type(e.type, e.loc)
    inner = convert_expr(ctx, e.operand)
    if op in ("pre++", "pre--"):
        return CsExpr(f"{op[3:]}{paren(inner, UNARY)}", result, UNARY)
    if op in ("post++", "post--"):
        return CsExpr(f"{paren(inner, PRIMARY)}{op[4:]}", result, PRIMARY)
    inner = coerce(inner, result)
    if op == "+":
        return inner
    if op == "-":
        if inner.const is not None and inner.code.lstrip("-").replace(".", "").isdigit():
            return CsExpr(f"-{inner.code}", result, UNARY, -inner.const)
        if result in ("uint", "ulong"):
            # C# widens -uint to long and rejects -ulong; C wraps modulo 2^n.
            zero = "0u" if result == "uint" else "0UL"
            return CsExpr(f"{zero} - {paren(inner, ADD + 1)}", result, ADD)
        code = f"-{paren(inner, UNARY)}"
        if code.startswith("--"):
            code = f"-({inner.code})"
        return CsExpr(code, result, UNARY, -inner.const if inner.const is not None else None)
    if op == "~":
        return CsExpr(f"~{paren(inner, UNARY)}", result, UNARY,
                      ~inner.const if inner.const is not None else None)
    raise TranslationError(e.loc, f"the operator {op} is not supported yet", "unsupported-construct")


_SIMPLE_COMPOUND = {"+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="}


def convert_assign(ctx, e: ir.Assign) -> CsExpr:
    target = convert_expr(ctx, e.target)
    tcs = cs_type(e.target.type, e.loc)
    if e.op == "=":
        value = coerce(convert_expr(ctx, e.value), tcs)
        return CsExpr(f"{target.code} = {paren(value, ASSIGN)}", tcs, ASSIGN)
    op = e.op[:-1]
    value = convert_expr(ctx, e.value)
    if op in ("<<", ">>"):
        value = coerce(value, "int")
        return CsExpr(f"{target.code} {e.op} {paren(value, ASSIGN)}", tcs, ASSIGN)
    vcs = value.type if value.type != "bool" else "int"
    if value.type == "bool":
        value = coerce(value, "int")
    if is_implicit(vcs, tcs) or (value.const is not None and tcs in INTEGRAL and fits(value.const, tcs)):
        # C# evaluates `x op= y` as x = (T)(x op y) when y converts implicitly: C's rule.
        return CsExpr(f"{target.code} {e.op} {paren(value, ASSIGN)}", tcs, ASSIGN)
    if not is_pure(e.target):
        raise TranslationError(e.loc, "a compound assignment that narrows, to a target with side effects, "
                               "is not supported yet", "unsupported-construct")
    # e.g. `int x; x += 0.5;` is x = (int)(x + 0.5) in C; C# needs it spelled out.
    prec = BINARY_PREC[op]
    wide = vcs if is_implicit(tcs, vcs) else None
    lhs = coerce(target, wide) if wide else target
    inner = CsExpr(f"{paren(lhs, prec)} {op} {paren(value, prec + 1)}", wide or vcs, prec)
    return CsExpr(f"{target.code} = {cast(inner, tcs).code}", tcs, ASSIGN)


def convert_index(ctx, e: ir.Index) -> CsExpr:
    base = convert_expr(ctx, e.base)
    index = convert_expr(ctx, e.index)
    if index.type in ("char",):
        index = coerce(index, "int")
    return CsExpr(f"{paren(base, PRIMARY)}[{index.code}]", cs_type(e.type, e.loc), PRIMARY)


def convert_member(ctx, e: ir.Member) -> CsExpr:
    base = convert_expr(ctx, e.base)
    if e.arrow:
        raise TranslationError(e.loc, "-> is not supported yet", "unsupported-construct")
    return CsExpr(f"{paren(base, PRIMARY)}.{e.name}", cs_type(e.type, e.loc), PRIMARY)


def convert_conditional(ctx, e: ir.Conditional) -> CsExpr:
    cs = cs_type(e.type, e.loc)
    cond = as_bool(convert_expr(ctx, e.cond))
    a = coerce(convert_expr(ctx, e.then), cs)
    b = coerce(convert_expr(ctx, e.otherwise), cs)
    return CsExpr(f"{paren(cond, LOR)} ? {paren(a, COND)} : {paren(b, COND)}", cs, COND)


def convert_sizeof(ctx, e: ir.SizeOf) -> CsExpr:
    if e.value is None:
        raise TranslationError(e.loc, "sizeof of a variable-size object is not supported", "unsupported-construct")
    return CsExpr(str(e.value), "ulong", PRIMARY, e.value)


def convert_string(ctx, e: ir.StringLit) -> CsExpr:
    return CsExpr(string_literal(e.value), "string")


def convert_call(ctx, e: ir.Call) -> CsExpr:
    from .mpi import convert_mpi_call
    from .libc import convert_libc_call
    callee = strip_implicit(e.callee)
    if not isinstance(callee, ir.NameRef):
        raise TranslationError(e.loc, "calls through function pointers are not supported yet", "unsupported-construct")
    ftype = callee.type if isinstance(callee.type, ir.FunctionType) else None
    if callee.kind == "library":
        rule = ctx.rules.mpi.get(callee.name)
        if rule is not None:
            return convert_mpi_call(ctx, e, callee, rule)
        rule = ctx.rules.libc.get(callee.name)
        if rule is not None:
            return convert_libc_call(ctx, e, callee, rule)
        where = f" (declared in {callee.header})" if callee.header else ""
        raise TranslationError(e.loc, f"no translation for the library function '{callee.name}'{where}",
                               "unmapped-function")
    args = []
    for i, a in enumerate(e.args):
        if ftype is not None and i < len(ftype.params):
            args.append(convert_value(ctx, a, ftype.params[i]).code)
        else:
            args.append(convert_expr(ctx, a).code)
    ret = cs_type(e.type, e.loc)
    return CsExpr(f"{ctx.name(callee.name)}({', '.join(args)})", ret, PRIMARY)


def convert_init_list(ctx, e: ir.InitList) -> CsExpr:
    raise TranslationError(e.loc, "an initializer list here is not supported yet", "unsupported-construct")


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
    ir.InitList: convert_init_list,
}
