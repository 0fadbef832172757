"""`goto` into a block: legal C, not C#. Such functions are lowered to one flat block.

C# lets `goto` reach only labels in the same or an enclosing block (CS0159); C
lets it jump anywhere in the function, into the middle of a loop or an else
branch. When a function has such a jump, its body is rewritten here, on the IR,
into a single block where every label is in scope:

- locals are declared once at the top (with unique names), and a declaration's
  initializer becomes an assignment where the declaration was (C re-initializes
  each time control passes it, and so does this);
- `if`, `while`, `do`, `for` and `switch` become tests and gotos to fresh labels,
  with `break` and `continue` turned into gotos to the loop's labels.

Only functions that need it are lowered; everything else keeps its structure.
"""
from __future__ import annotations

import itertools
from typing import Dict, List, Optional, Set, Tuple

from .. import ir
from .scopes import globals_used

_INT = ir.IntType("int")


def _labels_by_block(body: ir.Compound):
    """label name -> the chain of blocks (ids) enclosing it; and for each goto, its chain."""
    labels: Dict[str, Tuple[int, ...]] = {}
    gotos: List[Tuple[str, Tuple[int, ...]]] = []

    def walk(st, chain):
        if st is None:
            return
        if isinstance(st, ir.Compound):
            inner = chain + (id(st),)
            for s in st.items:
                walk(s, inner)
            return
        if isinstance(st, ir.Label):
            labels[st.name] = chain
            walk(st.body, chain)
            return
        if isinstance(st, ir.Goto):
            gotos.append((st.label, chain))
            return
        if isinstance(st, ir.For):
            inner = chain + (id(st),)
            walk(st.body, inner)
            return
        for name in ("then", "otherwise", "body"):
            child = getattr(st, name, None)
            if isinstance(child, ir.Stmt):
                # a statement body that is not a block is still its own C# scope once braced
                walk(child, chain + (id(child),) if not isinstance(child, ir.Compound) else chain)

    walk(body, ())
    return labels, gotos


def _variably_modified(t) -> bool:
    while isinstance(t, ir.ArrayType):
        if t.size is None and t.size_expr is not None:
            return True
        t = t.element
    return False


def _children(st: ir.Stmt) -> List[ir.Stmt]:
    if isinstance(st, ir.Compound):
        return list(st.items)
    return [c for c in (getattr(st, name, None) for name in ("then", "otherwise", "body")) if isinstance(c, ir.Stmt)]


def _has_nested_case(body: ir.Stmt) -> bool:
    """Whether a switch has a case label inside another statement of its body (Duff's device: `case 7:` inside the
    do-while the switch's `case 0:` starts; `if (0) { case 1: ... }`), which C# cannot jump to (C lets the switch
    jump there, as a goto into the block)."""
    def inside(st: ir.Stmt, own: bool) -> bool:  # own: where a case label is the switch's own
        if isinstance(st, ir.Switch):
            return switch(st)
        if isinstance(st, (ir.Case, ir.Default)):
            return not own or (st.body is not None and inside(st.body, True))
        return any(inside(c, False) for c in _children(st))

    def switch(st: ir.Switch) -> bool:
        items = st.body.items if isinstance(st.body, ir.Compound) else [st.body]
        return any(inside(x, True) for x in items if x is not None)

    def anywhere(st: ir.Stmt) -> bool:
        return switch(st) if isinstance(st, ir.Switch) else any(anywhere(c) for c in _children(st))
    return anywhere(body)


def needs_lowering(fn: ir.Function) -> bool:
    if fn.body is None or not ir.nodes_of(fn.body, ir.Switch, ir.Goto):
        return False  # (issue 28: the body's index, where the walks below visit every statement for nothing)
    if _has_nested_case(fn.body):
        return True  # the switch is lowered to tests and gotos, its case labels to labels wherever they are
    labels, gotos = _labels_by_block(fn.body)
    for name, chain in gotos:
        target = labels.get(name)
        if target is not None and chain[:len(target)] != target:
            return True
    return False


