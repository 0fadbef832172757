"""Calls whose argument count differs from the definition, made where no prototype is in scope.

Each .c file of a C program is its own translation unit: `amr.c` may call `time_step(...)` with 92 arguments
through an implicit declaration (C89; gcc accepts it with a warning), or through a K&R `int f();`, while
`timestep.c` defines it with 93 parameters. cmpi reads the files as one unit, where clang sees the definition
and refuses the call. Such a call is read as C reads it in its own file: the callee is renamed, in that file's
text only, to `name` + MARKER (an undeclared function again, so clang applies the default argument promotions),
and the reader then calls the definition (`adapt_call`): each argument converted to its parameter's type, a
missing trailing one given the zero of its type (natively it reads whatever its register holds), an extra one
evaluated for its side effects and dropped.
"""
from __future__ import annotations

import os
import re
from typing import List, Optional, Tuple

from .. import ir
from ..diagnostics import Diagnostic, TranslationError
from .clang_setup import K, ci
from .offsets import text_index

MARKER = "__cmpi_unprototyped"
_ARITY = re.compile(r"too (?:few|many) arguments to function call, expected (?:at least )?\d+, have \d+")
_DECLARED_HERE = re.compile(r"'(\w+)' declared here")


def arity_mismatch_callee(d: ci.Diagnostic) -> Optional[str]:
    """The function a clang error 'too few/many arguments to function call' is about (from its note), or None."""
    if not _ARITY.match(d.spelling):
        return None
    for note in d.children:
        m = _DECLARED_HERE.match(note.spelling)
        if m:
            return m.group(1)
    return None


def rename_unprototyped_calls(fe, key: str, name: str) -> bool:
    """Rename the calls of `name` in the file `key` (and its K&R declarations there) to name + MARKER, if that
    file, read alone as C compiles it, has no prototype of `name` in scope; False if it has one (then the count
    mismatch is the program's error, as gcc reports it)."""
    from .rewrite import _unsaved_text
    tu = ci.Index.create().parse(key, args=fe._clang_args() + ["-Wno-error=implicit-function-declaration"],
                                 unsaved_files=list(fe.unsaved.items()),
                                 options=ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD)
    offsets = set()
    for top in tu.cursor.get_children():
        if top.kind == K.FUNCTION_DECL and top.spelling == name:
            if top.type.kind == ci.TypeKind.FUNCTIONPROTO:
                return False
            if top.location.file is not None and top.location.file.name == key:
                offsets.add(top.location.offset)
        f = top.location.file
        if f is None or f.name != key:
            continue
        for cur in top.walk_preorder():
            if cur.kind == K.DECL_REF_EXPR and cur.spelling == name and cur.location.file is not None and \
                    cur.location.file.name == key:
                offsets.add(cur.location.offset)
    text = _unsaved_text(fe, key)
    edited = text
    for offset in sorted(offsets, reverse=True):
        at = text_index(text, offset)  # from the end: the text before `at` is still the original's
        if edited[at:at + len(name)] == name:  # not a use a macro of another name expands to
            edited = edited[:at] + name + MARKER + edited[at + len(name):]
    if edited == text:
        return False
    fe.unsaved[key] = edited
    return True


def _definition(fe, name: str) -> Optional[ci.Cursor]:
    """The definition of the function `name` in the unit, from one walk of its top level per parse (a call of
    every function of the program asks)."""
    cache = getattr(fe, "_function_definitions", None)
    if cache is None or cache[0] is not fe.tu:
        found = {c.spelling: c for c in fe.top_level()
                 if c.kind == K.FUNCTION_DECL and c.is_definition()}
        cache = fe._function_definitions = (fe.tu, found)
    return cache[1].get(name)


def _zero(loc: ir.Loc, t: ir.CType) -> Optional[ir.Expr]:
    """The zero of a scalar type (what `default(T)` is in the port), or None for a struct or array."""
    if isinstance(t, ir.FloatType):
        return ir.Cast(loc, t, ir.FloatLit(loc, ir.FloatType("double"), 0.0, "0.0"), implicit=True) \
            if t != ir.FloatType("double") else ir.FloatLit(loc, t, 0.0, "0.0")
    if isinstance(t, (ir.IntType, ir.PointerType)):
        zero = ir.IntLit(loc, ir.IntType("int"), 0, "0")
        return zero if t == zero.type else ir.Cast(loc, t, zero, implicit=True)
    return None


