"""C11's `_Generic(x, int: a, double: b, default: c)`: the association clang chose, read as that expression alone.

libclang shows a generic selection as its controlling expression and every association's expression, not which one
clang chose. The selection's type is the chosen expression's own type (clang gives it that very type), so an
association of a type no other association has is the choice: a type-generic macro dispatching to functions
(`_Generic((x), float: sqrtf, double: sqrt)(x)`) or to strings of different lengths. Where several have that type
(`int: 1, long: 2`, `float: "float", default: "other"`) the selection's constant value tells them apart, or else the
association's type as written (the program's function-like macros are expanded in the text before the parse,
reader/rewrite.py, so the selection's tokens are there) compared with the controlling expression's type after
lvalue conversion (clang shows that conversion: an array is a pointer, qualifiers are gone). Type names the
comparison cannot judge (a typedef, a struct) there make the selection a located error rather than a guess.
"""
from __future__ import annotations

from typing import List, Optional, Sequence

from ..diagnostics import TranslationError
from .clang_setup import ci, evaluate_float, evaluate_int

_QUALIFIERS = {"const", "volatile", "restrict", "__restrict", "_Atomic"}
_ARITHMETIC_WORDS = {"signed", "unsigned", "char", "short", "int", "long", "float", "double", "_Bool", "void"}


def chosen_association(fe, cur: ci.Cursor) -> ci.Cursor:
    """The association expression clang chose for the generic selection `cur`."""
    kids = fe.kids(cur)
    control, associations = kids[0], kids[1:]
    same = [i for i, k in enumerate(associations) if k.type == cur.type]
    if not same:  # (clang gives the selection the chosen expression's type: only as a safety net)
        same = [i for i, k in enumerate(associations) if k.type.get_canonical() == cur.type.get_canonical()]
    if len(same) == 1:
        return associations[same[0]]
    if same:
        value = _constant(cur)
        if value is not None:
            for i in same:
                if _constant(associations[i]) == value:
                    return associations[i]  # (equal constants of one type: the same value whichever)
        names = _association_types(fe, cur, len(associations))
        if names is not None and None not in names:
            wanted = _controlling_types(control)
            chosen = [i for i, n in enumerate(names) if n in wanted] or \
                [i for i, n in enumerate(names) if n == "default"]
            if wanted and len(chosen) == 1 and chosen[0] in same:
                return associations[chosen[0]]
    raise TranslationError(fe.loc(cur), "a _Generic selection whose choice cmpi cannot tell: several associations "
                           f"have the type of the one clang chose ('{cur.type.spelling}') and their type names are not "
                           "all arithmetic, struct, union, enum or typedef names or pointers to them",
                           "unsupported-construct")


def _constant(cur: ci.Cursor):
    """clang's value of a constant integer or floating expression, else None."""
    if cur.type.get_canonical().kind in (ci.TypeKind.FLOAT, ci.TypeKind.DOUBLE, ci.TypeKind.LONGDOUBLE):
        return evaluate_float(cur)
    if cur.type.get_canonical().kind in (ci.TypeKind.POINTER, ci.TypeKind.CONSTANTARRAY, ci.TypeKind.RECORD):
        return None
    return evaluate_int(cur)


def _controlling_types(control: ci.Cursor) -> set:
    """The type names (as _type_name spells them) an association may give to match the controlling expression's type
    after lvalue conversion: its own, and an enum's integer type too (compatible with it)."""
    t = control.type.get_canonical()
    names = {_type_name(_words(t.spelling))}
    if t.kind == ci.TypeKind.ENUM:
        names.add(_type_name(_words(t.get_declaration().enum_type.get_canonical().spelling)))
    return names - {None}


def _words(spelling: str) -> List[str]:
    return spelling.replace("*", " * ").split()


