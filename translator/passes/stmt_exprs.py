"""GNU statement expressions `({ ... })`, moved out of the expressions that use them before conversion.

C# has no statements inside an expression. The usual use is the side-effect-safe max macro,

    #define max(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })
    m = max(x, y);

Where the statement expression is evaluated before anything else with an effect in its statement (`m = max(x,
y);`, `int z = max(m, 10);`, `return max(a, b);`, `if (max(a, b) > 3)`, `f(max(a, b))` with side-effect-free
arguments before it), its statements run first, in a block of their own, and leave the value in a fresh local
that the statement then reads:

    int cmpi_value1;
    {
        int _a = x;
        int _b = y;
        cmpi_value1 = _a > _b ? _a : _b;
    }
    m = cmpi_value1;

That is the same program: nothing the statement evaluates before the statement expression can observe the
move. A statement expression used as a statement is its block. One that only computes a value from its own
initialized locals (this max, csmith's safe-math macros) is instead a call of a function of its own, made first
(_value_helpers), which stays where C evaluates it: a loop's condition, after another effect. Anywhere else
(after a call or an assignment in the same expression, in the second operand of `&&`, `||` or `?:`, in a loop
condition, which runs again) moving it could change the order of effects: a clear error.

The same move gives call arguments gcc's order. C leaves the order of a call's arguments unspecified; gcc on
x86-64 evaluates them right to left (reading plain locals at the call), where C# evaluates left to right:
`printf("%d %d\n", f(1), f(2))` calls f(2) first, and `printf("%d %d\n", rand() % 6, rand() % 6)` prints the
second draw first. A call with two or more arguments that change state (a call of the program's own functions
or of the library's stateful ones: rand, drand48, strtok, getchar...; an assignment, ++ or --), or one that steps
a local another argument reads (`g(i, i++)`), gets those arguments in locals first, last argument first, when
the call is the first effect of its statement:

    int cmpi_arg2 = f(2);
    int cmpi_arg1 = f(1);
    printf("%d %d\n", cmpi_arg1, cmpi_arg2);

Elsewhere such a call keeps C#'s order (no error: the program's output then depends on what C leaves open), as
does a call with one such argument and another that reads memory it changes (`printf("%d %d\n", count, next())`:
gcc reads count after next()): moving every argument of every such call would bury the common `printf` of
`rank` and a value under temporaries. One such memory is moved (round 14): a variable an effectful argument gives
the address of (`printf("%d %d\n", parse(s, &x), x)`): gcc keeps it in memory and loads it in the arguments' right
to left order (x before the call), so an argument reading it takes a local in that order too.
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import List, Optional

from .. import ir
from ..diagnostics import TranslationError
from ..rules import load as load_rules



def lower_statement_expressions(tu: ir.TranslationUnit) -> ir.TranslationUnit:
    """`tu` with every function's statement expressions moved out (the unit itself when it has none)."""
    tu = _value_helpers(tu)
    _value_helper_names.clear()
    _value_helper_names.update(f.name for f in tu.functions if f.name.startswith("cmpi_value_of")
                               and f.loc is not None and f.comment == _HELPER_COMMENT)
    lowered = {}
    for f in tu.functions:
        if f.body is not None and any(isinstance(n, ir.StmtExpr) or _reordered_call(n)
                                      for n in ir.nodes_of(f.body, ir.StmtExpr, ir.Call)):
            names = {n.name for n in ir.nodes_of(f.body, ir.NameRef, ir.VarDecl)}
            lowered[id(f)] = replace(f, body=_Lowering(names).compound(f.body))
    if not lowered:
        return tu
    functions = tuple(_swap(f, lowered) for f in tu.functions)
    order = tuple(_swap(x, lowered) for x in tu.order)
    return replace(tu, functions=functions, order=order)


