"""Questions about IR nodes that the passes and the C# emission both ask (no C# text here).

`unwrap` and `strip_implicit` look through the implicit conversions and parentheses clang puts around
an expression; `is_null_pointer`, `is_pure` and `split_marker_choice` read what an expression is.
"""
from __future__ import annotations

from .. import ir


def strip_casts(e: ir.Expr) -> ir.Expr:
    """The expression without parentheses, macro names (`NULL` is its expansion) and casts, written or implicit:
    what a constant argument is, whatever it was converted to on the way."""
    while isinstance(e, (ir.Cast, ir.Paren)) or (isinstance(e, ir.MacroRef) and e.expansion is not None):
        e = e.operand if isinstance(e, ir.Cast) else e.inner if isinstance(e, ir.Paren) else e.expansion
    return e


def is_null_pointer(e: ir.Expr) -> bool:
    e = strip_casts(e)
    return isinstance(e, ir.IntLit) and e.value == 0


def flexible_member(records, t):
    """The flexible array member ending struct t (C99 `double v[];`, GNU `int a[0];`), or None. `t`: a RecordType
    (looked up in `records`, the unit's RecordDecls) or a RecordDecl. Such a struct is malloc'ed with room for the
    elements, the struct and its elements one block of bytes (csharp/types.py, runtime Flexible): every pointer to
    it is a view of that block (passes/pointers.py)."""
    rec = t if isinstance(t, ir.RecordDecl) else \
        next((r for r in records if r.name == t.name), None) if isinstance(t, ir.RecordType) else None
    if rec is None or rec.is_union or not rec.fields:
        return None
    last = rec.fields[-1]
    return last if isinstance(last.type, ir.ArrayType) and not flat_length(last.type) else None


def strip_implicit(e: ir.Expr) -> ir.Expr:
    while isinstance(e, ir.Cast) and e.implicit:
        e = e.operand
    return e


def unwrap(e: ir.Expr) -> ir.Expr:
    """The expression without the implicit conversions and parentheses around it."""
    e = strip_implicit(e)
    while isinstance(e, ir.Paren):
        e = strip_implicit(e.inner)
    return e


def is_pure(e: ir.Expr) -> bool:
    """True when evaluating `e` twice is the same as once (names, constants, indexing by those)."""
    if isinstance(e, (ir.NameRef, ir.IntLit, ir.FloatLit, ir.CharLit, ir.MacroRef)):
        return True
    if isinstance(e, (ir.Cast,)):
        return is_pure(e.operand)
    if isinstance(e, ir.Paren):
        return is_pure(e.inner)
    if isinstance(e, ir.Index):
        return is_pure(e.base) and is_pure(e.index)
    if isinstance(e, ir.Member):
        return is_pure(e.base)
    if isinstance(e, ir.Unary) and e.op == "*":
        return is_pure(e.operand)
    if isinstance(e, ir.Binary):
        return is_pure(e.lhs) and is_pure(e.rhs)
    return False


def is_pointer_value(e: ir.Expr) -> bool:
    return isinstance(e.type, (ir.PointerType, ir.ArrayType))


def is_library_name(e: ir.Expr, name: str) -> bool:
    e = unwrap(e)
    return isinstance(e, ir.NameRef) and e.kind == "library" and e.name == name


_MARKERS = ("MPI_IN_PLACE", "MPI_BOTTOM")


def split_marker_choice(call: ir.Call):
    """`MPI_Reduce(rank == 0 ? MPI_IN_PLACE : &x, &x, ...)`: (condition, call with the first branch, call with the
    second) for the first argument that chooses between a marker (MPI_IN_PLACE, MPI_BOTTOM, NULL) and a buffer,
    else None. cMPI takes a marker and a buffer through different overloads, so the choice is between two calls."""
    for i, arg in enumerate(call.args):
        choice = unwrap(arg)
        if not isinstance(choice, ir.Conditional):
            continue
        branches = (choice.then, choice.otherwise)
        if any(is_null_pointer(b) or any(is_library_name(b, m) for m in _MARKERS) for b in branches):
            calls = [ir.Call(call.loc, call.type, call.callee, call.args[:i] + (b,) + call.args[i + 1:])
                     for b in branches]
            return choice.cond, calls[0], calls[1]
    return None


def flat_length(t: ir.ArrayType) -> int | None:
    """How many scalar elements an array (of arrays) holds."""
    n = 1
    while isinstance(t, ir.ArrayType):
        if t.size is None:
            return None
        n *= t.size
        t = t.element
    return n


def lone_assignment(body: ir.Stmt):
    """The plain `x = v` (an ir.Assign) a statement consists of, through blocks of one statement; None for any
    other statement (the shape of `if (c) x = v;` and of a loop that stores one value)."""
    while isinstance(body, ir.Compound) and len(body.items) == 1:
        body = body.items[0]
    if isinstance(body, ir.ExprStmt) and isinstance(body.expr, ir.Assign) and body.expr.op == "=":
        return body.expr
    return None


# The unit's functions by name, per tuple of functions (issue 28: every call of a program function looked its callee
# up in the whole tuple, a search per call that grows with the program). Kept for the last few tuples, each held so
# that its id is not reused while remembered.
_BY_NAME: dict = {}
_BY_NAME_KEPT = 4


def function_named(functions, name: str):
    """`next((f for f in functions if f.name == name), None)`: the first function of that name (a prototype when it
    comes first), looked up in a dict made once per tuple (a list, which may change, is searched)."""
    if functions.__class__ is not tuple:
        return next((f for f in functions if f.name == name), None)
    known = _BY_NAME.get(id(functions))
    if known is None or known[0] is not functions:
        by_name: dict = {}
        for f in functions:
            by_name.setdefault(f.name, f)
        if len(_BY_NAME) >= _BY_NAME_KEPT:
            del _BY_NAME[next(iter(_BY_NAME))]
        _BY_NAME[id(functions)] = known = (functions, by_name)
    return known[1].get(name)
