"""C statements -> C# statements (lists of indented lines).

C# differs from C where this module works hardest: conditions must be bool,
switch sections may not fall through (we add `goto case`), only some
expressions may stand as statements, and locals must be definitely assigned
(every local gets an initial value; C leaves it indeterminate).
"""
from __future__ import annotations

import dataclasses
from typing import List, Optional

from .. import ir
from ..diagnostics import TranslationError
from .context import INDENT, first_free_name, names_of_function, render_comment
from .exprs import (ASSIGN, CsExpr, as_bool, as_count, cast, coerce, coerce_at, convert_expr, convert_value, floating_select,
                    narrow_before_promotion, slot_key, strip_implicit, unwrap)
from .inits import convert_array_initializer, convert_initializer
from .memory import allocation_into_void_slot
from .rank_state import instance_field, names_instance_member
from ..passes.struct_copies import split_copies_after_field_writes
from .cstypes import array_of
from .types import cs_type, default_value, element_cs, flat_length
from ..passes.queries import lone_assignment, split_marker_choice
from .setjmp import convert_setjmp_statement, setjmp_call
from .pairs import BlockPairs, convert_pair



def convert_block_items(ctx, items, indent: str, end_line: Optional[int] = None) -> List[str]:
    """A block's statements, with the comments before each and the C's blank lines between them."""
    out: List[str] = []
    last = [0]  # the line of the last statement or comment written, whose blank lines are its own
    items = list(split_copies_after_field_writes(ctx, items))
    pairs = BlockPairs()
    skip = False
    for k, st in enumerate(items):
        if skip:  # the second statement of a pair done as one (pairs.py)
            skip = False
            continue
        jump_target = setjmp_call(ctx, st)
        if jump_target is not None:
            # the statement and the rest of the block, in the try a longjmp comes back to (setjmp.py)
            out.extend(convert_setjmp_statement(ctx, st, jump_target, items[k + 1:], indent, convert_block_items))
            break
        out.extend(_comments_before(ctx, st.loc.line, indent, out, last))
        _blank_line_before(ctx, st.loc, out, last)
        out.extend(indent + line for line in ctx.fn.loop_views.before_items.get(id(st), ()))  # loops.py's refs
        if isinstance(st, (ir.Label, ir.Case, ir.Default)):
            pairs.vectors.clear()  # a jump may arrive here without the vectors
        paired = convert_pair(ctx, items, k, pairs) if isinstance(st, ir.ExprStmt) else None
        if paired is not None:
            second = items[k + 1]
            out.extend(_comments_before(ctx, second.loc.line, indent, out, last))
            out.extend(indent + line for line in ctx.fn.loop_views.before_items.get(id(second), ()))
            lines = [indent + line for line in paired]
            lines[0] = _with_trailing(ctx, [lines[0]], st)[0]
            lines[-1] = _with_trailing(ctx, [lines[-1]], second)[0]
            out.extend(lines)
            last[0] = second.loc.line
            skip = True
            continue
        out.extend(convert_stmt(ctx, st, indent))
        pairs.forget_written(st)
        last[0] = st.loc.line
    if end_line is not None:
        out.extend(_comments_before(ctx, end_line, indent, out, last))
    return out


def _comments_before(ctx, line: int, indent: str, above: Optional[List[str]] = None,
                     last: Optional[List[int]] = None) -> List[str]:
    """The comments not yet written that end before `line`; with the block's lines so far (`above`), each after
    a blank line where the C has one above it."""
    lo = ctx.fn.function.loc.line if ctx.fn.function else 0
    out: List[str] = []
    for c in ctx.comments_before(line, lo):
        if above is not None:
            lines = above + out
            _blank_line_before(ctx, c.loc, lines, last)
            out += lines[len(above) + len(out):]
            last[0] = c.end_line
        out.extend(render_comment(c, indent))
    return out


