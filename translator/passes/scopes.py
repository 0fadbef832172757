"""Local names C allows and C# does not: a nested block redeclaring an outer block's name.

C lets `{ int i; { int i; } }` shadow; C# rejects a local whose name is declared in
an enclosing block anywhere in that block (CS0136). Before a function is converted,
every local declared in a block whose enclosing blocks (or the parameters) already
use its name gets a fresh name (`i_2`). Sibling blocks may reuse a name, as in C#,
so two `for (int i ...)` loops stay as written. A local named like a global the function
uses is renamed too: C# resolves a simple name to the local in the local's whole block,
before its declaration as well (CS0844), where C still means the global. References find
their declaration by its location (NameRef.decl).
"""
from __future__ import annotations

from typing import Dict, List, Set

from .. import ir


def _direct_decls(items) -> List[ir.VarDecl]:
    out = []
    for st in items:
        while isinstance(st, (ir.Label, ir.Case, ir.Default)):
            st = st.body
        if isinstance(st, ir.DeclStmt):
            out += [d for d in st.decls if d.storage is None]
    return out


def _child_blocks(st) -> List[tuple]:
    """Nested scopes of a statement, each as (declarations, child statements)."""
    if isinstance(st, ir.Compound):
        return [(_direct_decls(st.items), list(st.items))]
    if isinstance(st, ir.For):
        decls = [d for d in st.init.decls if d.storage is None] if isinstance(st.init, ir.DeclStmt) else []
        return [(decls, [st.body])]
    out = []
    for name in ("then", "otherwise", "body"):
        child = getattr(st, name, None)
        if isinstance(child, ir.Stmt):
            out += _child_blocks(child)
    return out


def globals_used(fn: ir.Function) -> Set[str]:
    """The globals the function's body names (a local named like one of them is renamed)."""
    if fn.body is None:
        return set()
    # (ir.walk: the body's walk the other passes made is remembered)
    return {node.name for node in ir.nodes_of(fn.body, ir.NameRef) if node.kind == "global"}


def plan_local_names(fn: ir.Function) -> Dict[ir.Loc, str]:
    """Declaration location -> C# name, for the locals that must be renamed."""
    renames: Dict[ir.Loc, str] = {}
    used_globals = globals_used(fn)
    used: Set[str] = {p.name for p in fn.params} | used_globals

    def collect(st) -> None:
        for decls, children in _child_blocks(st):
            for d in decls:
                used.add(d.name)
            for c in children:
                collect(c)

    if fn.body is not None:
        collect(fn.body)

    def visit(decls: List[ir.VarDecl], children, visible: Set[str]) -> None:
        mine = set()
        for d in decls:
            name = d.name
            if name in visible:
                i = 2
                while f"{name}_{i}" in used or f"{name}_{i}" in visible:
                    i += 1
                name = f"{name}_{i}"
                used.add(name)
                renames[d.loc] = name
            mine.add(name)
        inner_visible = visible | mine
        for c in children:
            for sub_decls, sub_children in _child_blocks(c):
                visit(sub_decls, sub_children, inner_visible)

    if fn.body is not None:
        visit(_direct_decls(fn.body.items), list(fn.body.items), {p.name for p in fn.params} | used_globals)
    return renames
