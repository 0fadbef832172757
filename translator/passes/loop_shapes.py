"""What a loop is, read from the IR alone: its counter and bounds, whether its body is straight-line code, which
names it assigns, the terms of an index, whether an expression is invariant. csharp/loops.py decides the views
of hot loops from these (no C# text here); see its docstring for why each question matters.
"""
from __future__ import annotations

from typing import Optional, Set

from .. import ir
from ..rules import load as load_rules
from .queries import flat_length


def loops_in_order(st: Optional[ir.Stmt], depth: int):
    """(each for loop in `st`, the number of loops around it), in source order, outer loops first."""
    if st is None:
        return
    if isinstance(st, ir.Compound):
        for item in st.items:
            yield from loops_in_order(item, depth)
    elif isinstance(st, ir.For):
        yield st, depth
        yield from loops_in_order(st.body, depth + 1)
    elif isinstance(st, (ir.While, ir.DoWhile)):
        yield from loops_in_order(st.body, depth + 1)
    elif isinstance(st, ir.If):
        yield from loops_in_order(st.then, depth)
        yield from loops_in_order(st.otherwise, depth)
    elif isinstance(st, (ir.Switch, ir.Case, ir.Default, ir.Label)):
        yield from loops_in_order(st.body, depth)


def flat_index(node: ir.Index) -> ir.Index:
    """`u[i][j]` of a C array of arrays (`double u[N][M]`, one flat C# array in row-major order) as the flat
    access `u[i * M + j]` it is, so a row's base is seen as any computed base; any other access as it is."""
    if not isinstance(strip(node.base), ir.Index):
        return node
    parts = flat_offset(node)
    if parts is None:
        return node
    array, index = parts
    return ir.Index(node.loc, node.type, array, index)


def flat_offset(e: ir.Expr):
    """(the C array, the flat index in scalars) of an element or row of a fixed-size array of arrays; None else."""
    e = strip(e)
    if isinstance(e, ir.NameRef):
        rows = isinstance(e.type, ir.ArrayType) and isinstance(e.type.element, ir.ArrayType) or \
            e.kind == "param" and isinstance(e.type, ir.PointerType) and isinstance(e.type.pointee, ir.ArrayType)
        return (e, None) if rows else None  # (a parameter `double m[][N]` is a pointer to rows: reader/frontend.py)
    if not isinstance(e, ir.Index):
        return None
    inner = flat_offset(e.base)
    if inner is None:
        return None
    array, offset = inner
    stride = flat_length(e.type) if isinstance(e.type, ir.ArrayType) else 1
    if stride is None:
        return None
    loc, int_type = e.loc, ir.IntType("int")
    constant = constant_value(e.index)
    if stride == 1:
        terms = sum_terms(e.index)  # `u[i][j - 1]`: the chain i * M + j - 1, so the counter is one of its terms
    elif constant is not None:
        terms = [("+", ir.IntLit(loc, int_type, constant * stride, str(constant * stride)))]  # `u[0][j]`: 0
    else:
        terms = [("+", ir.Binary(loc, int_type, "*", e.index, ir.IntLit(loc, int_type, stride, str(stride))))]
    if offset is None:
        sign, first = terms[0]
        offset = first if sign == "+" else ir.Unary(loc, int_type, "-", first)
        terms = terms[1:]
    for sign, t in terms:
        offset = ir.Binary(loc, int_type, sign, offset, t)
    return array, offset


def stores_row_pointers(body: ir.Stmt) -> bool:
    """Whether the body stores a pointer into a table of them (`c[i] = p`, `*rows = q`): a row's view would then
    be stale."""
    for node in walk_in_order(body):
        target = strip(node.target) if isinstance(node, ir.Assign) else \
            strip(node.operand) if isinstance(node, ir.Unary) and node.op in ("post++", "post--", "pre++", "pre--") \
            else None
        if target is not None and not isinstance(target, ir.NameRef) and isinstance(target.type, ir.PointerType):
            return True
    return False