def _blank_line_before(ctx, loc: Optional[ir.Loc], above: List[str], last: List[int]) -> None:
    """A blank line at the end of `above` (the block's lines so far) where the C has one just above `loc` and
    below the last statement or comment written (`last`): never as a block's first line, never two."""
    if above and above[-1] != "" and loc is not None and loc.line - 1 > last[0] and ctx.blank_before(loc):
        above.append("")


def _with_trailing(ctx, lines: List[str], st: ir.Stmt) -> List[str]:
    c = ctx.trailing_comment(st.loc.line, st.loc.col)
    if c is not None and lines:
        lines[-1] += " " + c.text.replace("\n", " ")
    return lines


def convert_body(ctx, st: ir.Stmt, indent: str) -> List[str]:
    """A statement used as a body: always braced, as C# style wants."""
    if isinstance(st, ir.Compound):
        return [indent[:-4] + "{"] + convert_block_items(ctx, st.items, indent, st.end.line if st.end else None) \
            + [indent[:-4] + "}"]
    return [indent[:-4] + "{"] + _comments_before(ctx, st.loc.line, indent) + convert_stmt(ctx, st, indent) \
        + [indent[:-4] + "}"]


def convert_condition(ctx, e: ir.Expr) -> str:
    return as_bool(convert_expr(ctx, e)).code


def convert_stmt(ctx, st: ir.Stmt, indent: str) -> List[str]:
    fn = _DISPATCH.get(type(st))
    if fn is None:
        raise TranslationError(st.loc, f"the statement {type(st).__name__} is not supported yet",
                               "unsupported-construct")
    return fn(ctx, st, indent)


def convert_compound(ctx, st: ir.Compound, indent: str) -> List[str]:
    return [indent + "{"] + convert_block_items(ctx, st.items, indent + INDENT, st.end.line if st.end else None) \
        + [indent + "}"]


def convert_var_decl(ctx, d: ir.VarDecl, for_header: bool = False, is_global: bool = False,
                     cs_name: str | None = None) -> str:
    """`T name = init` (no semicolon)."""
    name = cs_name or ctx.local_name(d.name, d.loc)
    if isinstance(d.type, ir.ArrayType):
        return f"{cs_type(d.type, d.loc)} {name} = {convert_array_init(ctx, d)}"
    key = ctx.var_key(d.name, is_global)
    cs = ctx.slot_type(key, d.type, d.loc)
    if d.init is None:
        value = default_value(cs)
    else:
        value = _void_allocation(ctx, d.init, d.type, key) or convert_initializer(ctx, d.init, d.type)
        value = coerce_at(value, cs, d.init.loc).code
    if ctx.is_boxed(key):
        # Its address is taken: the variable lives in a one-element array, `&x` is the array.
        return f"{array_of(cs)} {name} = {{ {value} }}"
    return f"{cs} {name} = {value}"


def _void_allocation(ctx, value: ir.Expr, c_type, key):
    if isinstance(c_type, ir.PointerType) and isinstance(c_type.pointee, ir.VoidType):
        return allocation_into_void_slot(ctx, value, key)
    return None


def convert_array_init(ctx, d: ir.VarDecl) -> str:
    t = d.type
    ecs = element_cs(t, d.loc)
    # Keep the bounds as written (N, N * M) where the program spells them with its macros.
    bounds = [as_count(convert_expr(ctx, b)).code for b in d.size_exprs]
    if bounds and len(bounds) == _rank(t):
        length = " * ".join(b if len(bounds) == 1 or b.isidentifier() or b.isdigit() else f"({b})" for b in bounds)
    else:
        n = flat_length(t)
        if n is None:
            raise TranslationError(d.loc, "an array without a size", "unsupported-construct")
        length = str(n)
    if d.init is None:
        return f"new {ecs}[{length}]"
    return convert_array_initializer(ctx, d.init, t, length).code


def _rank(t) -> int:
    n = 0
    while isinstance(t, ir.ArrayType):
        n, t = n + 1, t.element
    return n