class _Lowering:
    def __init__(self, fn: ir.Function):
        self.fn = fn
        self.counter = itertools.count(1)
        self.hoisted: List[ir.VarDecl] = []
        # like scopes.plan_local_names: a local may not take the name of a global the function uses (CS0844)
        self.names: Set[str] = {p.name for p in fn.params} | globals_used(fn)
        self.renamed: Dict[ir.Loc, str] = {}  # declaration loc -> unique name in the flat body
        # per switch being lowered, innermost last: its case labels and default, found at any depth of its body
        self.switches: List[Tuple[List[Tuple[ir.Case, str]], List[str]]] = []

    def label(self, what: str) -> str:
        return f"{what}_{next(self.counter)}"

    def run(self) -> Tuple[ir.Compound, Dict[ir.Loc, str]]:
        out: List[ir.Stmt] = []
        self.stmt(self.fn.body, out, None, None)
        body = ir.Compound(self.fn.body.loc, tuple([ir.DeclStmt(self.fn.body.loc, (d,)) for d in self.hoisted]
                                                   + out), self.fn.body.end)
        return body, self.renamed

    # -------------------------------------------------------------- helpers

    def _not(self, cond: ir.Expr) -> ir.Expr:
        return ir.Unary(cond.loc, _INT, "!", ir.Paren(cond.loc, cond.type, cond))

    def _goto(self, loc, name: str) -> ir.Goto:
        return ir.Goto(loc, name)

    def _mark(self, loc, name: str, out: List[ir.Stmt]) -> None:
        out.append(ir.Label(loc, name, ir.NullStmt(loc)))

    def declare(self, d: ir.VarDecl, out: List[ir.Stmt]) -> None:
        if d.storage is not None:
            out.append(ir.DeclStmt(d.loc, (d,)))  # static/extern: kept as is (hoisted to the class)
            return
        name = d.name
        i = 2
        while name in self.names:
            name, i = f"{d.name}_{i}", i + 1
        self.names.add(name)
        if name != d.name:
            self.renamed[d.loc] = name
        if _variably_modified(d.type):
            # a variable-length array is allocated where C declares it, with the length its bound has there: hoisted,
            # `new int[n]` ran before n was set (a silent size 0). C forbids a goto into a VLA's scope (C11
            # 6.8.6.1p1), so every path to its uses passes this declaration, as C#'s definite assignment needs.
            out.append(ir.DeclStmt(d.loc, (d,)))
            return
        self.hoisted.append(ir.VarDecl(d.loc, d.name, d.type, None, None, d.size_exprs))
        if d.init is not None:
            target = ir.NameRef(d.loc, d.type, d.name, "local", decl=d.loc)
            out.append(ir.ExprStmt(d.loc, ir.Assign(d.loc, d.type, "=", target, d.init)))

    # -------------------------------------------------------------- statements

    def stmt(self, st: Optional[ir.Stmt], out: List[ir.Stmt], brk: Optional[str], cont: Optional[str]) -> None:
        if st is None:
            return
        loc = st.loc
        if isinstance(st, ir.Compound):
            for s in st.items:
                self.stmt(s, out, brk, cont)
        elif isinstance(st, ir.DeclStmt):
            for d in st.decls:
                self.declare(d, out)
        elif isinstance(st, ir.Label):
            out.append(ir.Label(loc, st.name, ir.NullStmt(loc)))
            self.stmt(st.body, out, brk, cont)
        elif isinstance(st, ir.Break):
            out.append(self._goto(loc, brk))
        elif isinstance(st, ir.Continue):
            out.append(self._goto(loc, cont))
        elif isinstance(st, ir.If):
            other, end = self.label("else"), self.label("endif")
            out.append(ir.If(loc, self._not(st.cond), self._goto(loc, other if st.otherwise else end), None))
            self.stmt(st.then, out, brk, cont)
            if st.otherwise is not None:
                out.append(self._goto(loc, end))
                self._mark(loc, other, out)
                self.stmt(st.otherwise, out, brk, cont)
            self._mark(loc, end, out)
        elif isinstance(st, ir.While):
            top, end = self.label("while"), self.label("endwhile")
            self._mark(loc, top, out)
            out.append(ir.If(loc, self._not(st.cond), self._goto(loc, end), None))
            self.stmt(st.body, out, end, top)
            out.append(self._goto(loc, top))
            self._mark(loc, end, out)
        elif isinstance(st, ir.DoWhile):
            top, test, end = self.label("do"), self.label("dotest"), self.label("enddo")
            self._mark(loc, top, out)
            self.stmt(st.body, out, end, test)
            self._mark(loc, test, out)
            out.append(ir.If(loc, st.cond, self._goto(loc, top), None))
            self._mark(loc, end, out)
        elif isinstance(st, ir.For):
            top, step, end = self.label("for"), self.label("forstep"), self.label("endfor")
            if isinstance(st.init, ir.DeclStmt):
                for d in st.init.decls:
                    self.declare(d, out)
            elif st.init is not None:
                self.stmt(st.init, out, brk, cont)
            self._mark(loc, top, out)
            if st.cond is not None:
                out.append(ir.If(loc, self._not(st.cond), self._goto(loc, end), None))
            self.stmt(st.body, out, end, step)
            self._mark(loc, step, out)
            if st.step is not None:
                out.append(ir.ExprStmt(loc, st.step))
            out.append(self._goto(loc, top))
            self._mark(loc, end, out)
        elif isinstance(st, ir.Switch):
            self.switch(st, out, cont)
        elif isinstance(st, (ir.Case, ir.Default)):
            # a case label inside another statement of its switch's body (Duff's device): a label the switch's
            # tests jump to, like the ones at its top level
            cases, default = self.switches[-1]
            if isinstance(st, ir.Case):
                name = self.label("case")
                cases.append((st, name))
            else:
                name = self.label("default")
                default.append(name)
            self._mark(loc, name, out)
            self.stmt(st.body, out, brk, cont)
        else:
            out.append(st)

    def switch(self, st: ir.Switch, out: List[ir.Stmt], cont: Optional[str]) -> None:
        loc = st.loc
        end = self.label("endswitch")
        temp = f"switch_value_{next(self.counter)}"
        self.names.add(temp)
        t = st.cond.type
        self.hoisted.append(ir.VarDecl(loc, temp, t, None, None))
        ref = ir.NameRef(loc, t, temp, "local", decl=None)
        out.append(ir.ExprStmt(loc, ir.Assign(loc, t, "=", ref, st.cond)))
        cases: List[Tuple[ir.Case, str]] = []
        default: List[str] = []
        body_out: List[ir.Stmt] = []

        def walk(s, sink):
            if isinstance(s, ir.Case):
                name = self.label("case")
                cases.append((s, name))
                self._mark(s.loc, name, sink)
                walk(s.body, sink)
            elif isinstance(s, ir.Default):
                name = self.label("default")
                default.append(name)
                self._mark(s.loc, name, sink)
                walk(s.body, sink)
            elif isinstance(s, ir.Compound) and s is st.body:
                for x in s.items:
                    walk(x, sink)
            else:
                self.stmt(s, sink, end, cont)

        self.switches.append((cases, default))
        walk(st.body, body_out)
        self.switches.pop()
        for case, name in cases:
            test = ir.Binary(case.loc, _INT, "==", ref, case.value)
            if case.high is not None:  # GNU `case lo ... high:`
                test = ir.Binary(case.loc, _INT, "&&", ir.Binary(case.loc, _INT, ">=", ref, case.value),
                                 ir.Binary(case.loc, _INT, "<=", ref, case.high))
            out.append(ir.If(case.loc, test, self._goto(case.loc, name), None))
        out.append(self._goto(loc, default[0] if default else end))
        out.extend(body_out)
        self._mark(loc, end, out)


def lower_gotos(fn: ir.Function) -> Tuple[ir.Function, Dict[ir.Loc, str]]:
    """The function with a flat body, and the renames its hoisted locals need."""
    body, renamed = _Lowering(fn).run()
    return ir.Function(fn.loc, fn.name, fn.type, fn.params, body, fn.is_static, fn.comment), renamed