def _association_types(fe, cur: ci.Cursor, count: int) -> Optional[List[Optional[str]]]:
    """Each association's type name as written, _normalized ("default" for default, None where it cannot be
    judged), or None when the selection's tokens do not split into `count` associations."""
    try:
        tokens = fe._tokens(cur)
    except TranslationError:
        return None
    if len(tokens) < 4 or tokens[0] != "_Generic" or tokens[1] != "(" or tokens[-1] != ")":
        return None
    parts: List[List[str]] = [[]]
    depth = 0
    for t in tokens[2:-1]:
        if t in ("(", "[", "{"):
            depth += 1
        elif t in (")", "]", "}"):
            depth -= 1
        if t == "," and depth == 0:
            parts.append([])
        else:
            parts[-1].append(t)
    associations = parts[1:]
    if len(associations) != count or any(":" not in a for a in associations):
        return None
    typedefs = _typedefs(fe)
    names = []
    for a in associations:
        written = a[:a.index(":")]
        if written != ["default"]:
            # a typedef name as the canonical type's spelling (`size_t`: unsigned long), its pointers after it
            written = [w2 for w in written for w2 in (_words(typedefs[w]) if w in typedefs else [w])]
        names.append("default" if written == ["default"] else _type_name(written))
    return names


def _typedefs(fe) -> dict:
    """typedef name -> the spelling of its canonical type, for the unit's typedefs (the library's too: int64_t)."""
    known = getattr(fe, "_cmpi_generic_typedefs", None)
    if known is None:
        known = {c.spelling: c.underlying_typedef_type.get_canonical().spelling
                 for c in fe.top_level() if c.kind == ci.CursorKind.TYPEDEF_DECL}
        fe._cmpi_generic_typedefs = known
    return known


def _type_name(words: Sequence[str]) -> Optional[str]:
    """A type name spelt one way: an arithmetic type or a pointer to one as _normalized spells it, a struct, union or
    enum (or a pointer to one) as clang spells its canonical type; None for other declarators (arrays, functions)."""
    arithmetic = _normalized(words)
    if arithmetic is not None:
        return arithmetic
    words = [w for w in words if w not in _QUALIFIERS] if "*" not in words else list(words)
    stars = [i for i, w in enumerate(words) if w == "*"]
    base = words[:stars[0]] if stars else words
    if any(w not in _QUALIFIERS and w != "*" for w in (words[stars[0]:] if stars else [])):
        return None
    core = [w for w in base if w not in _QUALIFIERS]
    if len(core) == 2 and core[0] in ("struct", "union", "enum") and core[1].isidentifier():
        qualifiers = sorted(w for w in base if w in _QUALIFIERS and w != "_Atomic") if stars else []
        return " ".join(qualifiers + core) + " *" * len(stars)
    return None


def _normalized(words: Sequence[str]) -> Optional[str]:
    """An arithmetic type or a pointer to one, spelt one way (`unsigned` and `unsigned int`, `long int` and `long`
    alike; top-level qualifiers dropped, a pointee's kept), or None for other type names."""
    words = list(words)
    stars = [i for i, w in enumerate(words) if w == "*"]
    base = words[:stars[0]] if stars else words
    levels = len(stars)
    if any(w not in _QUALIFIERS and w != "*" for w in words[stars[0]:]) if stars else False:
        return None  # a declarator other than plain pointers (a function pointer, an array)
    qualifiers = sorted(w for w in base if w in _QUALIFIERS and w != "_Atomic") if levels else []
    core = _arithmetic([w for w in base if w not in _QUALIFIERS])
    if core is None:
        return None
    return " ".join(qualifiers + [core]) + " *" * levels


def _arithmetic(words: List[str]) -> Optional[str]:
    if not words or any(w not in _ARITHMETIC_WORDS for w in words):
        return None
    n = {w: words.count(w) for w in _ARITHMETIC_WORDS}
    unsigned = n["unsigned"] > 0
    for lone in ("float", "_Bool", "void"):
        if n[lone]:
            return lone if len(words) == 1 else None
    if n["double"]:
        return {1: "double", 2: "long double"}.get(len(words)) if n["long"] == len(words) - 1 else None
    if n["char"]:
        if n["char"] != 1 or n["short"] or n["long"] or n["int"]:
            return None
        return "unsigned char" if unsigned else "signed char" if n["signed"] else "char"
    if n["short"]:
        core = "short"
    elif n["long"] == 1:
        core = "long"
    elif n["long"] == 2:
        core = "long long"
    elif n["long"] == 0:
        core = "int"
    else:
        return None
    return f"unsigned {core}" if unsigned else core
