"""Top-level declarations: #define constants, globals, functions -> class members."""
from __future__ import annotations

import dataclasses
import re
from typing import List, Tuple

from .. import ir
from ..diagnostics import TranslationError, TranslationErrors
from .rank_state import instance_field, names_instance_member
from .context import Context, FunctionContext, render_comment
from .exprs import convert_value, enum_constant_cs, string_literal
from .stmts import INDENT, completes_normally, convert_block_items, convert_var_decl
from ..reader.literals import STRING_TOKEN, parse_string_literal
from . import bitfields, long_double
from .generic_calls import generic_signature
from .loops import plan_loop_views
from .cstypes import array_of, ptr_of
from .types import cs_type, default_value, flat_length, flexible_member, inline_array_type, managed_footprint, size_of
from .varargs import varargs_parameter
from ..passes.gotos import lower_gotos, needs_lowering
from ..passes.plan import plan_program
from ..passes.scopes import plan_local_names
from ..passes.stmt_exprs import lower_statement_expressions
from ..passes.mpi_function_values import dispatch_mpi_function_pointers
from ..passes.row_tables import type_row_tables
from ..passes.common_prefix import nest_common_initial_sequences
from ..passes.early_returns import inline_early_returns
from ..passes.loop_fission import split_wide_loops
from ..passes.constants import folds_to_constant
from ..passes.distinct_locals import separate_retyped_locals
# The modules whose handlers the expression core dispatches to (registry.py): imported here, once, so that
# they register before any expression is converted.
from . import generic_calls, inits, libc, memory, mpi, pointer_exprs, setjmp, varargs  # noqa: F401,E402

_OCTAL = re.compile(r"^0[0-7]+[uUlL]*$")
# How a function passes/inlining.py chose is marked for the JIT, and the namespace of the mark
INLINE_ATTRIBUTE = "[MethodImpl(MethodImplOptions.AggressiveInlining)]"
INLINE_USING = "System.Runtime.CompilerServices"


# A floating constant with the l suffix (`1e-20L`, `.5l`, `0x1p-3L`): a long double
_LONG_DOUBLE_CONSTANT = re.compile(r"^(?:\d+\.\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?|\d+[eE][+-]?\d+|"
                                  r"0[xX][0-9a-fA-F.]+[pP][+-]?\d+)[lL]$")


def convert_macro_const(ctx: Context, m: ir.MacroConst) -> str:
    """`#define N 64` -> `const int N = 64;` (the body translated token by token)."""
    pieces = _string_pieces(ctx, m.tokens) if _is_string(m.type) else None
    if pieces:
        # `#define OUT "result.dat"`, `#define BANNER PREFIX "-port"`: a C# string constant of the whole
        # concatenation, used wherever a literal would be
        value = b"".join(parse_string_literal(t) for t in pieces)
        return f"const string {ctx.name(m.name)} = {string_literal(value)};"
    cs = cs_type(m.type, m.loc)
    parts = []
    for tok in _splice_unkept_macros(ctx, m.tokens):
        if _OCTAL.match(tok):
            tok = str(int(tok.rstrip("uUlL"), 8))
        elif _LONG_DOUBLE_CONSTANT.match(tok):
            tok = long_double.constant_code(tok)  # `1e-20L`: its 80-bit value, as a literal's (exprs.py)
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
        elif re.match(r"^[A-Za-z_]\w*$", tok):
            # a kept macro under its C# name, which differs where it collides with a runtime name
            # (`#define Stdio 29` is `Stdio_`; fuzz seed 1 input 1004)
            tok = ctx.name(tok)
        parts.append(tok)
    body = _join_tokens(parts)
    keyword = "const" if cs in ("int", "uint", "long", "ulong", "double", "float", "short", "sbyte", "byte",
                                "ushort", "string") else "static readonly"
    value = body
    if cs in ("sbyte", "byte", "short", "ushort"):
        value = f"({cs})({body})"
    return f"{keyword} {cs} {ctx.name(m.name)} = {value};"


def _string_pieces(ctx, tokens, depth: int = 0) -> List[str] | None:
    """The string-literal tokens a macro body concatenates, other macros expanded; None if it has anything else."""
    bodies = dict(ctx.tu.macro_bodies)
    out: List[str] = []
    for tok in tokens:
        if STRING_TOKEN.match(tok):
            out.append(tok)
        elif tok in bodies and depth < 16:
            inner = _string_pieces(ctx, bodies[tok], depth + 1)
            if inner is None:
                return None
            out += inner
        elif tok not in ("(", ")"):
            return None
    return out