def data_dependent(index: ir.Expr, assigned: Set[str]) -> bool:
    """Whether an index reads memory or a name the loop assigns: a gather or a scatter, not a walk by the counter."""
    return any(isinstance(n, ir.Index) or isinstance(n, ir.NameRef) and n.name in assigned for n in walk_in_order(index))


def has_inner_loop(st: ir.For) -> bool:
    # (the classes of the body's nodes tested by a C loop, which stops at the first loop: the IR's classes have no
    # subclasses, so a node's class is what isinstance tests; issue 28, asked of every loop several times)
    return not _LOOP_CLASSES.isdisjoint(map(type, walk_in_order(st.body)))


_LOOP_CLASSES = frozenset({ir.For, ir.While, ir.DoWhile})


def assigned_names(body: ir.Stmt) -> Set[str]:
    """The names the body assigns, steps or takes the address of."""
    assigned: Set[str] = set()
    for node in walk_in_order(body):
        target = None
        if isinstance(node, ir.Assign):
            target = strip(node.target)
        elif isinstance(node, ir.Unary) and node.op in ("post++", "post--", "pre++", "pre--", "&"):
            target = strip(node.operand)
        if isinstance(target, ir.NameRef):
            assigned.add(target.name)
    return assigned


def loop_counter(st: ir.For):
    """(j, s, start) of `for (j = start; j < n; j++)` (or <=, ++j, j += 1) with an int j and n: s is the start when it
    is a constant >= 0, None when it is computed (row_views decides whether it may be read once); (None, 0, None)
    for any other loop."""
    start = None
    if isinstance(st.init, ir.ExprStmt) and isinstance(st.init.expr, ir.Assign) and st.init.expr.op == "=":
        target, start = strip(st.init.expr.target), strip(st.init.expr.value)
        name = target.name if isinstance(target, ir.NameRef) and target.kind in ("local", "param") else None
    elif isinstance(st.init, ir.DeclStmt) and len(st.init.decls) == 1 and st.init.decls[0].storage is None:
        name, start = st.init.decls[0].name, st.init.decls[0].init
        start = strip(start) if start is not None else None
    else:
        return None, 0, None
    if name is None or start is None or isinstance(start, ir.IntLit) and start.value < 0:
        return None, 0, None
    cond = strip(st.cond) if st.cond is not None else None
    if not isinstance(cond, ir.Binary) or cond.op not in ("<", "<="):
        return None, 0, None
    j = strip(cond.lhs)
    if not isinstance(j, ir.NameRef) or j.name != name or j.type != ir.IntType("int"):
        return None, 0, None
    if cond.lhs.type != ir.IntType("int") or cond.rhs.type != ir.IntType("int"):
        return None, 0, None  # an unsigned or wider limit: C compares in that type
    if not steps_by_one(st.step, name):
        return None, 0, None
    return j, (start.value if isinstance(start, ir.IntLit) else None), start


def steps_by_one(step: Optional[ir.Expr], name: str) -> bool:
    step = strip(step) if step is not None else None
    if isinstance(step, ir.Unary) and step.op in ("post++", "pre++"):
        return is_name(step.operand, name)
    if isinstance(step, ir.Assign) and step.op == "+=":
        value = strip(step.value)
        return is_name(step.target, name) and isinstance(value, ir.IntLit) and value.value == 1
    return False


def straight_line(body: ir.Stmt, branches: bool = False):
    """(whether every statement of the body runs on every iteration, names it assigns). With `branches`: whether the
    body is such code with if statements and conditional evaluation (`?:`, `&&`, `||`) besides: every iteration
    still leaves the body at its end (no jump, no loop, no call but math.h's pure functions), only not every
    statement runs."""
    assigned: Set[str] = set()
    for node in walk_in_order(body):
        if isinstance(node, ir.Stmt) and not isinstance(node, (ir.Compound, ir.ExprStmt, ir.DeclStmt,
                                                               ir.VarDecl, ir.NullStmt)) \
                and not (branches and isinstance(node, ir.If)):
            return False, assigned
        if isinstance(node, ir.VarDecl) and node.storage is not None:
            return False, assigned
        if not branches and (isinstance(node, ir.Conditional)
                             or (isinstance(node, ir.Binary) and node.op in ("&&", "||", ","))):
            return False, assigned
        if isinstance(node, ir.Call):
            callee = strip(node.callee)
            if not (isinstance(callee, ir.NameRef) and callee.kind == "library" and callee.name in load_rules().names("pure")):
                return False, assigned
        if isinstance(node, ir.Assign):
            target = strip(node.target)
            if isinstance(target, ir.NameRef):
                assigned.add(target.name)
        if isinstance(node, ir.Unary) and node.op in ("post++", "post--", "pre++", "pre--", "&"):
            operand = strip(node.operand)
            if isinstance(operand, ir.NameRef):
                assigned.add(operand.name)
            elif node.op == "&":
                return False, assigned  # an address taken inside the loop may alias anything
    return True, assigned


