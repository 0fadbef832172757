"""Top-level declarations: #define constants, globals, functions -> class members."""
from __future__ import annotations

import re
from typing import List

from .. import ir
from ..diagnostics import TranslationError
from .context import Context, render_comment
from .exprs import convert_value
from .stmts import INDENT, convert_array_init, convert_block_items
from .types import cs_type, default_value

_OCTAL = re.compile(r"^0[0-7]+[uUlL]*$")


def convert_macro_const(ctx: Context, m: ir.MacroConst) -> str:
    """`#define N 64` -> `const int N = 64;` (the body translated token by token)."""
    cs = cs_type(m.type, m.loc)
    parts = []
    for tok in m.tokens:
        if _OCTAL.match(tok):
            tok = str(int(tok.rstrip("uUlL"), 8))
        elif re.match(r"^[0-9.]", tok):
            tok = re.sub(r"(?i)ll$", "L", tok)
            tok = re.sub(r"(?i)ull$|llu$", "UL", tok)
            if re.match(r"^\d+\.$", tok) or re.match(r"^\d+\.[eE]", tok):
                tok = tok.replace(".", ".0", 1)
            if tok.startswith("."):
                tok = "0" + tok
        elif re.match(r"^[A-Za-z_]\w*$", tok) and tok not in ctx.macro_names:
            mapped = ctx.rules.constants.get(tok)
            if mapped is None:
                raise TranslationError(m.loc, f"the macro {m.name} uses '{tok}', which has no translation",
                                       "macro-expansion")
            tok = mapped
        parts.append(tok)
    body = _join_tokens(parts)
    keyword = "const" if cs in ("int", "uint", "long", "ulong", "double", "float", "short", "sbyte", "byte",
                                "ushort", "string") else "static readonly"
    value = body
    if cs in ("sbyte", "byte", "short", "ushort"):
        value = f"({cs})({body})"
    return f"{keyword} {cs} {ctx.name(m.name)} = {value};"


def _join_tokens(parts: List[str]) -> str:
    out = ""
    for p in parts:
        if out and not out.endswith("(") and p not in (")",) and not (out.endswith("-") and len(out) == 1):
            if re.match(r"^[\w.\"']", p) and re.search(r"[\w)]$", out) or p in "+-*/%<>=&|^?:" or \
                    re.search(r"[+\-*/%<>=&|^?:]$", out):
                out += " "
        out += p
    return out


def convert_global(ctx: Context, v: ir.VarDecl) -> str:
    name = ctx.name(v.name)
    if v.storage == "extern":
        raise TranslationError(v.loc, "extern globals need the defining file (multi-file programs are not "
                               "supported yet)", "unsupported-construct")
    if isinstance(v.type, ir.ArrayType):
        return f"static {cs_type(v.type, v.loc)} {name} = {convert_array_init(ctx, v)};"
    cs = cs_type(v.type, v.loc)
    if v.init is None:
        return f"static {cs} {name};"  # C zero-initialises globals; so does the CLR
    return f"static {cs} {name} = {convert_value(ctx, v.init, v.type).code};"


def convert_param(ctx: Context, p: ir.VarDecl) -> str:
    return f"{cs_type(p.type, p.loc)} {ctx.name(p.name)}"


def convert_function(ctx: Context, fn: ir.Function) -> List[str]:
    ctx.function = fn
    try:
        ret = cs_type(fn.type.result, fn.loc)
        if fn.type.variadic:
            raise TranslationError(fn.loc, "defining variadic functions is not supported yet", "unsupported-construct")
        params = ", ".join(convert_param(ctx, p) for p in fn.params)
        visibility = "public static" if fn.name == "main" else "static"
        if fn.name == "main":
            if len(fn.params) not in (0, 2):
                raise TranslationError(fn.loc, "main must be main(void) or main(argc, argv)", "unsupported-construct")
            if fn.params:
                params = f"int {ctx.name(fn.params[0].name)}, string[] {ctx.name(fn.params[1].name)}"
        header = f"{visibility} {ret} {ctx.name(fn.name)}({params})"
        body = fn.body
        lines = [header, "{"]
        lines += convert_block_items(ctx, body.items, INDENT, body.end.line if body.end else None)
        lines.append("}")
        return lines
    finally:
        ctx.function = None


def convert_translation_unit(ctx: Context) -> dict:
    """The members of the C# class, in source order, with the comments that precede them."""
    tu = ctx.tu
    ctx.comments = list(tu.comments)
    ctx.macro_names = {m.name for m in tu.macros}
    members: List[List[str]] = []
    items = sorted([*tu.macros, *tu.order], key=lambda x: (x.loc.line, x.loc.col))
    prev_kind = None
    for item in items:
        lines = [ln for c in ctx.comments_before(item.loc.line) for ln in render_comment(c, "")]
        if isinstance(item, ir.MacroConst):
            lines.append(convert_macro_const(ctx, item))
            kind = "field"
        elif isinstance(item, ir.VarDecl):
            lines.append(convert_global(ctx, item))
            kind = "field"
        else:
            lines += convert_function(ctx, item)
            kind = "function"
        trailing = ctx.trailing_comment(item.loc.line, item.loc.col)
        if trailing is not None and kind == "field":
            lines[-1] += " " + trailing.text
        members.append({"lines": lines, "kind": kind, "joined": prev_kind == "field" and kind == "field"})
        prev_kind = kind
    tail = [ln for c in ctx.comments_before(10 ** 9) for ln in render_comment(c, "")]
    main = next((f for f in tu.functions if f.name == "main"), None)
    if main is None:
        raise TranslationError(None, f"{tu.path}: no main function", "no-main")
    return {"members": members, "tail": tail, "main_takes_args": bool(main.params)}