def _is_string(t: ir.CType) -> bool:
    return isinstance(t, ir.ArrayType) and isinstance(t.element, ir.IntType) and "char" in t.element.name


def _splice_unkept_macros(ctx, tokens, depth: int = 0) -> List[str]:
    """A macro used only inside other macros (`#define NN (1 << MM)`) is not kept as a constant:
    its body is spliced in, in parentheses."""
    bodies = dict(ctx.tu.macro_bodies)
    out: List[str] = []
    for tok in tokens:
        if tok in bodies and tok not in ctx.macro_names and depth < 16:
            out += ["("] + _splice_unkept_macros(ctx, bodies[tok], depth + 1) + [")"]
        else:
            out.append(tok)
    return out


def _join_tokens(parts: List[str]) -> str:
    out = ""
    for p in parts:
        if out and not out.endswith("(") and p not in (")",) and not (out.endswith("-") and len(out) == 1):
            if re.match(r"^[\w.\"']", p) and re.search(r"[\w)]$", out) or p in "+-*/%<>=&|^?:" or \
                    re.search(r"[+\-*/%<>=&|^?:]$", out):
                out += " "
        out += p
    return out


def convert_global(ctx, v: ir.VarDecl) -> str:
    """`T name = init;`, a field of the rank's program object (rank_state.py); `static readonly` for a
    number nobody writes (constants.py)."""
    if v.storage == "extern":
        raise TranslationError(v.loc, f"'{v.name}' is declared extern but never defined", "missing-definition")
    declaration = convert_var_decl(ctx, v, is_global=True)
    if v.name in ctx.static_globals:
        return f"{'const' if folds_to_constant(v) else 'static readonly'} {declaration};"
    deferred = names_instance_member(v.init, ctx.static_globals)
    named_before = v.name in ctx.constructor_named and not isinstance(v.type, ir.ArrayType) and \
        ctx.is_boxed(("var", "", v.name))
    if deferred:
        ctx.constructor_named.update(n.name for n in ir.walk(v.init) if isinstance(n, ir.NameRef) and n.kind == "global")
    return instance_field(ctx, declaration, deferred, named_before)


def convert_param(ctx, p: ir.VarDecl) -> str:
    key = ctx.var_key(p.name)
    name = ctx.name(p.name)
    if ctx.plan.is_ref_param(key):
        if key in ctx.plan.generic_buffers:  # `void **buf` given fresh memory of the caller's type
            return f"ref {ptr_of(ctx.plan.generic_buffers[key])} {name}"
        return f"ref {cs_type(p.type.pointee, p.loc)} {name}"  # an out-parameter: only *p is used
    cs = ctx.slot_type(key, p.type, p.loc)
    return f"{cs} {name}_in" if ctx.is_boxed(key) else f"{cs} {name}"