def _shown(where: ir.Loc) -> str:
    """A place in another file of the program, named as the user's files are (relative to where cmpi runs)."""
    path = os.path.relpath(where.file) if os.path.isabs(where.file) else where.file
    return f"{where.file if path.startswith('..') else path}:{where.line}:{where.col}"


def _has_side_effects(e: ir.Expr) -> bool:
    return any(isinstance(n, (ir.Call, ir.Assign)) or isinstance(n, ir.Unary) and n.op in
               ("pre++", "pre--", "post++", "post--") for n in ir.walk(e))


def adapt_call(fe, cur: ci.Cursor, callee: ir.NameRef, args: Tuple[ir.Expr, ...],
               call_type: ir.CType) -> Optional[ir.Expr]:
    """The call of the definition that a call to name + MARKER (or a call clang let through to a prototyped
    definition with another argument count, where no prototype was in scope) stands for; None if it is neither."""
    name = callee.name[:-len(MARKER)] if callee.name.endswith(MARKER) else callee.name
    definition = _definition(fe, name)
    if definition is None:
        if name != callee.name:
            raise TranslationError(fe.loc(cur), f"'{name}' is called without a declaration and no file of the "
                                   "program defines it", "missing-definition")
        return None
    if definition.type.kind != ci.TypeKind.FUNCTIONPROTO or definition.type.is_function_variadic():
        return None
    declared = list(definition.get_arguments())
    if name == callee.name and len(declared) == len(args):
        return None  # the common case: a call clang has checked against the definition
    params = [fe._param_type(p) for p in declared]
    loc = fe.loc(cur)
    ftype = fe.ctype(definition.type, definition)
    adapted: List[ir.Expr] = []
    for arg, t in zip(args, params):
        adapted.append(arg if arg.type == t else ir.Cast(arg.loc, t, arg, implicit=True))
    for t in params[len(args):]:
        zero = _zero(loc, t)
        if zero is None:
            raise TranslationError(loc, f"the call of '{name}' leaves out an argument of a struct or array type: "
                                   "the port has no value to give it", "call-arguments-mismatch")
        adapted.append(zero)
    extras = [a for a in args[len(params):] if _has_side_effects(a)]
    if extras:
        if not adapted:
            raise TranslationError(loc, f"'{name}' takes no arguments: the extra ones of this call, which have "
                                   "side effects, have nowhere to go", "call-arguments-mismatch")
        last = adapted[-1]  # C leaves the order of a call's arguments unspecified: the extras run before the last
        for extra in reversed(extras):
            last = ir.Binary(last.loc, last.type, ",", extra, last)
        adapted[-1] = ir.Paren(last.loc, last.type, last)
    if len(args) != len(params):
        where = fe.loc(definition)
        missing = len(params) - len(args)
        what = (f"the missing {'argument is' if missing == 1 else f'{missing} arguments are'} given the zero of "
                "its type (natively the parameter reads whatever its register holds)") if missing > 0 else \
            (f"the extra {'argument is' if -missing == 1 else f'{-missing} arguments are'} evaluated and dropped")
        fe.warnings.append(Diagnostic(loc, "warning", f"'{name}' is called with {len(args)} argument"
                                      f"{'' if len(args) == 1 else 's'} without a prototype in scope, but its "
                                      f"definition at {_shown(where)} "
                                      f"takes {len(params)}: {what}", "call-arguments-mismatch"))
    result = ftype.result
    call: ir.Expr = ir.Call(loc, result, ir.NameRef(callee.loc, ftype, name, "function"), tuple(adapted))
    if result != call_type and not isinstance(result, ir.VoidType) and not isinstance(call_type, ir.VoidType):
        call = ir.Cast(loc, call_type, call, implicit=True)
    return call