def convert_decl_stmt(ctx, st: ir.DeclStmt, indent: str) -> List[str]:
    out = []
    for d in st.decls:
        if d.storage == "static":
            # A static local keeps its value between calls: a field of the rank's program object named after
            # the function (rank_state.py).
            declaration = convert_var_decl(ctx, d, cs_name=ctx.static_local_name(d.name))
            ctx.fn.hoisted.append(instance_field(ctx, declaration, names_instance_member(d.init, ctx.static_globals)))
            continue
        out.append(indent + convert_var_decl(ctx, d) + ";")
    return _with_trailing(ctx, out, st)


_STATEMENT_EXPRS = (ir.Assign, ir.Call)


def expr_statement_code(ctx, e: ir.Expr) -> List[str]:
    """An expression evaluated for its effects, as C# statement expressions (no semicolons)."""
    inner = e
    while isinstance(inner, ir.Paren) or (isinstance(inner, ir.Cast) and isinstance(inner.type, ir.VoidType)) or \
            (isinstance(inner, ir.MacroRef) and isinstance(inner.expansion, _STATEMENT_EXPRS)):
        # a macro used as a statement (va_start(ap, n)) is its expansion
        inner = inner.inner if isinstance(inner, ir.Paren) else inner.operand if isinstance(inner, ir.Cast) \
            else inner.expansion
    if isinstance(inner, ir.Binary) and inner.op == ",":
        return expr_statement_code(ctx, inner.lhs) + expr_statement_code(ctx, inner.rhs)
    ctx.expr.discarded = inner  # nobody reads its value (context.py)
    code = convert_expr(ctx, inner)
    if isinstance(inner, ir.Assign) and "=" not in code.code:
        return [f"_ = {code.code}"]  # `x = x;`: a read (exprs.convert_assign), which stands as no statement
    if isinstance(inner, _STATEMENT_EXPRS) or (isinstance(inner, ir.Unary) and inner.op.startswith(("pre", "post"))):
        return [code.code]
    return [f"_ = {code.code}"]


def convert_expr_stmt(ctx, st: ir.ExprStmt, indent: str) -> List[str]:
    choice = _void_conditional(st.expr)
    if choice is not None:
        # `c ? (void) 0 : f(...)`, what assert(c) is: C# has no conditional of void, so it is an if
        then, other = (None if _is_no_op(b) else ir.ExprStmt(b.loc, b) for b in (choice.then, choice.otherwise))
        if then is None and other is None:
            return convert_expr_stmt(ctx, ir.ExprStmt(st.loc, choice.cond), indent)
        if then is None:
            cond = choice.cond if isinstance(choice.cond, ir.Paren) else ir.Paren(choice.cond.loc, choice.cond.type, choice.cond)
            return convert_if(ctx, ir.If(st.loc, ir.Unary(choice.loc, ir.IntType("int"), "!", cond), other, None), indent)
        return convert_if(ctx, ir.If(st.loc, choice.cond, then, other), indent)
    call = _without_void_casts(st.expr)
    split = split_marker_choice(call) if _calls_mpi(ctx, call) else None
    if split is not None:
        # `MPI_Reduce(rank == 0 ? MPI_IN_PLACE : &x, &x, ...);`: cMPI takes the marker through its own overload,
        # so the statement is an if of two calls
        cond, then, other = split
        return convert_if(ctx, ir.If(st.loc, cond, ir.ExprStmt(st.loc, then), ir.ExprStmt(st.loc, other)), indent)
    return _with_trailing(ctx, [indent + c + ";" for c in expr_statement_code(ctx, st.expr)], st)


def _calls_mpi(ctx, e: ir.Expr) -> bool:
    callee = unwrap(e.callee) if isinstance(e, ir.Call) else None
    return isinstance(callee, ir.NameRef) and callee.kind == "library" and callee.name in ctx.rules.mpi


def _without_void_casts(e: ir.Expr) -> ir.Expr:
    while isinstance(e, ir.Paren) or isinstance(e, ir.Cast) and isinstance(e.type, ir.VoidType):
        e = e.inner if isinstance(e, ir.Paren) else e.operand
    return e