def convert_function(ctx, fn: ir.Function) -> Tuple[List[str], List[str]]:
    """(the method's lines, the class members it needs: its static locals), in a FunctionContext of its own."""
    ctx.fn = FunctionContext()
    fn = split_wide_loops(fn)  # loops over more rows than the JIT keeps in registers: a loop per statement
    if needs_lowering(fn):
        fn, ctx.fn.local_names = lower_gotos(fn)  # a goto into a block: one flat body, see gotos.py
    else:
        ctx.fn.local_names = plan_local_names(fn)
    ctx.fn.function = fn
    ctx.current_file = fn.loc.file
    try:
        ret = ctx.slot_type(("ret", fn.name, ""), fn.type.result, fn.loc)
        if fn.name == "main" and len(fn.params) == 3 and not _is_char_pointer_pointer(fn.params[2].type):
            raise TranslationError(fn.params[2].loc, "main's third parameter (the environment, a common extension) "
                                   "must be char **envp (or char *envp[])", "unsupported-construct")
        if fn.name == "main" and fn.is_static:
            # gcc compiles a static main (a warning) and the link then finds no entry point: no program to run
            raise TranslationError(fn.loc, "main is static, so the program has no entry point (gcc's link fails): "
                                   "remove the static", "unsupported-construct")
        if fn.name == "main" and len(fn.params) not in (0, 2, 3):
            raise TranslationError(fn.loc, "main must be main(void), main(argc, argv) or main(argc, argv, envp)",
                                   "unsupported-construct")
        if fn.name == "main" and fn.params and cs_type(fn.params[0].type, fn.params[0].loc) != "int":
            # clang refuses this in a prototype but not in a K&R definition (`main(argc, argv) char argc;`), where
            # gcc only warns: the runtime hands main an int count, as the C startup code does
            raise TranslationError(fn.loc, "first parameter of 'main' (argument count) must be of type "
                                   "'int'", "c-error")
        params = ", ".join([convert_param(ctx, p) for p in fn.params] +
                           ([varargs_parameter()] if fn.type.variadic else []))
        visibility = "public " if fn.name == "main" else ""
        type_params, constraints = generic_signature(ctx, fn)  # void * buffers of MPI calls (generic_buffers.py)
        header = f"{visibility}{ret} {ctx.name(fn.name)}{type_params}({params}){constraints}"
        body = fn.body
        lines = [header, "{"]
        from ..recursion import GUARD
        if fn.name in ctx.program.recursive:
            lines.append(INDENT + GUARD)  # a recursion deeper than the rank's stack: the rank fails, named
        for p in fn.params:
            if ctx.is_boxed(ctx.var_key(p.name)):
                cs = ctx.slot_type(ctx.var_key(p.name), p.type, p.loc)
                # the parameter's address is taken: it lives in a one-element array
                lines.append(f"{INDENT}{array_of(cs)} {ctx.name(p.name)} = {{ {ctx.name(p.name)}_in }};")
        if fn.name == "main":
            # GNU constructors run before main, destructors at exit after the program's own atexit handlers
            lines += [f"{INDENT}{ctx.name(f)}();" for f in ctx.tu.startup]
            lines += [f"{INDENT}atexit({ctx.name(f)});" for f in ctx.tu.shutdown]
        ir.walk_in_order(body)  # remembered: the loop conversions' walks of its parts are then parts of it (ir.py)
        plan_loop_views(ctx, body)  # which loops read which arrays through views, before any line of the body
        items = convert_block_items(ctx, body.items, INDENT, body.end.line if body.end else None)
        lines += list(ctx.fn.loop_views.function_lines) + items  # views of global arrays its loops share
        if not isinstance(fn.type.result, ir.VoidType) and completes_normally(body):
            if fn.name == "main":
                lines.append(f"{INDENT}return 0;")  # C99: reaching the end of main returns 0
            else:
                # C: the value of a call that falls off the end is undefined, and only using it is an error
                lines.append(f"{INDENT}return default; // the C function can end without returning a value")
        lines.append("}")
        return lines, ctx.fn.hoisted
    finally:
        ctx.fn = FunctionContext()  # nothing of the function outlives it