def base_offset(index: ir.Expr, counter: ir.NameRef, first: Optional[int]) -> Optional[ir.Expr]:
    """E of an index that is a sum with the counter as one added term (`E + j`, `s + j + h`,
    `j + E`): the other terms, in their order; None for any other shape. For a loop that
    starts above zero or at a computed value (`first` None), E must be a constant >= 0: `a[b + j]` with j from 1 reads
    a[0] when b is -1, but a view from -1 cannot exist (from 0 up, the first access would fail
    at the view's start, as C's does)."""
    terms = sum_terms(index)
    at = [i for i, (sign, t) in enumerate(terms) if is_name(t, counter.name)]
    if len(at) != 1 or terms[at[0]][0] != "+" or len(terms) < 2:
        return None
    rest = terms[:at[0]] + terms[at[0] + 1:]
    if any(mentions(t, counter.name) for _, t in rest):
        return None
    if (first is None or first > 0) and not all(sign == "+" and is_constant_at_least_zero(t) for sign, t in rest):
        return None
    sign, e = rest[0]
    if sign == "-":
        return None  # -E + j: a base below zero, in all likelihood
    for sign, t in rest[1:]:
        e = ir.Binary(e.loc, index.type, sign, e, t)
    return e


def sum_terms(e: ir.Expr):
    """[(sign, term)] of a chain of + and - (a - b + c is [+a, -b, +c]); a term of another kind is one term."""
    e = strip(e)
    if isinstance(e, ir.Binary) and e.op in ("+", "-"):
        right = strip(e.rhs)
        if e.op == "-" and isinstance(right, ir.Binary) and right.op in ("+", "-"):
            return [("+", e)]  # a - (b + c): keep whole rather than distribute the sign
        return sum_terms(e.lhs) + [(e.op, e.rhs)]
    return [("+", e)]


def invariant(e: ir.Expr, assigned: Set[str], written: Optional[Set[ir.Type]] = None) -> bool:
    """Built from names the loop does not assign, constants and arithmetic: its value is fixed. With `written`
    (the types the body stores to), also from int elements of named arrays when the body stores no integer: such
    an expression may be read once before the loop (the body is straight-line and calls nothing but math.h)."""
    for n in walk_in_order(e):
        if isinstance(n, ir.NameRef):
            if n.kind not in ("local", "param", "global", "enum_const") or n.name in assigned:
                return False
        elif isinstance(n, ir.Index) and written is not None:
            # any integer store may reach an int element (through a byte or unsigned view of its array)
            if not isinstance(strip(n.base), ir.NameRef) or n.type != ir.IntType("int") \
                    or any(isinstance(t, ir.IntType) for t in written):
                return False
        elif isinstance(n, ir.Binary):
            if n.op not in ("+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^"):
                return False
        elif isinstance(n, ir.Unary):
            if n.op not in ("-", "+", "~"):
                return False
        elif not isinstance(n, (ir.IntLit, ir.CharLit, ir.MacroRef, ir.Cast, ir.Paren)):
            return False
    return True


def written_types(body: ir.Stmt) -> Set[ir.Type]:
    """The types of the buffer elements, struct members and pointees the body stores to."""
    written: Set[ir.Type] = set()
    for node in walk_in_order(body):
        target = None
        if isinstance(node, ir.Assign):
            target = strip(node.target)
        elif isinstance(node, ir.Unary) and node.op in ("post++", "post--", "pre++", "pre--"):
            target = strip(node.operand)
        if target is not None and not isinstance(target, ir.NameRef):
            written.add(target.type)
    return written