def _void_conditional(e: ir.Expr) -> Optional[ir.Conditional]:
    e = _without_void_casts(e)
    return e if isinstance(e, ir.Conditional) and isinstance(e.type, ir.VoidType) else None


def _is_no_op(e: ir.Expr) -> bool:
    """`(void) 0`: a branch that does nothing."""
    return isinstance(_without_void_casts(e), (ir.IntLit, ir.CharLit, ir.FloatLit))


def convert_if(ctx, st: ir.If, indent: str) -> List[str]:
    select = _floating_select_statement(ctx, st)
    if select is not None:
        return _with_trailing(ctx, [indent + select], st)
    out = [indent + f"if ({convert_condition(ctx, st.cond)})"]
    out += convert_body(ctx, st.then, indent + INDENT)
    other = st.otherwise
    while other is not None:
        if isinstance(other, ir.If):
            out.append(indent + f"else if ({convert_condition(ctx, other.cond)})")
            out += convert_body(ctx, other.then, indent + INDENT)
            other = other.otherwise
        else:
            out.append(indent + "else")
            out += convert_body(ctx, other, indent + INDENT)
            other = None
    return out


def _floating_select_statement(ctx, st: ir.If) -> Optional[str]:
    """`if (x > m) m = x;` (a running maximum; `if (x < m) m = x;` a minimum, either operand order in the comparison)
    of doubles or floats, m a local variable: `m = CMath.IfGreater(x, m);`, the conditional `m = x > m ? x : m` it
    is, which the expression core makes one maxsd or minsd where it is exactly C's result, NaNs and signed zeros
    included (exprs.floating_select; gcc -O2 if-converts such a statement to the same instruction). Only into a
    local that lives in a register: gcc keeps the branch for a store to memory (a pointer's target, a global, an
    element), which C writes only when the comparison holds, and so does the port. None for any other if."""
    if st.otherwise is not None:
        return None
    assignment = lone_assignment(st.then)
    if assignment is None:
        return None
    target, value = assignment.target, assignment.value
    if not isinstance(target, ir.NameRef) or target.kind not in ("local", "param") or ctx.is_boxed(slot_key(ctx, target)) \
            or id(target) in ctx.fn.loop_views.accesses or value.type != target.type:
        return None
    select = floating_select(ctx, ir.Conditional(st.loc, target.type, st.cond, value, target))
    if select is None:
        return None
    return f"{convert_expr(ctx, target).code} = {select.code};"


def convert_while(ctx, st: ir.While, indent: str) -> List[str]:
    return [indent + f"while ({_loop_condition(ctx, st.cond)})"] + convert_body(ctx, st.body, indent + INDENT)


def convert_do_while(ctx, st: ir.DoWhile, indent: str) -> List[str]:
    body = convert_body(ctx, st.body, indent + INDENT)
    return [indent + "do"] + body[:-1] + [body[-1] + f" while ({_loop_condition(ctx, st.cond)});"]


def _loop_condition(ctx, cond: ir.Expr) -> str:
    """A loop's condition; one that only reads (`while (count != thread_count) {}`, `while (!done);`) reads its
    volatile globals anew at each test (exprs._convert_program_name), as C does, where C#'s JIT may read a field
    (the qualifier dropped) once before a loop that does not write it."""
    if not _reads_only(cond):
        return convert_condition(ctx, cond)
    before = ctx.expr.volatile_reads
    ctx.expr.volatile_reads = True
    try:
        return convert_condition(ctx, cond)
    finally:
        ctx.expr.volatile_reads = before


def _reads_only(e: ir.Expr) -> bool:
    """`e` only reads names (no assignment, step, call or address): each name in it is a value."""
    if isinstance(e, (ir.NameRef, ir.IntLit, ir.FloatLit, ir.CharLit, ir.MacroRef)):
        return True
    if isinstance(e, ir.Cast):
        return _reads_only(e.operand)
    if isinstance(e, ir.Paren):
        return _reads_only(e.inner)
    if isinstance(e, ir.Unary):
        return e.op in ("!", "-", "+", "~", "*") and _reads_only(e.operand)
    if isinstance(e, ir.Binary):
        return _reads_only(e.lhs) and _reads_only(e.rhs)
    if isinstance(e, ir.Conditional):
        return _reads_only(e.cond) and _reads_only(e.then) and _reads_only(e.otherwise)
    if isinstance(e, ir.Index):
        return _reads_only(e.base) and _reads_only(e.index)
    if isinstance(e, ir.Member):
        return _reads_only(e.base)
    return False


