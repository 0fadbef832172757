"""A helper with an early return, called last in a loop's body, written into the loop: the return is a `continue`.

The N-body force loop calls a helper once per pair, and the helper leaves at once for most pairs:

    for (j = 0; j < n; j++)
        apply_force(&local[i], &particles[j], &dmin, &davg, &navg);

    static void apply_force(particle_t *particle, particle_t *neighbor, double *dmin, ...)
    {
        double dx = neighbor->x - particle->x, ...;
        if (r2 > CUTOFF * CUTOFF)
            return;
        ... (the force, for the few pairs within the cutoff)
    }

The port marks the helper for the JIT to inline (inlining.py), and the JIT does, but it takes a method's `return`
for the unlikely way out (its profile synthesis gives the edge to a return 0.2 when it has no profile), so it lays
the force out as the fall-through and jumps over it for the common pair: two taken branches an iteration, the
`ja` to the loop's end and the loop's own `jne` back (13 instructions). gcc -O2 lays the same loop with one (its
latch sits before the header). On the 2-core AMD EPYC host one more taken jump in gcc's loop made it about 18 % slower,
the port's whole gap at n >= 1000 (bench/README.md, round 20). Inside the loop the return is a `continue`, which
csharp/stmts.py writes as a jump back to the loop's top (its own copy of the step and the test): a back edge, which
the JIT takes for the likely way, so the common pair runs one taken branch, as gcc's does.

Written into the loop when (all checked here) the helper is one inlining.py marks (called once, in a loop, no loop
of its own, no goto, a modest size), returns void and has a `return;` before its end (without one the JIT's inlining
lays the code out as well as this would), declares no static local and no name the caller uses (nor uses a global
or a function whose name the caller declares), is defined before the caller in the same file (its comments are
written with it, above), and its call is the last statement of a for loop's body, as a statement. Each parameter
is then a pointer given `&X` and used only as `*p` and `p->f`, X an lvalue of the caller's locals and parameters
(names, `.f`, `[name or constant]`) no other argument takes the address of, so X names the same object wherever
the helper dereferences p; or an arithmetic value given an expression without side effects, which becomes a local
initialised with it, evaluated once as C's argument is (of the parameter's name, or `name_helper` when the caller
has a name so spelt). The helper itself stays as it was (its call is gone,
so it loses the inlining mark).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Dict, List, Optional, Set

from .. import ir
from .inlining import _callee_function, functions_to_inline


def inline_early_returns(tu: ir.TranslationUnit) -> ir.TranslationUnit:
    """`tu` with each qualifying call (module doc) replaced by the helper's body; the unit itself when none is."""
    marked = functions_to_inline(tu)
    helpers = {f.name: f for f in tu.functions if f.name in marked and _helper_qualifies(f)}
    if not helpers:
        return tu
    changed = {}
    for caller in tu.functions:
        if caller.body is None or caller.name in helpers:
            continue
        body = _rewrite_loops(caller, caller.body, helpers)
        if body is not caller.body:
            changed[id(caller)] = replace(caller, body=body)
    if not changed:
        return tu
    swap = lambda x: changed.get(id(x), x)  # noqa: E731 (functions appear in both tuples)
    return replace(tu, functions=tuple(swap(f) for f in tu.functions), order=tuple(swap(x) for x in tu.order))


def _helper_qualifies(f: ir.Function) -> bool:
    if f.body is None or not isinstance(f.type.result, ir.VoidType) or f.type.variadic:
        return False
    returns = ir.nodes_of(f.body, ir.Return)
    if not returns or any(r.value is not None for r in returns):
        return False
    if len(returns) == 1 and f.body.items and f.body.items[-1] is returns[0]:
        return False  # only a final return: nothing the JIT lays out badly
    if ir.nodes_of(f.body, ir.FuncName, ir.Label, ir.Goto):
        return False
    return all(d.storage is None for d in ir.nodes_of(f.body, ir.VarDecl))


def _rewrite_loops(caller: ir.Function, body: ir.Compound, helpers: Dict[str, ir.Function]):
    declared = {p.name for p in caller.params} | {d.name for d in ir.nodes_of(body, ir.VarDecl)}
    mentioned = declared | {n.name for n in ir.nodes_of(body, ir.NameRef)}

    def rewrite(node):
        node = ir.with_children(node, rewrite) if isinstance(node, ir.Stmt) else node
        if not isinstance(node, ir.For):
            return node
        items = node.body.items if isinstance(node.body, ir.Compound) else (node.body,)
        if not items or not isinstance(items[-1], ir.ExprStmt):
            return node
        inlined = _inline_call(caller, items[-1], helpers, declared, mentioned)
        if inlined is None:
            return node
        if isinstance(node.body, ir.Compound):
            return replace(node, body=replace(node.body, items=items[:-1] + (inlined,)))
        return replace(node, body=inlined)

    return rewrite(body)


