"""GNU `__attribute__((cleanup(f)))` on a block's variable: gcc calls `f(&var)` whenever the block is left after the
declaration (gcc's manual, "Common Variable Attributes"), by falling off its end, `return` (after the returned value
is computed), `break`, `continue` or `goto` out of it; several such variables of a block in reverse order of their
declarations; not at `exit()`, `abort()` or `longjmp` (no unwinding). Newer codes write scope guards with it
(`char *buf __attribute__((cleanup(free_buf))) = malloc(n)`, `#define GUARD int g_ __attribute__((cleanup(unlock)))`).

The reader lowers it as gcc does, with the calls written out: the statements after the declaration are rewritten
so that each jump leaving the block calls `f(&var)` first, and the call is added after the last of them (where C#
finds it unreachable, the template's CS0162 pragma covers it). `return e;` keeps e in a temporary of the function's
result type first, so the cleanup cannot change the value returned. Jumps that stay inside the block (a `break` of
a loop or switch that starts after the declaration, a `goto` to a label after it) are left alone.
"""
from __future__ import annotations

from typing import Callable, Optional, Set, Tuple

from .. import ir


def _labels(s: ir.Stmt, found: Set[str]) -> Set[str]:
    """The labels defined in statement s (nested statements included)."""
    if isinstance(s, ir.Label):
        found.add(s.name)
    for child in _children(s):
        _labels(child, found)
    return found


def _children(s: ir.Stmt):
    if isinstance(s, ir.Compound):
        return s.items
    if isinstance(s, ir.If):
        return (s.then,) + ((s.otherwise,) if s.otherwise is not None else ())
    if isinstance(s, (ir.While, ir.DoWhile, ir.Switch, ir.Case, ir.Default, ir.Label)):
        return (s.body,)
    if isinstance(s, ir.For):
        return ((s.init,) if s.init is not None else ()) + (s.body,)
    return ()


class _Exits:
    """Rewrites the jumps of a statement that leave the cleanup variable's scope: `call` first, then the jump."""

    def __init__(self, call: ir.ExprStmt, inside: Set[str], result: ir.CType, temporary: Callable[[], str]):
        self.call = call
        self.inside = inside  # labels within the scope: a goto to them does not leave it
        self.result = result  # the function's result type
        self.temporary = temporary

    def stmt(self, s: ir.Stmt, in_loop: bool, in_switch: bool) -> ir.Stmt:
        loc = s.loc
        if isinstance(s, ir.Return):
            if s.value is None or isinstance(self.result, ir.VoidType):
                return ir.Compound(loc, (self.call, s), loc) if s.value is None else \
                    ir.Compound(loc, (ir.ExprStmt(loc, s.value), self.call, ir.Return(loc, None)), loc)
            name = self.temporary()
            kept = ir.DeclStmt(loc, (ir.VarDecl(loc, name, self.result, s.value, None),))
            value = ir.NameRef(loc, self.result, name, "local", None, loc)
            return ir.Compound(loc, (kept, self.call, ir.Return(loc, value)), loc)
        if isinstance(s, ir.Break):
            return s if in_loop or in_switch else ir.Compound(loc, (self.call, s), loc)
        if isinstance(s, ir.Continue):
            return s if in_loop else ir.Compound(loc, (self.call, s), loc)
        if isinstance(s, ir.Goto):
            return s if s.label in self.inside else ir.Compound(loc, (self.call, s), loc)
        if isinstance(s, ir.Compound):
            return ir.Compound(loc, tuple(self.stmt(i, in_loop, in_switch) for i in s.items), s.end)
        if isinstance(s, ir.If):
            return ir.If(loc, s.cond, self.stmt(s.then, in_loop, in_switch),
                         None if s.otherwise is None else self.stmt(s.otherwise, in_loop, in_switch))
        if isinstance(s, ir.While):
            return ir.While(loc, s.cond, self.stmt(s.body, True, in_switch))
        if isinstance(s, ir.DoWhile):
            return ir.DoWhile(loc, self.stmt(s.body, True, in_switch), s.cond)
        if isinstance(s, ir.For):
            return ir.For(loc, s.init, s.cond, s.step, self.stmt(s.body, True, in_switch))
        if isinstance(s, ir.Switch):
            return ir.Switch(loc, s.cond, self.stmt(s.body, in_loop, True))
        if isinstance(s, ir.Case):
            return ir.Case(loc, s.value, self.stmt(s.body, in_loop, in_switch), s.high)
        if isinstance(s, ir.Default):
            return ir.Default(loc, self.stmt(s.body, in_loop, in_switch))
        if isinstance(s, ir.Label):
            return ir.Label(loc, s.name, self.stmt(s.body, in_loop, in_switch))
        return s


def lower(items: Tuple[ir.Stmt, ...], cleanup_of: Callable[[ir.VarDecl], Optional[ir.Expr]],
          result: ir.CType, temporary: Callable[[], str]) -> Tuple[ir.Stmt, ...]:
    """A block's statements with the cleanups of its variables written out. `cleanup_of(decl)`: the cleanup function
    of a declared variable (a NameRef), or None."""
    for i, s in enumerate(items):
        if not isinstance(s, ir.DeclStmt):
            continue
        for k, d in enumerate(s.decls):
            function = cleanup_of(d)
            if function is None:
                continue
            # the declarations after this one in the same statement are in its scope: they go with the rest
            head = ir.DeclStmt(s.loc, s.decls[:k + 1])
            tail = (ir.DeclStmt(s.loc, s.decls[k + 1:]),) if k + 1 < len(s.decls) else ()
            rest = lower(tail + tuple(items[i + 1:]), cleanup_of, result, temporary)  # inner scopes first
            var = ir.NameRef(d.loc, d.type, d.name, "local", None, d.loc)
            ftype = function.type
            returns = ftype.result if isinstance(ftype, ir.FunctionType) else ir.VoidType()
            call = ir.ExprStmt(d.loc, ir.Call(d.loc, returns, function,
                                              (ir.Unary(d.loc, ir.PointerType(d.type), "&", var),)))
            inside: Set[str] = set()
            for r in rest:
                _labels(r, inside)
            exits = _Exits(call, inside, result, temporary)
            rest = tuple(exits.stmt(r, False, False) for r in rest)
            return tuple(items[:i]) + (head,) + rest + (call,)
    return items