def convert_for(ctx, st: ir.For, indent: str) -> List[str]:
    fill = ctx.fn.loop_views.fills.get(id(st))
    if fill is not None:  # the loop as one call (loops.py, _fill_statement)
        return [indent + fill]
    views = [indent + line for line in ctx.fn.loop_views.before.get(id(st), ())]  # spans over its rows (loops.py)
    init = ""
    init_parts: List[str] = []  # an expression initializer's statements (`i = 0, j = 20`: two)
    if isinstance(st.init, ir.DeclStmt):
        decls = [convert_var_decl(ctx, d) for d in st.init.decls]
        types = {x.split(" ", 1)[0] for x in decls}
        if len(types) != 1:
            raise TranslationError(st.loc, "a for-loop declaring variables of different types", "unsupported-construct")
        init = decls[0] + "".join(", " + x.split(" ", 1)[1] for x in decls[1:])
    elif isinstance(st.init, ir.ExprStmt):
        init_parts = expr_statement_code(ctx, st.init.expr)
        init = ", ".join(init_parts)
    elif st.init is not None:
        raise TranslationError(st.loc, "this for-loop initializer is not supported", "unsupported-construct")
    cond = _loop_condition(ctx, st.cond) if st.cond is not None else ""
    bounds = ctx.fn.loop_views.hoisted_bounds.get(id(st))
    if bounds is not None:  # start and limit read once before the loop (loops.py)
        counter, start, compare, limit = bounds
        if start is not None:  # None: a constant start, which stays
            init = f"{init.split(' = ', 1)[0]} = {start}"
        cond = f"{counter} {compare} {limit}"
    step_parts = expr_statement_code(ctx, st.step) if st.step is not None else []
    step = ", ".join(step_parts)
    shifted = ctx.fn.loop_views.shifted.get(id(st))
    if shifted is not None:  # counted from zero (loops.py); C's counter set after the loop
        k, count, final = shifted
        init, cond, step = f"int {k} = 0", f"{k} < {count}", f"{k}++"
    if shifted is None and _continues_to_top(st):
        first = init_parts if init_parts and bounds is None else [init] if init else []
        return views + _loop_with_back_edges(ctx, st, first, cond, step_parts, indent) + \
            [indent + line for line in ctx.fn.loop_views.after.get(id(st), ())]
    header = f"for ({init}; {cond}; {step})".replace("; )", ";)").replace("( ;", "(;")
    lines = views + [indent + header] + convert_body(ctx, st.body, indent + INDENT)
    if shifted is not None:
        lines.append(indent + final)
    # accumulators stored back into their arrays (loops.py)
    return lines + [indent + line for line in ctx.fn.loop_views.after.get(id(st), ())]


def _continues_to_top(st: ir.For) -> bool:
    """Whether `st` is an innermost loop whose body skips its rest where a helper written into it returned early
    (passes/early_returns.py), with nothing else that leaves or jumps: it is then written with a back edge on each
    way round (_loop_with_back_edges). Not a `continue` of the C: a guard that is rarely taken (`if (j == i)
    continue;`) would lose the bounds checks the JIT drops in a C# for loop it clones (a loop over two arrays:
    3-15 % slower, bench/README.md, round 20), and which way a test usually goes the C does not say; a helper's
    return is the way the JIT lays out as unlikely, and makes the loop two taken branches when it is not."""
    if st.cond is None or st.step is None:
        return False
    inside = ir.nodes_of(st.body, ir.Continue, ir.Break, ir.Goto, ir.Label, ir.For, ir.While, ir.DoWhile, ir.Switch)
    return any(type(n) is ir.Continue and n.from_return for n in inside) and \
        all(type(n) is ir.Continue for n in inside)


