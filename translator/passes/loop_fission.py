"""Innermost loops that reach more rows than the JIT keeps in registers, split into one loop per statement.

NPB MG's resid (psinv alike) fills two local rows from eight rows of the grid in one loop,

    for (i1 = 0; i1 < n1; i1++) {
        u1[i1] = u[uo + ym + i1] + u[uo + yp + i1] + u[uo + zm + i1] + u[uo + zp + i1];
        u2[i1] = u[uo + zm - n1 + i1] + u[uo + zm + n1 + i1] + u[uo + zp - n1 + i1] + u[uo + zp + n1 + i1];
    }

Through row views (csharp/loops.py) that is ten views, ten base registers besides the counter and the count, while
the loops around it keep five values of their own in registers (u, uo, c, n1, i2): the JIT's register allocator
left three views on the stack and reloaded them on every iteration (20 instructions an iteration where gcc -O2,
which spills the outer values instead, has 13). Split into

    for (i1 = 0; i1 < n1; i1++)
        u1[i1] = u[uo + ym + i1] + u[uo + yp + i1] + u[uo + zm + i1] + u[uo + zp + i1];
    for (i1 = 0; i1 < n1; i1++)
        u2[i1] = u[uo + zm - n1 + i1] + u[uo + zm + n1 + i1] + u[uo + zp - n1 + i1] + u[uo + zp + n1 + i1];

each loop has five views, declared right before it, and runs 8 instructions an iteration without a reload.

The same program when (all checked here):
- the loop is innermost, counts a local int up by one and its body is straight-line code (loop_shapes.straight_line:
  no branch, no jump, no call but math.h's pure functions, no address taken), every statement of it an assignment
  to an element of a local C array and nothing else (no other name assigned, no `++` inside);
- the arrays assigned are distinct, and no statement names another statement's array: what one loop writes, the
  others never read, so the order of the statements between iterations does not matter;
- each such array is a local C array of the function that never decays to a pointer there (its name appears only
  indexed): no pointer can reach it, so the other arrays the statements read are other memory;
- the loop's start and limit do not change in the body (loop_shapes.invariant), so every loop runs the same
  iterations and leaves the counter where C's loop leaves it.
An access out of range would throw in another iteration than C's loop reaches its own undefined access: the program
ends there either way (the loops print nothing). Only loops whose body reaches more rows (array and index pairs)
than MAX_ROWS: below it the JIT keeps every view in a register, and one loop costs less than two.
"""
from __future__ import annotations

import copy
from dataclasses import fields, replace
from typing import Optional, Set

from .. import ir
from . import loop_shapes as shapes

# More rows than this in one innermost loop and the JIT (.NET 10, x64: 14 allocatable registers) spilled views in
# MG's resid (ten rows beside five values of the loops around); its eight-row loop kept every view in a register.
MAX_ROWS = 8


def split_wide_loops(fn: ir.Function) -> ir.Function:
    """`fn` with each qualifying innermost loop split into one loop per statement (module docstring); the same
    object when no loop qualifies."""
    if fn.body is None or not any(_candidate(st) for st in ir.nodes_of(fn.body, ir.For)):
        return fn  # (the common case, decided from the loops alone: translation time is a target too)
    facts = _ArrayFacts(fn)

    def rewrite(node):
        if isinstance(node, ir.Compound):
            items = [split for item in node.items for split in _split(rewrite(item), facts)]
            if len(items) == len(node.items) and all(a is b for a, b in zip(items, node.items)):
                return node
            return replace(node, items=tuple(items))
        if isinstance(node, ir.Stmt):
            node = ir.with_children(node, lambda child: rewrite(child) if isinstance(child, ir.Stmt) else child)
            if isinstance(node, ir.For) and isinstance(node.body, ir.For):  # (a loop's lone inner loop: in a block)
                loops = _split(node.body, facts)
                if len(loops) > 1:
                    node = replace(node, body=ir.Compound(node.body.loc, loops))
        return node

    body = rewrite(fn.body)
    return fn if body is fn.body else replace(fn, body=body)