def is_simple(e: ir.Expr) -> bool:
    """A constant or a local: the JIT clones a loop from or up to it as it stands."""
    e = strip(e)
    if isinstance(e, ir.MacroRef) and e.expansion is not None:
        e = strip(e.expansion)
    return isinstance(e, (ir.IntLit, ir.CharLit)) or isinstance(e, ir.NameRef) and e.kind in ("local", "param")


def reads_memory(e: ir.Expr, constants: Set[str]) -> bool:
    """Whether `e` reads a global (a field of the rank's object in C#) other than the never-written `constants`,
    or an array element: what the JIT reads again on every test of a loop whose body stores through a reference."""
    return any(isinstance(n, ir.Index) or isinstance(n, ir.NameRef) and n.kind == "global" and n.name not in constants
               for n in walk_in_order(e))


def is_global_array(access: ir.Index) -> bool:
    """A global C array (not a pointer): never reassigned, so one view of it serves a whole function."""
    base = strip(access.base)
    return isinstance(base, ir.NameRef) and base.kind == "global" and isinstance(base.type, ir.ArrayType)


def is_negative_constant(e: ir.Expr) -> bool:
    e = strip(e)
    while isinstance(e, ir.Paren):
        e = strip(e.inner)
    if isinstance(e, ir.Unary) and e.op == "-":
        return True
    return isinstance(e, ir.IntLit) and e.value < 0


def is_constant_at_least_zero(e: ir.Expr) -> bool:
    e = strip(e)
    if isinstance(e, ir.MacroRef) and e.expansion is not None:
        e = strip(e.expansion)
    return isinstance(e, (ir.IntLit, ir.CharLit)) and e.value >= 0


def element_is_scalar(t) -> bool:
    """Numbers and structs: a span of either indexes like the array (a struct element by reference)."""
    return isinstance(t, (ir.IntType, ir.FloatType, ir.RecordType))


def strip(e: ir.Expr) -> ir.Expr:
    while isinstance(e, ir.Cast) and e.implicit or isinstance(e, ir.Paren):
        e = e.operand if isinstance(e, ir.Cast) else e.inner
    return e


def is_name(e: ir.Expr, name: str) -> bool:
    e = strip(e)
    return isinstance(e, ir.NameRef) and e.name == name


def mentions(e: ir.Expr, name: str) -> bool:
    return any(isinstance(n, ir.NameRef) and n.name == name for n in walk_in_order(e))


def walk_in_order(node):
    """The nodes under node in source order (left to right: views in source order), remembered for big subtrees:
    the loop conversions walk each loop's body several times (ir.walk_in_order)."""
    return ir.walk_in_order(node)


def first_access(index: ir.Expr, counter: ir.NameRef, first: int) -> Optional[ir.Expr]:
    """The index of the first iteration's access, `ro + c + 1` for `ro + c + i1` from i1 = 1, constants summed
    (`u1[i1 - 1]` -> 0); None unless the index is the counter plus terms without it, the first of them added."""
    terms = sum_terms(index)
    at = [i for i, (sign, t) in enumerate(terms) if is_name(t, counter.name)]
    if len(at) != 1 or terms[at[0]][0] != "+":
        return None
    rest = terms[:at[0]] + terms[at[0] + 1:]
    constant, others = first, []
    for sign, t in rest:
        value = constant_value(t)
        if mentions(t, counter.name):
            return None
        if value is not None:
            constant += value if sign == "+" else -value
        else:
            others.append((sign, t))
    loc, int_type = index.loc, ir.IntType("int")
    if not others:
        return ir.IntLit(loc, int_type, constant, str(constant)) if constant >= 0 else None
    if others[0][0] != "+":
        return None
    e = others[0][1]
    for sign, t in others[1:]:
        e = ir.Binary(loc, int_type, sign, e, t)
    if constant:
        e = ir.Binary(loc, int_type, "+" if constant > 0 else "-", e, ir.IntLit(loc, int_type, abs(constant), str(abs(constant))))
    return e