def _loop_with_back_edges(ctx, st: ir.For, init: List[str], cond: str, step: List[str], indent: str) -> List[str]:
    """`for (init; cond; step) { ...; if (c) continue /* a helper's return */; ... }` as

        init;
        if (cond)
        {
        j_next:
            ...; if (c) { step; if (cond) goto j_next; goto j_done; } ...
            step;
            if (cond) goto j_next;
        }
        j_done:;

    The same iterations in the same order. Why: for a C# `for`, the JIT puts the step and the test after the body
    and reaches them from a `continue` by a forward jump, the back edge being the jump after the test: when the
    body usually continues (nbody's cutoff test `r2 > CUTOFF * CUTOFF` in apply_force), every iteration takes two
    branches (13 instructions; one taken jump more in gcc's loop made it about 18 % slower on the AMD EPYC host).
    Here each way round ends in a test that jumps back to the top, a back edge the JIT lays out as the likely way
    (its profile synthesis' loop-back heuristic), so the usual way takes one taken branch, as gcc -O2's rotated
    loop does (bench/README.md, round 20: the force loop 14 % fewer CPU samples). Such a loop is not the shape the
    JIT clones to drop bounds checks (_continues_to_top says which loops take it)."""
    top = _fresh_label(ctx, st, "_next")
    done = _fresh_label(ctx, st, "_done")
    steps = [s + ";" for s in step]
    again = f"if ({cond}) goto {top};"
    inner = indent + INDENT
    scoped = isinstance(st.init, ir.DeclStmt)  # `for (int j = 0; ...)`: j's scope is the loop's
    at = inner if scoped else indent
    lines = [indent + "{"] if scoped else []
    lines += [at + s + ";" for s in init]
    previous = ctx.fn.continue_as
    ctx.fn.continue_as = [*steps, again, f"goto {done};"]  # statements: C# bodies are always braced
    try:
        body = convert_body(ctx, st.body, at + INDENT + INDENT)
    finally:
        ctx.fn.continue_as = previous
    lines += [at + f"if ({cond})", at + "{", at + f"{top}:"]
    lines += body
    lines += [at + INDENT + s for s in steps] + [at + INDENT + again, at + "}", at + f"{done}:;"]
    if scoped:
        lines.append(indent + "}")
    return lines


def _fresh_label(ctx, st: ir.For, suffix: str) -> str:
    """`j_next`, `j_done` (`loop_next` when the loop has no counter name), numbered past any name of the
    function."""
    counter = st.init.decls[0].name if isinstance(st.init, ir.DeclStmt) else None
    if counter is None and isinstance(st.init, ir.ExprStmt) and isinstance(st.init.expr, ir.Assign) and \
            isinstance(st.init.expr.target, ir.NameRef):
        counter = st.init.expr.target.name
    if ctx.fn.label_names is None:
        ctx.fn.label_names = names_of_function(ctx.fn, ir.Label)
    return first_free_name(ctx.fn.label_names, (counter or "loop").lstrip("@") + suffix)


def completes_normally(st: Optional[ir.Stmt]) -> bool:
    """Whether control can reach the end of `st` (C#'s reachability, conservatively)."""
    if st is None:
        return True
    if isinstance(st, (ir.Return, ir.Break, ir.Continue, ir.Goto)):
        return False
    if isinstance(st, ir.Compound):
        return all(completes_normally(s) for s in st.items[-1:]) if st.items else True
    if isinstance(st, ir.If):
        return st.otherwise is None or completes_normally(st.then) or completes_normally(st.otherwise)
    if isinstance(st, (ir.Case, ir.Default, ir.Label)):
        return completes_normally(st.body)
    if isinstance(st, (ir.While, ir.DoWhile, ir.For)):
        # `while (1)`, `for (;;)`: C# too sees that only a break leaves them
        forever = st.cond is None or _constant_true(st.cond)
        return not forever or _breaks_out(st.body)
    if isinstance(st, ir.Switch):
        items = st.body.items if isinstance(st.body, ir.Compound) else (st.body,)
        has_default = any(isinstance(n, ir.Default) for item in items for n in _labels(item))
        return not has_default or _breaks_out(st.body) or (not items or completes_normally(items[-1]))
    # Anything else, exit() and MPI_Abort() included (in C# they throw, which the
    # compiler cannot see), may complete.
    return True


