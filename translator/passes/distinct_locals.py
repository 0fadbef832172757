"""Locals of one function that share a name but not a type get names of their own, before the plan.

C programs reuse a short name in sibling blocks for unrelated things:

    { int a[4]; MPI_Irecv(&a[1], ...); ... }
    { int a = -1; MPI_Irecv(&a, 1, MPI_INT, ...); MPI_Wait(...); }

The plan's passes (pointers.py and those after it) key a function's variables by their name, so the two `a`s were
one slot: the scalar's box (a nonblocking call keeps its buffer, so `a` becomes `int[] a = new int[1]`, read as
`a[0]`) was applied to the array too (`a[0][i]`, which does not compile). Declarations of the same name and the same
type stay one slot, as before: what the plan decides for one is right for the other (both boxed, or not), and
renaming them would churn every port with two `for (int i ...)` loops. So do scalars and structs of different types
(`int i` and `long i`): a box is a one-element array of each one's own type, whichever it is. What cannot share a
slot is an array with a non-array, or pointers with anything but a pointer to the same type (each pointer family takes
one representation): a later declaration of such another shape than an earlier one of that name in the function (a
parameter included) is renamed `name_N`, with its references (found by NameRef.decl, the declaration's location);
scopes.py's renaming for C#'s scope rules then sees distinct names.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Dict, Set

from .. import ir


def separate_retyped_locals(tu: ir.TranslationUnit) -> ir.TranslationUnit:
    """`tu` with each function's same-named, differently typed locals renamed (module doc); the unit itself when no
    function has any."""
    changed = {}
    for f in tu.functions:
        if f.body is None:
            continue
        renames = _renames(f)
        if renames:
            changed[id(f)] = replace(f, body=_rename(f.body, renames))
    if not changed:
        return tu
    swap = lambda x: changed.get(id(x), x)  # noqa: E731 (functions appear in both tuples)
    return replace(tu, functions=tuple(swap(f) for f in tu.functions), order=tuple(swap(x) for x in tu.order))


def _shape(t) -> object:
    """What must agree for two declarations to share a slot (module doc): any array, a pointer with its pointee, or
    any other value."""
    if isinstance(t, ir.ArrayType):
        return "array"
    if isinstance(t, ir.PointerType):
        return ("pointer", t.pointee)
    return "value"


def _renames(f: ir.Function) -> Dict[ir.Loc, str]:
    """Declaration location -> new name, for the locals whose name an earlier declaration of another shape holds."""
    decls = [d for d in ir.nodes_of(f.body, ir.VarDecl) if d.storage != "extern"]
    first_shape: Dict[str, object] = {p.name: _shape(p.type) for p in f.params}
    if not any(d.name in first_shape and first_shape[d.name] != _shape(d.type) for d in decls) and \
            len({d.name for d in decls}) == len(decls):
        return {}
    taken: Set[str] = {p.name for p in f.params} | {n.name for n in ir.nodes_of(f.body, ir.NameRef, ir.VarDecl)}
    renames: Dict[ir.Loc, str] = {}
    for d in sorted(decls, key=lambda d: (d.loc.line, d.loc.col)):
        if first_shape.setdefault(d.name, _shape(d.type)) == _shape(d.type):
            continue
        i = 2
        while f"{d.name}_{i}" in taken:
            i += 1
        renames[d.loc] = f"{d.name}_{i}"
        taken.add(renames[d.loc])
    return renames


def _rename(node, renames: Dict[ir.Loc, str]):
    if isinstance(node, ir.VarDecl) and node.loc in renames:
        return replace(ir.with_children(node, lambda c: _rename(c, renames)), name=renames[node.loc])
    if isinstance(node, ir.NameRef) and node.kind in ("local", "static_local") and node.decl in renames:
        return replace(node, name=renames[node.decl])
    return ir.with_children(node, lambda c: _rename(c, renames))