def _value_helpers(tu: ir.TranslationUnit) -> ir.TranslationUnit:
    """`tu` with each statement expression that only computes a value from its own initialized locals, ``({ T a =
    x; U b = y; expr(a, b); })`` (GNU's max macro; csmith's safe-math macros, -DUSE_MATH_MACROS), a call of a
    function of the unit's own, ``cmpi_value_of3(x, y)`` with ``static R cmpi_value_of3(T a, U b) { return expr(a,
    b); }``: C evaluates x, then y, then expr where the expression stands, and so does the call, wherever it is (a
    loop's condition, after another effect, one side of `&&`), where moving the block out before its statement is
    only the same program when it is the statement's first effect. Nested ones become nested calls."""
    if not any(ir.nodes_of(f.body, ir.StmtExpr) for f in tu.functions if f.body is not None):
        return tu
    taken = {f.name for f in tu.functions} | {n.name for f in tu.functions if f.body is not None
                                              for n in ir.nodes_of(f.body, ir.NameRef)}
    helpers: List[ir.Function] = []

    def rewrite(node):
        node = ir.with_children(node, rewrite)
        if isinstance(node, ir.StmtExpr):
            call = _as_value_helper(node, taken, helpers)
            if call is not None:
                return call
        return node

    rewritten = {id(f): replace(f, body=rewrite(f.body)) for f in tu.functions if f.body is not None}
    if not helpers:
        return tu
    functions = tuple(_swap(f, rewritten) for f in tu.functions) + tuple(helpers)
    order = tuple(_swap(x, rewritten) for x in tu.order) + tuple(helpers)
    return replace(tu, functions=functions, order=order)


def _as_value_helper(x: ir.StmtExpr, taken, helpers: List[ir.Function]) -> Optional[ir.Call]:
    """The call that replaces `x` (its function appended to `helpers`), or None when `x` is not of that shape: only
    declarations of numbers with initializers that name none of them, then an expression of a number that reads
    them and changes nothing (no assignment, ++, --, &, call, nor another local)."""
    items = x.body.items
    if not items or not isinstance(items[-1], ir.ExprStmt) or not isinstance(x.type, (ir.IntType, ir.FloatType)):
        return None
    decls = []
    for st in items[:-1]:
        if not isinstance(st, ir.DeclStmt):
            return None
        decls += st.decls
    if not decls or any(d.init is None or d.storage is not None or d.size_exprs
                        or not isinstance(d.type, (ir.IntType, ir.FloatType)) for d in decls):
        return None
    own = {(d.name, d.loc) for d in decls}
    if len({d.name for d in decls}) != len(decls):
        return None
    for d in decls:
        if any(isinstance(n, ir.NameRef) and (n.name, n.decl) in own for n in ir.walk(d.init)):
            return None  # an initializer reading an earlier local of the block
    value = items[-1].expr
    for n in ir.walk(value):
        if isinstance(n, (ir.Assign, ir.Call, ir.StmtExpr)) or isinstance(n, ir.Unary) and n.op in _STEPS + ("&",):
            return None
        if isinstance(n, ir.NameRef) and n.kind in ("local", "param") and (n.name, n.decl) not in own:
            return None
    name = f"cmpi_value_of{len(helpers) + 1}"
    while name in taken:
        name += "_"
    taken.add(name)
    params = tuple(replace(d, init=None, is_param=True) for d in decls)
    body_value = _as_params(value, own)
    ftype = ir.FunctionType(x.type, tuple(d.type for d in decls), False)
    helpers.append(ir.Function(x.loc, name, ftype, params,
                               ir.Compound(x.loc, (ir.Return(items[-1].loc, body_value),)), True, _HELPER_COMMENT))
    return ir.Call(x.loc, x.type, ir.NameRef(x.loc, ftype, name, "function"), tuple(d.init for d in decls))


# The helpers' comment tells them from a program's function of the same name; their calls change nothing (their
# arguments may), so they are no effect to the order of a statement's other statement expressions and arguments.
_HELPER_COMMENT = "/* a GNU statement expression's value (passes/stmt_exprs.py) */"
_value_helper_names: set = set()  # the unit being lowered's helpers


def _changes_state(call: ir.Call) -> bool:
    callee = _strip(call.callee)
    return not (isinstance(callee, ir.NameRef) and callee.kind == "function" and callee.name in _value_helper_names)


def _as_params(e, own):
    """`e` with each name of `own` (a statement expression's locals) read as the helper's parameter."""
    if isinstance(e, ir.NameRef) and (e.name, e.decl) in own:
        return replace(e, kind="param")
    changes = {}
    for f in fields(e):
        v = getattr(e, f.name)
        if isinstance(v, ir.Expr):
            w = _as_params(v, own)
            if w is not v:
                changes[f.name] = w
        elif isinstance(v, tuple) and any(isinstance(x, ir.Expr) for x in v):
            w = tuple(_as_params(x, own) if isinstance(x, ir.Expr) else x for x in v)
            if any(a is not b for a, b in zip(w, v)):
                changes[f.name] = w
    return replace(e, **changes) if changes else e