def _constant_true(e: ir.Expr) -> bool:
    while isinstance(e, ir.Paren) or isinstance(e, ir.Cast) and e.implicit or \
            isinstance(e, ir.MacroRef) and e.expansion is not None:
        e = e.inner if isinstance(e, ir.Paren) else e.operand if isinstance(e, ir.Cast) else e.expansion
    return isinstance(e, (ir.IntLit, ir.CharLit)) and e.value != 0


def _labels(st: ir.Stmt):
    while isinstance(st, (ir.Case, ir.Default, ir.Label)):
        yield st
        st = st.body


def _breaks_out(body: ir.Stmt) -> bool:
    """Whether a break in `body` leaves the loop or switch whose body it is (not one nested inside)."""
    stack = [body]
    while stack:
        n = stack.pop()
        if isinstance(n, ir.Break):
            return True
        if isinstance(n, (ir.While, ir.DoWhile, ir.For, ir.Switch)) or not isinstance(n, ir.Stmt):
            continue
        stack.extend(c for c in ir.children(n) if isinstance(c, ir.Stmt))
    return False


def convert_switch(ctx, st: ir.Switch, indent: str) -> List[str]:
    body = st.body.items if isinstance(st.body, ir.Compound) else (st.body,)
    # Flatten `case 1: case 2: stmt` chains into sections of labels + statements.
    sections: List[tuple] = []  # (labels, stmts)
    leading: List[ir.DeclStmt] = []  # `switch (k) { int tmp; case 1: ...`: declared for the whole body
    for item in body:
        labels = []
        while isinstance(item, (ir.Case, ir.Default)):
            labels.append(item)
            item = item.body
        if labels:
            sections.append((labels, [item]))
        elif sections:
            sections[-1][1].append(item)
        elif isinstance(item, ir.DeclStmt):
            leading.append(item)
        elif not isinstance(item, ir.NullStmt):
            raise TranslationError(item.loc, "a statement before the first case label", "unsupported-construct")
    if leading:
        # C jumps past these declarations to a case: their names are in scope in every section, an automatic
        # one's initializer never runs (a static one's does, before the program starts). Declared in a block
        # around the switch, without initializer.
        decls = [ir.DeclStmt(d.loc, tuple(v if v.storage == "static" else dataclasses.replace(v, init=None)
                                          for v in d.decls)) for d in leading]
        inner = indent + INDENT
        lines = [indent + "{"]
        for d in decls:
            lines += convert_decl_stmt(ctx, d, inner)
        return lines + _convert_switch_sections(ctx, st, sections, inner) + [indent + "}"]
    return _convert_switch_sections(ctx, st, sections, indent)