def _candidate(st: ir.For) -> bool:
    """Whether a loop has the shape _split looks at further: a block of two or more stores to elements."""
    body = st.body
    return isinstance(body, ir.Compound) and len(body.items) >= 2 and all(
        isinstance(item, ir.ExprStmt) and isinstance(item.expr, ir.Assign)
        and isinstance(shapes.strip(item.expr.target), ir.Index) for item in body.items)


class _ArrayFacts:
    """The local C arrays of a function that never decay to a pointer in it: (name, declaration)."""

    def __init__(self, fn: ir.Function):
        nodes = list(ir.walk_in_order(fn.body))
        declared = {(n.name, n.loc) for n in nodes if isinstance(n, ir.VarDecl) and n.storage is None
                    and isinstance(n.type, ir.ArrayType) and not n.is_param}
        indexed = {id(shapes.strip(n.base)) for n in nodes if isinstance(n, ir.Index)}
        decays = {(n.name, n.decl) for n in nodes if isinstance(n, ir.NameRef) and id(n) not in indexed}
        self.private = declared - decays


def _split(st: ir.Stmt, facts: _ArrayFacts) -> tuple:
    """The statements `st` stands for: itself, or, for a qualifying loop, one loop per statement of its body."""
    if not isinstance(st, ir.For):
        return (st,)
    body = st.body
    if not _candidate(st) or shapes.has_inner_loop(st):
        return (st,)
    counter, _first, start = shapes.loop_counter(st)
    if counter is None or start is None:
        return (st,)
    straight, assigned = shapes.straight_line(body)
    if not straight or assigned:
        return (st,)  # (a scalar assigned in the body carries values between its statements)
    targets = [_private_target(item, facts) for item in body.items]
    if None in targets or len(set(targets)) != len(targets):
        return (st,)
    names = {t[0] for t in targets}
    for item, target in zip(body.items, targets):
        if any(isinstance(n, ir.NameRef) and n.name in names - {target[0]} for n in ir.walk_in_order(item)):
            return (st,)
    written = shapes.written_types(body)
    limit = shapes.strip(st.cond).rhs
    if not (shapes.invariant(start, set(), written) and shapes.invariant(limit, set(), written)) \
            or shapes.mentions(limit, counter.name):
        return (st,)
    if len(_rows(body)) <= MAX_ROWS:
        return (st,)
    loops = [replace(st, body=replace(body, items=(item,))) for item in body.items]
    # the later loops get headers of their own: the loop views key their decisions by node
    return (loops[0],) + tuple(replace(loop, init=copy.deepcopy(st.init), cond=copy.deepcopy(st.cond),
                                       step=copy.deepcopy(st.step)) for loop in loops[1:])


def _private_target(item: ir.Stmt, facts: _ArrayFacts) -> Optional[tuple]:
    """(name, declaration) of the array an `a[index] = value` statement stores to, when it is one of the function's
    private local arrays and the statement assigns nothing else; None otherwise."""
    if not isinstance(item, ir.ExprStmt) or not isinstance(item.expr, ir.Assign):
        return None
    target = shapes.strip(item.expr.target)
    if not isinstance(target, ir.Index):
        return None
    base = shapes.strip(target.base)
    if not isinstance(base, ir.NameRef) or base.kind != "local" or (base.name, base.decl) not in facts.private:
        return None
    inner = [n for part in (target.index, item.expr.value) for n in ir.walk_in_order(part)]
    if any(isinstance(n, ir.Assign) or isinstance(n, ir.Unary) and n.op in ("post++", "post--", "pre++", "pre--")
           for n in inner):
        return None
    return base.name, base.decl


def _rows(body: ir.Stmt) -> Set[tuple]:
    """The distinct (array, index) pairs the body reaches, by shape."""
    return {(_shape(n.base), _shape(n.index)) for n in ir.walk_in_order(body) if isinstance(n, ir.Index)}


def _shape(e) -> tuple:
    """An expression's structure without its source locations and types: equal for `u[uo + ym + i1]` written twice."""
    if isinstance(e, tuple):
        return tuple(_shape(x) for x in e)
    if not hasattr(e, "__dataclass_fields__"):
        return e
    return (type(e).__name__,) + tuple(_shape(getattr(e, f.name)) for f in fields(e)
                                        if f.name not in ("loc", "type", "decl"))