def _swap(item, lowered):
    return lowered.get(id(item), item)


class _Lowering:
    def __init__(self, taken):
        self.taken = set(taken)
        self.count = 0

    def compound(self, block: ir.Compound) -> ir.Compound:
        items: List[ir.Stmt] = []
        for st in block.items:
            items += self.stmt(st)
        return replace(block, items=tuple(items))

    def stmt(self, st: ir.Stmt) -> List[ir.Stmt]:
        """The statements that replace `st` (several when a value is moved out before it)."""
        if isinstance(st, ir.Compound):
            return [self.compound(st)]
        if isinstance(st, ir.ExprStmt):
            if isinstance(_strip(st.expr), ir.StmtExpr):
                return [self.compound(_strip(st.expr).body)]  # its value unused: just the block
            return self._hoist(st, (st.expr,), lambda e: replace(st, expr=e[0]))
        if isinstance(st, ir.DeclStmt):
            inits = tuple(d.init for d in st.decls)
            if not any(i is not None and self._moves_out(i) for i in inits):
                return [st]
            if len(st.decls) != 1:
                out: List[ir.Stmt] = []
                for d in st.decls:  # `int a = max(x, y), b = a;`: one declaration at a time, in order
                    out += self.stmt(replace(st, decls=(d,)))
                return out
            d = st.decls[0]
            return self._hoist(st, (d.init,), lambda e: replace(st, decls=(replace(d, init=e[0]),)))
        if isinstance(st, ir.Return) and st.value is not None:
            return self._hoist(st, (st.value,), lambda e: replace(st, value=e[0]))
        if isinstance(st, ir.If):
            rebuilt = replace(st, then=self._one(st.then), otherwise=self._one(st.otherwise))
            return self._hoist(rebuilt, (st.cond,), lambda e: replace(rebuilt, cond=e[0]))
        if isinstance(st, ir.Switch):
            rebuilt = replace(st, body=self._one(st.body))
            return self._hoist(rebuilt, (st.cond,), lambda e: replace(rebuilt, cond=e[0]))
        # loops and labels: their statements are lowered; a statement expression in a condition or step,
        # evaluated again on every iteration, cannot move out (nor out of a for's first clause, which must stay one)
        if isinstance(st, ir.For) and st.init is not None:
            for n in ir.walk(st.init):
                if isinstance(n, ir.Expr):
                    _refuse_inside(n)
        changes = {}
        for f in fields(st):
            v = getattr(st, f.name)
            if isinstance(v, ir.Stmt) and not (isinstance(st, ir.For) and f.name == "init"):
                changes[f.name] = self._one(v)
            elif isinstance(v, ir.Expr):
                _refuse_inside(v)
        return [replace(st, **changes) if changes else st]

    def _moves_out(self, e: ir.Expr) -> bool:
        """Whether something in `e` moves out before its statement: a statement expression or a reordered call."""
        return any(isinstance(n, ir.StmtExpr) or _reordered_call(n) for n in ir.walk(e))

    def _one(self, st: Optional[ir.Stmt]) -> Optional[ir.Stmt]:
        if st is None:
            return None
        out = self.stmt(st)
        return out[0] if len(out) == 1 else ir.Compound(st.loc, tuple(out))

    def _hoist(self, st: ir.Stmt, exprs, rebuild) -> List[ir.Stmt]:
        """Move the statement expressions of `exprs` (the statement's expressions, evaluated in this order) out
        before `st`, first to last; `rebuild` makes the statement from the new expressions."""
        before: List[ir.Stmt] = []
        exprs = list(exprs)
        kept = set()  # calls whose arguments keep C#'s order (not their statement's first effect)
        while True:
            target = next((x for e in exprs if e is not None for x in _targets_in_order(e, kept)), None)
            if target is None:
                break
            if isinstance(target, ir.Call):
                if not _first_effect(exprs, target):
                    kept.add(id(target))
                    continue
                moved, call = self._arguments_first(target)
                before += moved
                kept.add(id(call))
                exprs = [None if e is None else _substitute(e, target, call) for e in exprs]
                continue
            if not _first_effect(exprs, target):
                raise TranslationError(target.loc, f"{_what(target)} evaluated after another effect "
                                       "of its expression, or only on some paths, cannot be translated (assign "
                                       "it to a variable first)", "statement-expression")
            moved, (value, at) = self._value_of(target)
            before += moved
            name = ir.NameRef(target.loc, target.type, value, "local", decl=at)
            exprs = [None if e is None else _substitute(e, target, name) for e in exprs]
        return before + [rebuild(exprs)]

    def _arguments_first(self, call: ir.Call):
        """(`T cmpi_argN = argument;` for each argument that changes state, last first; the call reading those
        locals)."""
        moved: List[ir.Stmt] = []
        args = list(call.args)
        addressed = {name for a in args if _effectful(a) for name in _addressed(a)}
        for i in reversed(range(len(args))):
            a = args[i]
            if not _effectful(a) and not _reads_addressed(a, addressed):
                continue
            name = self._fresh("cmpi_arg")
            at = self._decl_loc(a.loc)
            moved += self.stmt(ir.DeclStmt(a.loc, (ir.VarDecl(at, name, a.type, a, None),)))
            args[i] = ir.NameRef(a.loc, a.type, name, "local", decl=at)
        return moved, replace(call, args=tuple(args))

    def _decl_loc(self, near: ir.Loc) -> ir.Loc:
        """A location no other declaration has (scopes.py tells variables apart by where they are declared; the
        arguments of one macro use all share its location). The negative column is this pass's count."""
        return replace(near, col=-self.count)

    def _fresh(self, stem: str) -> str:
        self.count += 1
        name = f"{stem}{self.count}"
        while name in self.taken:
            self.count += 1
            name = f"{stem}{self.count}"
        self.taken.add(name)
        return name

    def _value_of(self, x: ir.StmtExpr):
        """(`T cmpi_valueN; { ...; cmpi_valueN = last; }`, (its name, where it is declared)) for `x`."""
        items = x.body.items
        last = items[-1] if items else None
        if not isinstance(last, ir.ExprStmt) or isinstance(x.type, ir.VoidType):
            raise TranslationError(x.loc, "a statement expression without a value is used as one",
                                   "statement-expression")
        name = self._fresh("cmpi_value")
        at = self._decl_loc(x.loc)
        target = ir.NameRef(x.loc, x.type, name, "local", decl=at)
        store = ir.ExprStmt(last.loc, ir.Assign(last.loc, x.type, "=", target, last.expr))
        block = self.compound(replace(x.body, items=items[:-1] + (store,)))
        return [ir.DeclStmt(x.loc, (ir.VarDecl(at, name, x.type, None, None),)), block], (name, at)