def _convert_switch_sections(ctx, st: ir.Switch, sections: List[tuple], indent: str) -> List[str]:
    cond = convert_expr(ctx, st.cond)
    scs = cs_type(st.cond.type, st.loc)
    cond = coerce(cond, scs)
    if narrow_before_promotion(ctx, st.cond):
        cond = cast(cond, scs)  # C promotes a char to int: its case labels ('I') are ints, not sbytes
    out = [indent + f"switch ({cond.code})", indent + "{"]

    def constant(e):
        return coerce(convert_expr(ctx, e), scs).code

    bodies = [[s for s in stmts if not isinstance(s, ir.NullStmt)] for _, stmts in sections]
    falls = [completes_normally(real[-1] if real else None) for real in bodies]
    # C falls through into the next section; C# needs it said: `goto case V` of one of its single values, or
    # `goto default`, or, for a section of GNU case ranges only (`goto case` cannot name a range), a label of its own
    entries = [None] * len(sections)
    for i, (labels, _) in enumerate(sections):
        target = next((lab for lab in labels if not isinstance(lab, ir.Case) or lab.high is None), None)
        if isinstance(target, ir.Default):
            entries[i] = ("goto default;", None)
        elif target is not None:
            entries[i] = (f"goto case {constant(target.value)};", None)
        elif i > 0 and falls[i - 1]:
            ctx.fn.range_labels += 1
            label = f"cmpiRange{ctx.fn.range_labels}"
            entries[i] = (f"goto {label};", label)
    for i, (labels, _) in enumerate(sections):
        for lab in labels:
            if isinstance(lab, ir.Default):
                out.append(indent + INDENT + "default:")
            elif lab.high is not None:
                # GNU `case lo ... high:` (C# 9's relational patterns)
                out.append(indent + INDENT + f"case >= {constant(lab.value)} and <= {constant(lab.high)}:")
            else:
                out.append(indent + INDENT + f"case {constant(lab.value)}:")
        if entries[i] is not None and entries[i][1] is not None:
            out.append(indent + INDENT + f"{entries[i][1]}:")
        inner = indent + INDENT * 2
        lines = convert_block_items(ctx, bodies[i], inner)
        if falls[i]:
            lines.append(inner + (entries[i + 1][0] if i + 1 < len(sections) else "break;"))
        out += lines
    out.append(indent + "}")
    return out


def convert_return(ctx, st: ir.Return, indent: str) -> List[str]:
    if st.value is None:
        return _with_trailing(ctx, [indent + "return;"], st)
    ret = ctx.fn.function.type.result
    if isinstance(ret, ir.VoidType):
        # `return f(x);` of a void f in a void function (GNU C, graph500's aml_send): the call, then return
        return _with_trailing(ctx, [indent + f"{convert_expr(ctx, st.value).code};", indent + "return;"], st)
    key = ("ret", ctx.fn.function.name, "")
    cs = ctx.slot_type(key, ret, st.loc)
    value = _void_allocation(ctx, st.value, ret, key) or convert_expr(ctx, st.value)  # `return malloc(n)`
    return _with_trailing(ctx, [indent + f"return {coerce_at(value, cs, st.value.loc).code};"], st)


def convert_simple(ctx, st, indent: str) -> List[str]:
    jump = ctx.fn.continue_as if type(st) is ir.Continue else None
    if jump is not None:  # a loop written with a back edge on each way round (_loop_with_back_edges)
        return _with_trailing(ctx, [indent + line for line in jump], st)
    code = {ir.Break: "break;", ir.Continue: "continue;", ir.NullStmt: ";"}[type(st)]
    return _with_trailing(ctx, [indent + code], st)


def convert_goto(ctx, st: ir.Goto, indent: str) -> List[str]:
    return [indent + f"goto {ctx.name(st.label)};"]  # `goto out;`: a C# keyword gets an @ as any name


def convert_label(ctx, st: ir.Label, indent: str) -> List[str]:
    return [(indent[:-4] if len(indent) >= 4 else "") + f"{ctx.name(st.name)}:"] + convert_stmt(ctx, st.body, indent)


def convert_case_outside_switch(ctx, st, indent: str) -> List[str]:
    raise TranslationError(st.loc, "a case label nested inside another statement (Duff's device) "
                           "cannot be translated", "unsupported-construct")


_DISPATCH = {
    ir.Compound: convert_compound,
    ir.DeclStmt: convert_decl_stmt,
    ir.ExprStmt: convert_expr_stmt,
    ir.If: convert_if,
    ir.While: convert_while,
    ir.DoWhile: convert_do_while,
    ir.For: convert_for,
    ir.Switch: convert_switch,
    ir.Return: convert_return,
    ir.Break: convert_simple,
    ir.Continue: convert_simple,
    ir.NullStmt: convert_simple,
    ir.Goto: convert_goto,
    ir.Label: convert_label,
    ir.Case: convert_case_outside_switch,
    ir.Default: convert_case_outside_switch,
}