def _inline_call(caller, st: ir.ExprStmt, helpers, declared: Set[str], mentioned: Set[str]) -> Optional[ir.Stmt]:
    call = st.expr
    if not isinstance(call, ir.Call):
        return None
    helper = helpers.get(_callee_function(call))
    if helper is None or len(call.args) != len(helper.params):
        return None
    if helper.loc.file != caller.loc.file or helper.loc.line >= caller.loc.line:
        return None
    own = {d.name for d in ir.nodes_of(helper.body, ir.VarDecl)}
    used = {n.name for n in ir.nodes_of(helper.body, ir.NameRef) if n.kind not in ("local", "param")}
    if own & mentioned or used & declared:
        return None
    objects: Dict[str, ir.Expr] = {}  # pointer parameter -> the object X of its argument &X
    values: List[ir.Stmt] = []  # value parameters: locals of their names
    addressed = {_name_of(a.operand) for a in call.args if _is_address(a)}
    taken = mentioned | own | used  # what a value parameter's local must not be named
    for p, arg in zip(helper.params, call.args):
        if isinstance(p.type, ir.PointerType):  # its name goes away: every use becomes the object
            if not _is_address(arg) or not _stable_object(arg.operand, addressed, arg.operand):
                return None
            objects[p.name] = arg.operand
        elif isinstance(p.type, (ir.IntType, ir.FloatType)) and not _assigns_or_calls(arg):
            name = _local_name(p.name, helper.name, taken)
            taken.add(name)
            values.append(ir.DeclStmt(p.loc, (replace(p, name=name, init=arg, is_param=False),)))
        else:
            return None
    if not _pointer_uses_only_deref(helper.body, set(objects)):
        return None
    value_names = {p.name: d.decls[0].name for p, d in zip([q for q in helper.params if q.name not in objects], values)}
    body = _substitute(helper.body, objects, value_names)
    return replace(body, items=tuple(values) + body.items)


def _local_name(param: str, helper: str, taken: Set[str]) -> str:
    """The parameter's own name when the caller has no such name, else `name_helper` (`name_helper2`, ...)."""
    if param not in taken:
        return param
    name, k = f"{param}_{helper}", 1
    while name in taken:
        k += 1
        name = f"{param}_{helper}{k}"
    return name


def _is_address(e: ir.Expr) -> bool:
    return isinstance(e, ir.Unary) and e.op == "&"


def _name_of(e: ir.Expr) -> Optional[str]:
    return e.name if isinstance(e, ir.NameRef) else None


def _stable_object(x: ir.Expr, addressed: Set[Optional[str]], whole: ir.Expr) -> bool:
    """Whether lvalue `x` is the same object wherever the helper reads it: built of the caller's own locals and
    parameters, `.f` and `[i]` with i such a name or a constant, and no name inside an index is given to the
    helper by address (the helper could change it through the pointer)."""
    if isinstance(x, ir.NameRef):
        return x.kind in ("local", "param")
    if isinstance(x, ir.Paren):
        return _stable_object(x.inner, addressed, whole)
    if isinstance(x, ir.Member):
        return not x.arrow and _stable_object(x.base, addressed, whole)
    if isinstance(x, ir.Index):
        i = x.index
        while isinstance(i, (ir.Paren, ir.Cast)):
            i = i.inner if isinstance(i, ir.Paren) else i.operand
        if isinstance(i, ir.IntLit):
            pass
        elif isinstance(i, ir.NameRef) and i.kind in ("local", "param") and i.name not in addressed:
            pass
        else:
            return False
        base = x.base
        while isinstance(base, ir.Cast) and base.implicit:  # an array or a pointer variable, decayed
            base = base.operand
        return isinstance(base, ir.NameRef) and base.kind in ("local", "param") and base.name not in addressed
    return False


def _assigns_or_calls(e: ir.Expr) -> bool:
    return any(isinstance(n, (ir.Assign, ir.Call, ir.StmtExpr)) or
               isinstance(n, ir.Unary) and n.op in ("pre++", "pre--", "post++", "post--")
               for n in ir.walk(e))


def _pointer_uses_only_deref(body: ir.Stmt, pointers: Set[str]) -> bool:
    """Whether every use of the pointer parameters is `*p` or `p->f` (never p itself: not assigned, compared,
    passed on or indexed)."""
    if not pointers:
        return True
    through = set()  # ids of the NameRefs read through * or ->
    for n in ir.walk(body):
        target = None
        if isinstance(n, ir.Unary) and n.op == "*":
            target = n.operand
        elif isinstance(n, ir.Member) and n.arrow:
            target = n.base
        while isinstance(target, (ir.Paren, ir.Cast)) and not (isinstance(target, ir.Cast) and not target.implicit):
            target = target.inner if isinstance(target, ir.Paren) else target.operand
        if isinstance(target, ir.NameRef) and target.name in pointers:
            through.add(id(target))
    return all(id(n) in through for n in ir.nodes_of(body, ir.NameRef)
               if n.kind == "param" and n.name in pointers)


def _substitute(body: ir.Compound, objects: Dict[str, ir.Expr], value_names: Dict[str, str]) -> ir.Compound:
    def strip(e):
        while isinstance(e, (ir.Paren, ir.Cast)) and not (isinstance(e, ir.Cast) and not e.implicit):
            e = e.inner if isinstance(e, ir.Paren) else e.operand
        return e

    def rewrite(node):
        if isinstance(node, ir.Return):
            return ir.Continue(node.loc, from_return=True)
        if isinstance(node, ir.Unary) and node.op == "*":
            p = strip(node.operand)
            if isinstance(p, ir.NameRef) and p.kind == "param" and p.name in objects:
                return objects[p.name]  # a name, `.f` or `[i]`: binds as tightly as `*p` did
        if isinstance(node, ir.Member) and node.arrow:
            p = strip(node.base)
            if isinstance(p, ir.NameRef) and p.kind == "param" and p.name in objects:
                return replace(node, base=objects[p.name], arrow=False)
        if isinstance(node, ir.NameRef) and node.kind == "param" and node.name in value_names:
            return replace(node, kind="local", name=value_names[node.name])
        return ir.with_children(node, rewrite)

    return rewrite(body)