def convert_record(ctx, rec: ir.RecordDecl) -> List[str]:
    """A C struct -> a C# struct (value semantics, as in C); a union overlays its fields."""
    lines = []
    flexible = flexible_member(ctx, rec)
    if flexible is not None:
        _check_flexible_record(ctx, rec, flexible)
        rec = dataclasses.replace(rec, fields=rec.fields[:-1])  # its elements live after the struct (Flexible)
    packed = bitfields.packed_layout(ctx, rec)
    # a struct ending with a flexible array member keeps C's offsets and sizeof (its tail padding, where the
    # member may start: `struct {double d; int n; char s[];}` puts s at 12 of 16)
    squeezed = packed is None and (bitfields.squeezed_layout(ctx, rec) or flexible is not None or
                                   _overlapping_fields(ctx, rec))
    if rec.is_union and any(bitfields.holds_long_double(ctx, f.type) for f in rec.fields):
        # C pads it to a multiple of 16 (`union {long double v; char c[20];}`: 32 bytes, 20 in C#'s own size)
        lines.append(f"[StructLayout(LayoutKind.Explicit, Size = {rec.size})]")
    elif rec.is_union:
        lines.append("[StructLayout(LayoutKind.Explicit)]")
    elif packed is not None:
        lines.append(f"[StructLayout(LayoutKind.Explicit, Size = {rec.size})]")  # C's layout, bit-fields packed
    elif squeezed:
        lines.append(f"[StructLayout(LayoutKind.Explicit, Size = {rec.size})]")  # C's layout: #pragma pack, a long double
    lines += [f"public struct {rec.name}", "{"]
    if packed is not None:
        units = {(p.unit_offset, p.unit_type): p.unit_name for p in packed.values()}
        lines += [f"{INDENT}[FieldOffset({o})] private {t} {name};" for (o, t), name in sorted(units.items())]
    offsets = union_offsets(ctx, rec) if rec.is_union else \
        {f.name: f.bit_offset // 8 for f in rec.fields} if packed is not None or squeezed else {}
    if packed is None and not rec.is_union:
        _relocated_references(ctx, rec, _overlapping_fields(ctx, rec), offsets)
    for f in rec.fields:
        if isinstance(f.type, ir.ArrayType) and not flat_length(f.type):
            # `int a[0];` (GNU) inside a struct, or an array of no length in a union: no C# struct has it (an inline
            # array has a length of at least 1, CS9167)
            raise TranslationError(f.loc, f"the array of no length '{f.name}' is not supported where it is not the "
                                   "last member of a struct", "unsupported-construct")
        cs = inline_array_type(f.type) if isinstance(f.type, ir.ArrayType) else cs_type(f.type, f.loc)
        offset = f"[FieldOffset({offsets[f.name]})] " if offsets else ""
        if packed is not None and f.name in packed:
            lines += [INDENT + line for line in bitfields.packed_property_lines(ctx.name(f.name), cs, f.bits, packed[f.name])]
        elif bitfields.needs_property(cs, f):
            lines += [INDENT + line for line in bitfields.property_lines(ctx.name(f.name), cs, f.bits, rec.is_union, offset)]
        else:
            lines.append(f"{INDENT}{offset}public {cs} {ctx.name(f.name)};")
    lines.append("}")
    return lines


def _check_flexible_record(ctx, rec: ir.RecordDecl, member: ir.Field) -> None:
    """A struct with a flexible array member is read in place in a block of bytes (runtime Flexible): neither its
    fields nor its elements may hold a C# reference (a pointer, a struct with one), and the elements' C# size must
    be C's (the block is indexed with it)."""
    for f in rec.fields:
        t = f.type.element if f is member else f.type
        while isinstance(t, ir.ArrayType):
            t = t.element
        if managed_footprint(ctx, t)[0] or size_of(ctx, t) is None or f.bits is not None:
            what = "its elements" if f is member else f"the member '{f.name}'"
            raise TranslationError(member.loc, f"the flexible array member '{member.name}' is supported in a struct of "
                                   f"numbers, arrays and structs of them only ({what}: a pointer, a bit-field or a "
                                   "type without a C layout): give the struct a pointer to the elements, allocated "
                                   "on their own", "unsupported-construct")


def union_offsets(ctx, rec: ir.RecordDecl) -> dict:
    """Where each member of a union lives. Members of plain numbers share offset 0, so writing one and
    reading another sees the same bytes, as in C. A member holding a reference (a pointer, a struct with
    one) cannot share storage in .NET: each gets its own 8-aligned place after the shared bytes. Reading a
    pointer member through a number member, or the reverse, is the one thing such a union cannot do."""
    footprints = {f.name: managed_footprint(ctx, f.type) for f in rec.fields}
    shared = max((n for refs, n in footprints.values() if not refs), default=0)
    offsets, next_free = {}, (shared + 7) // 8 * 8
    for f in rec.fields:
        refs, n = footprints[f.name]
        if refs:
            offsets[f.name], next_free = next_free, next_free + (n + 7) // 8 * 8
        else:
            offsets[f.name] = (f.bit_offset or 0) // 8  # 0, or in an anonymous struct member: its place there
    return offsets


def _overlapping_fields(ctx, rec: ir.RecordDecl) -> set:
    """The fields of a struct that share bytes with another: those of a C11 anonymous union member (`struct value {int
    kind; union {int i; float f;};}`, its fields the struct's own: reader's `_record_fields`). Such a struct is laid
    out at C's offsets (FieldOffset), which .NET allows for numbers only: a member holding a reference gets a place
    of its own after C's bytes (`_relocated_references`), as a union's does (union_offsets)."""
    if rec.is_union or any(f.bit_offset is None for f in rec.fields):
        return set()
    spans = [(f, f.bit_offset, f.bit_offset + (f.bits if f.bits is not None else 8 * (size_of(ctx, f.type) or 1)))
             for f in rec.fields]  # in bits: bit-fields sharing a unit do not overlap
    spans.sort(key=lambda s: s[1])
    shared = set()
    for k, (f, start, end) in enumerate(spans):
        for g, g_start, g_end in spans[k + 1:]:
            if g_start >= end:
                break
            shared |= {f.name, g.name}
    for f in rec.fields:
        if f.name in shared and (f.bits is not None or any(g.bits is not None for g in rec.fields) or
                                 not managed_footprint(ctx, f.type)[0] and not bitfields.c_layout_exact(ctx, f.type)):
            raise TranslationError(f.loc, f"the anonymous union member '{f.name}' shares its bytes with another field "
                                   "as a bit-field, in a struct with bit-fields or as a type without C's layout, which C# "
                                   "cannot overlay: name the union (a field of its own)", "unsupported-construct")
    return shared


def _relocated_references(ctx, rec: ir.RecordDecl, shared: set, offsets: dict) -> None:
    """Give each member of `shared` (fields overlaying others) that holds a reference its own 8-aligned place after C's
    bytes: .NET overlays no reference. Reading a pointer member through a number member, or the reverse, is then the
    one thing such an anonymous union cannot do (as with a named union's, union_offsets); the struct keeps C's sizeof
    as its declared Size (CSizeOf), as a struct with references has no bytes to copy."""
    next_free = (rec.size + 7) // 8 * 8
    for f in rec.fields:
        refs, n = managed_footprint(ctx, f.type)
        if f.name in shared and refs:
            offsets[f.name], next_free = next_free, next_free + (n + 7) // 8 * 8


def convert_enum(ctx, e: ir.EnumDecl) -> List[str]:
    """C enumerators are int constants; enum-typed variables are ints."""
    head = [f"// enum {e.name}"] if e.name else []
    return head + [f"const {enum_constant_cs(ctx, n)} {ctx.name(n)} = {v};" for n, v in e.constants]


def inline_array_types(ctx) -> List[List[str]]:
    out = []
    for n in sorted(ctx.program.inline_array_sizes):
        out.append([
            f"[InlineArray({n})]",
            f"public struct InlineArray{n}<T>",
            "{",
            f"{INDENT}private T _element0;",
            "",
            f"{INDENT}public static InlineArray{n}<T> Of(params T[] items)",
            f"{INDENT}{{",
            f"{INDENT}{INDENT}var a = new InlineArray{n}<T>();",
            f"{INDENT}{INDENT}for (int i = 0; i < items.Length; i++) a[i] = items[i];",
            f"{INDENT}{INDENT}return a;",
            f"{INDENT}}}",
            "}",
        ])
    return out


def _convert_member(ctx, item, inlined) -> tuple:
    """One declaration of the program as C# lines: (lines, kind of member, fields hoisted out of a function)."""
    if isinstance(item, ir.MacroConst):
        return [convert_macro_const(ctx, item)], "field", []
    if isinstance(item, ir.VarDecl):
        return [convert_global(ctx, item)], "field", []
    if isinstance(item, ir.RecordDecl):
        return convert_record(ctx, item), "type", []
    if isinstance(item, ir.EnumDecl):
        return convert_enum(ctx, item), "field", []
    body, hoisted = convert_function(ctx, item)
    attribute = [INLINE_ATTRIBUTE] if item.name in inlined else []  # called once: inlined, as gcc does (inlining.py)
    return attribute + body, "function", hoisted


def convert_translation_unit(ctx: Context) -> dict:
    """The members of the C# class, in source order, with the comments that precede them."""
    tu = ctx.tu = lower_statement_expressions(ctx.tu)  # GNU ({ ... }) out of its expressions, first
    tu = ctx.tu = nest_common_initial_sequences(tu)  # a struct repeating another's fields holds one (common_prefix.py)
    tu = ctx.tu = dispatch_mpi_function_pointers(tu, ctx.rules.mpi)  # `f = MPI_File_write; f(...)` (mpi_function_values.py)
    tu = ctx.tu = type_row_tables(tu)  # `void ***subs` given `(void *)&a` of an `int **a`: int *** (row_tables.py)
    tu = ctx.tu = inline_early_returns(tu)  # a helper with an early return, called last in a loop: in it (early_returns.py)
    tu = ctx.tu = separate_retyped_locals(tu)  # `int a[4]` and, in another block, `int a`: two slots (distinct_locals.py)
    ctx.comments = list(tu.comments)
    ctx.macro_names = {m.name for m in tu.macros}
    ctx.program = plan_program(tu, ctx.rules)
    inlined = ctx.program.inlined
    members: List[dict] = []
    files = list(tu.files) or [tu.path]

    def order_key(x):
        f = x.loc.file
        return (files.index(f) if f in files else len(files), x.loc.line, x.loc.col)

    items = sorted([*tu.macros, *tu.order], key=order_key)
    prev_kind = None
    errors = []
    for item in items:
        ctx.current_file = item.loc.file
        before = ctx.comments_before(item.loc.line)
        comments = [ln for c in before for ln in render_comment(c, "")]
        try:
            lines, kind, hoisted = _convert_member(ctx, item, inlined)
        except TranslationError as e:
            # go on with the next declaration: one run names every construct the program needs changed
            if e.diagnostic not in errors:
                errors.append(e.diagnostic)
            continue
        except Exception as e:
            # a translator bug: still exit 3, but the report names the C declaration it met (cli.py)
            if getattr(e, "cmpi_loc", None) is None:
                e.cmpi_loc = item.loc
            raise
        if hoisted:
            members.append({"lines": hoisted, "kind": "field", "joined": False, "loc": item.loc})
            prev_kind = "field"
        lines = comments + lines
        trailing = ctx.trailing_comment(item.loc.line, item.loc.col)
        if trailing is not None and kind == "field":
            lines[-1] += " " + trailing.text
        # fields (globals, #define constants) stay together as the C has them: apart where it has a blank line
        joined = prev_kind == "field" and kind == "field" and not ctx.blank_before(before[0].loc if before else item.loc)
        members.append({"lines": lines, "kind": kind, "joined": joined, "loc": item.loc})  # loc: compile_check.py
        prev_kind = kind
    if errors:
        raise TranslationErrors(errors)
    for arr in inline_array_types(ctx):
        members.append({"lines": arr, "kind": "type", "joined": False})
    from ..recursion import FIELD
    if ctx.program.recursive:
        members.append({"lines": [FIELD], "kind": "field", "joined": False})
    ctx.current_file = None
    tail = [ln for c in ctx.comments_before(10 ** 9) for ln in render_comment(c, "")]
    main = next((f for f in tu.functions if f.name == "main"), None)
    if main is None:
        raise TranslationError(None, f"{tu.path}: no main function", "no-main")
    usings = []
    if ctx.program.inline_array_sizes or inlined:
        usings.append(INLINE_USING)
    if any(r.is_union or bitfields.packed_layout(ctx, r) is not None or
           bitfields.squeezed_layout(ctx, r) or flexible_member(ctx, r) is not None or _overlapping_fields(ctx, r)
           for r in tu.records):  # explicit layouts
        usings.append("System.Runtime.InteropServices")
    result = main.type.result
    main_cast = None  # `unsigned main(void)`, `char main()` (gcc warns): the status as C's int conversion gives it
    if not isinstance(result, ir.VoidType):
        result_cs = cs_type(result, main.loc) if isinstance(result, ir.IntType) else None
        if result_cs is None or result_cs == "bool":
            raise TranslationError(main.loc, "main must return int (or void)", "unsupported-construct")
        main_cast = None if result_cs == "int" else "int"
    # main(argc, argv, envp): the environment as getenv reads it, "NAME=value" strings ending with NULL (CArgv: the
    # variables mpirun adds are not cmpi-run's, as with getenv)
    return {"members": members, "tail": tail, "main_takes_args": bool(main.params),
            "main_takes_environment": len(main.params) == 3, "main_cast": main_cast,
            "main_returns_void": isinstance(main.type.result, ir.VoidType), "extra_usings": usings,
            "constructor": list(ctx.constructor_lines)}


def _is_char_pointer_pointer(t: ir.CType) -> bool:
    """`char **` (a parameter `char *envp[]` is one too)."""
    return isinstance(t, ir.PointerType) and isinstance(t.pointee, ir.PointerType) and \
        isinstance(t.pointee.pointee, ir.IntType) and t.pointee.pointee.name in ("char", "signed char", "unsigned char")