def _effectful(e: ir.Expr) -> bool:
    """Whether evaluating `e` changes state another argument could see: a call of the program's functions (or
    through a pointer) or of a stateful library function, an assignment, ++ or --."""
    for n in ir.walk(e):
        if isinstance(n, ir.Call) and _changes_state(n):
            # the callee's names: the program's function or pointer, or the library's (errno's __errno_location)
            names = [x for x in ir.walk(n.callee) if isinstance(x, ir.NameRef)]
            if any(x.kind != "library" or x.name in load_rules().names("stateful") for x in names):
                return True
        elif isinstance(n, (ir.Assign, ir.StmtExpr)) or isinstance(n, ir.Unary) and n.op in _STEPS:
            return True
    return False


_STEPS = ("pre++", "pre--", "post++", "post--")


def _assigned(e: ir.Expr):
    """The names `e` assigns or steps."""
    for n in ir.walk(e):
        target = n.target if isinstance(n, ir.Assign) else n.operand if isinstance(n, ir.Unary) and n.op in _STEPS else None
        if target is not None and isinstance(_strip(target), ir.NameRef):
            yield _strip(target).name


def _addressed(e: ir.Expr):
    """The variables whose address `e` gives away (`parse(s, &x)`): the callee may store into them."""
    for n in ir.walk(e):
        if isinstance(n, ir.Unary) and n.op == "&":
            target = _strip(n.operand)
            if isinstance(target, ir.NameRef) and target.kind in ("local", "param", "global", "static_local") and \
                    isinstance(target.type, (ir.IntType, ir.FloatType, ir.PointerType)):
                yield target.name