def constant_value(e: ir.Expr) -> Optional[int]:
    e = strip(e)
    if isinstance(e, ir.MacroRef) and e.expansion is not None:
        e = strip(e.expansion)
    if isinstance(e, (ir.IntLit, ir.CharLit)):
        return e.value
    return None


# The last function's facts for accumulator_elements: asked for each loop of a function, they were found by walking
# the whole function again per loop (a function of 5,000 statements and hundreds of loops: quadratic, issue 28).
# The IR is frozen: the function itself is kept, so its id cannot name another.
_last_function_facts: list = [None, None]


def _function_facts(function: ir.Function):
    """(the declarations of the function's static locals and parameters, by location; the names it assigns)."""
    if _last_function_facts[0] is not function:
        static_or_param = {d.loc for d in walk_in_order(function.body)
                           if isinstance(d, ir.VarDecl) and (d.storage is not None or d.is_param)}
        _last_function_facts[:] = [function, (static_or_param, assigned_names(function.body))]
    return _last_function_facts[1]


def accumulator_elements(body: ir.Stmt, function: ir.Function):
    """The elements `s[c]` of local C arrays a straight-line loop body reads and writes as accumulators, as
    {(array name, its declaration, c): [the Index nodes]}: kept in a local while the loop runs (csharp/loops.py).
    An array qualifies when it is a local of the function declared outside the body (one declared in it is a new
    object each iteration), a C array of known length (not static: a static local lives before the call, where a
    pointer parameter may point at it), every mention of it in the body an element at a constant index inside it,
    one of them written. And only when every other memory the body reaches is an element
    of another C array, or of a pointer parameter the function never assigns: the local array did not exist when
    the parameters were passed, so neither can point into it; no `*p`, no `p->f`, no other pointer.
    The caller checks that the body is straight-line code (no call but math.h's pure functions)."""
    static_or_param, assigned_anywhere = _function_facts(function)
    # an array the body declares is a new object, initialized again, on every iteration: not an accumulator
    body_decls = {d.loc for d in walk_in_order(body) if isinstance(d, ir.VarDecl)}
    by_array: dict = {}  # (name, decl) -> the body's accesses of a local C array
    written, indexed = set(), set()  # ids of written Index nodes; ids of the NameRefs that are an Index's base
    for node in walk_in_order(body):
        if isinstance(node, ir.Member) and node.arrow or isinstance(node, ir.Unary) and node.op == "*":
            return {}
        if isinstance(node, ir.Assign) or isinstance(node, ir.Unary) and node.op in ("post++", "post--", "pre++", "pre--"):
            target = strip(node.target if isinstance(node, ir.Assign) else node.operand)
            if isinstance(target, ir.Index):
                written.add(id(target))
        if not isinstance(node, ir.Index):
            continue
        base = strip(node.base)
        if not isinstance(base, ir.NameRef):
            return {}
        indexed.add(id(base))
        if isinstance(base.type, ir.ArrayType) and base.kind in ("local", "global"):
            if base.kind == "local" and base.decl not in static_or_param and base.decl not in body_decls:
                by_array.setdefault((base.name, base.decl), []).append(node)
        elif not (base.kind == "param" and base.name not in assigned_anywhere):
            return {}
    bare = {(n.name, n.decl) for n in walk_in_order(body) if isinstance(n, ir.NameRef) and id(n) not in indexed}
    elements: dict = {}
    for (name, decl), nodes in by_array.items():
        size = strip(nodes[0].base).type.size
        constants = [constant_value(n.index) for n in nodes]
        if (name, decl) in bare or size is None or any(c is None or not 0 <= c < size for c in constants) \
                or not all(isinstance(n.type, (ir.IntType, ir.FloatType)) for n in nodes):
            continue  # the array itself is used (`p = s`), or an element the loop moves over: no accumulator
        for c, n in zip(constants, nodes):
            elements.setdefault((name, decl, c), []).append(n)
    return {key: nodes for key, nodes in elements.items() if any(id(n) in written for n in nodes)}