def _reads_addressed(e: ir.Expr, addressed) -> bool:
    """Whether argument `e`, a number or pointer, reads a variable another argument gives the address of: gcc loads
    such a variable (it lives in memory) in its right-to-left order of the arguments, not at the call as a plain
    local (`printf("%d %d", parse(s, &x), x)` prints x from before the call)."""
    return bool(addressed) and isinstance(e.type, (ir.IntType, ir.FloatType, ir.PointerType)) and \
        any(isinstance(x, ir.NameRef) and x.name in addressed for x in ir.walk(e))


def _reordered_call(n) -> bool:
    """A call whose arguments gcc evaluates in another order than C# would, observably (module docstring)."""
    if not isinstance(n, ir.Call) or len(n.args) < 2:
        return False
    effectful = [a for a in n.args if _effectful(a)]
    if len(effectful) >= 2:
        return True
    if not effectful:
        return False
    addressed = set(_addressed(effectful[0]))
    if any(a is not effectful[0] and _reads_addressed(a, addressed) for a in n.args):
        return True
    names = {name for a in effectful for name in _assigned(a)}
    return any(a not in effectful and any(isinstance(x, ir.NameRef) and x.name in names for x in ir.walk(a))
               for a in n.args)


def _strip(e: ir.Expr) -> ir.Expr:
    while isinstance(e, ir.Paren) or isinstance(e, ir.Cast) and e.implicit:
        e = e.inner if isinstance(e, ir.Paren) else e.operand
    return e


def _targets_in_order(e, kept):
    """What moves out of `e`, in evaluation order: its outermost statement expressions (those nested in them move
    with their body) and calls whose arguments take gcc's order (not those in `kept`)."""
    if isinstance(e, ir.StmtExpr):
        yield e
        return
    if id(e) not in kept and _reordered_call(e):
        yield e
        return
    for child in ir.children(e):
        yield from _targets_in_order(child, kept)


def _refuse_inside(e: ir.Expr) -> None:
    for n in ir.walk(e):
        if isinstance(n, ir.StmtExpr):
            raise TranslationError(n.loc, f"{_what(n)} in a loop's condition or step cannot be "
                                   "translated (it runs again on every iteration)", "statement-expression")


def _what(n: ir.StmtExpr) -> str:
    """How the user wrote it: a statement expression, or GNU's `x ?: y` whose x has side effects, which the reader
    keeps in a temporary `cmpi_elvisN` of a statement expression (reader/gnu_conditional.py)."""
    first = n.body.items[0] if n.body.items else None
    if isinstance(first, ir.DeclStmt) and first.decls and first.decls[0].name.startswith("cmpi_elvis"):
        return "a GNU `x ?: y` whose x has side effects"
    return "a statement expression ({ ... })"


def _first_effect(exprs, target: ir.StmtExpr) -> bool:
    """Whether `target` is evaluated, on every path, before any other effect of `exprs` (evaluated in order)."""
    state = {"effect": False}

    def visit(n, conditional: bool) -> Optional[bool]:
        """True/False once `target` is reached (movable or not); None when not in this subtree."""
        if n is target:
            return not conditional and not state["effect"]
        if isinstance(n, ir.Binary) and n.op in ("&&", "||"):
            return _first(visit(n.lhs, conditional), lambda: visit(n.rhs, True))
        if isinstance(n, ir.Conditional):
            return _first(visit(n.cond, conditional), lambda: visit(n.then, True), lambda: visit(n.otherwise, True))
        found = None
        for child in ir.children(n):
            found = visit(child, conditional)
            if found is not None:
                return found
        if isinstance(n, ir.Call) and _changes_state(n) or isinstance(n, (ir.Assign, ir.StmtExpr)) or \
                isinstance(n, ir.Unary) and "++" in n.op or \
                isinstance(n, ir.Unary) and "--" in n.op:
            state["effect"] = True
        return None

    for e in exprs:
        if e is None:
            continue
        found = visit(e, False)
        if found is not None:
            return found
    return False


def _first(*steps):
    """The first result of `steps` (a value, then thunks) that is not None."""
    first = steps[0]
    if first is not None:
        return first
    for step in steps[1:]:
        found = step()
        if found is not None:
            return found
    return None


def _substitute(node, old, new):
    """`node` with the subtree `old` (by identity) replaced by `new`."""
    if node is old:
        return new
    return ir.with_children(node, lambda child: _substitute(child, old, new))
