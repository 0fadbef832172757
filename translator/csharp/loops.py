"""Row views: spans hoisted out of an innermost counting loop so the JIT drops its bounds checks.

C's `c[i * nb + j] += aik * b[k * nb + j]` indexes a buffer at a loop-invariant base plus
the loop counter. As `double[]` accesses the JIT checks both indexes on every iteration:
it removes a check only for an index that is the counter itself. So the port takes a
view of each such buffer from its base, once, before the loop,

    Span<double> c_row = Spans.From(c, i * nb);
    for (j = 0; j < nb; j++)
        c_row[j] += aik * b_row[j];

and the JIT clones the loop: one test of the limit against every view's length at entry,
then a body without checks (as gcc's pointer walk, minus the vector width).

When this is the same program: the loop counts j up by one from a constant s >= 0 and its
body is straight-line code (expression statements and declarations: no branch, no jump,
no call but math.h's pure functions), so every access of the first iteration happens, and
nothing in the body reassigns j, the buffer or a name the base uses. The first access,
a[E + s], is then inside the buffer exactly when C's is, and so is the view's start E for
s = 0; a view past the end is empty (Spans.From), so an out-of-range access still throws.
For s > 0 the base must be a constant >= 0 (`a[j + 1]`): a computed base could be
negative while every access is in range (`a[b + j]`, b = -1, j from 1), and a span
cannot start before its array. Such loops are counted from zero instead, with views from
their first accesses (the end of this file).

Once a loop takes a view, every buffer its counter indexes directly (`u1[j]`) goes through
one too (`Spans.From(u1, 0)`): the JIT clones a loop only while its body is at most 400 IR
nodes (JitCloneLoopsSizeLimit, .NET 10), and an access through a span is smaller than an
array access, so a loop over ten buffers (NPB MG's resid and psinv) still fits.

A global C array is a field of the rank's object (rank_state.py), which the JIT reads again
after every store through a reference and never clones a loop over, so a loop that indexes
one by its counter always views it, even as `g[j]` alone. Such a view (from a constant
start) is declared once before the loop nest that uses it (the for loop outside any other loop),
and shared by the nest's loops: a C array is never reassigned, so the view stays right for the
whole nest. (Declared inside an outer loop, views made the JIT keep the inner loop's accumulator
in memory: CG's sparse product ran 2.4x slower.) Declared at the top of the function, as they
were until round 9, every view lived across the whole function: NPB IS's rank_keys held eleven
(22 registers' worth, a reference and a length each) through each of its loops, and the JIT
reloaded a view's base and length from the stack on every iteration of the scatter
`key_buff1[bucket_start[b]] = key` (18 instructions, 2 of them stack loads, against 16 with none
when each nest declares its own; bench/README.md, round 9). A for loop inside a while or do loop
outside any for loop has no nest: its shared views stay at the function's top.

The same holds for a gather or a scatter over a global C array in a straight-line innermost loop,
`bucket_size[key_array[i] >> shift]++` or `key_buff1[bucket_start[b]] = key`: the index is a
loaded or computed value, no view can start at it, but the function's whole view of the array
saves re-reading the field after every store (NPB IS's ranking at 1 rank: 0.64-0.74 s ->
0.55-0.64 s). An index of a wider or unsigned type keeps the array's indexer (a span's is int).

A loop whose body calls or branches is a different program through a view from a computed
start, but never through a view of the whole array: `Spans.From(a, 0)` checks `a_span[j]` as
the array checks `a[j]`, and is empty, not an error, for a null array. So an innermost loop
inside another loop (the loops that run the most) reads every array its counter indexes
directly (`a[j]`, `&a[j]`) through one, when the body assigns neither the array nor its
address, and a global C array through the function's view. The JIT cloned such loops already;
what the view changes is register pressure. nbody's force loop,

    for (j = 0; j < n; j++)
        apply_force(ref local[i], ref particles[j], ref dmin, ref davg, ref navg);

sits in a main whose locals outnumber the registers, and the JIT re-read `particles` and `n`
from the stack on every iteration; the view is a local that lives for the loop alone and stays
in a register (1 rank, n = 1500: 0.36 s -> 0.26 s, gcc 0.19 s). Loops outside any other loop
keep their plain indexes: they run less, and every view is a line more to read.

The same loop reaches `local[i]`, a struct element at an index it does not change, on every
iteration. Through the array, the JIT computes and checks that element's address each time and
then also multiplies j by the struct's size for `particles_span[j]`; through a view from the
element, `Span<particle_t> local_at = Spans.From(local, i)` and `ref local_at[0]`, the check is
one test of a length that does not change, and the JIT strength-reduces the walk over particles
to a pointer bump (1 rank, n = 2000, 200 steps: 1.08 s -> 0.91 s; gcc 0.72-0.77 s). A view
from past the end is empty, so an out-of-range element still throws where C's access is, and
only there. The index may name only locals and parameters whose address is not taken (a call
in the body could change any other name).

Better still, when nothing else in the loop can see the difference (passes/held_elements.py: field by field, the
functions reach memory only through their parameters, and what the loop writes through the element no other
access of its type reads, while no such access writes at all), the element lives in a local copy while the loop
runs, `particle_t local_i = 0 < n ? local[i] : default;` before it and `local[i] = local_i;` after it (both only
when the loop runs, so the element is reached only where C reaches it): once the JIT has inlined apply_force, the
copy's fields are locals it keeps in registers, as gcc keeps `particle->x`, `->y` (field-sensitive aliasing: a
store to `.ax` cannot change `.x`) where the JIT read both fields and tested the view's length on every iteration
(_held_element; bench/README.md, round 8).

A matrix of malloc'ed rows (`double **c`, a `Ptr<double>[]` of row pointers) is indexed `c[i][j]`: through
the Ptr's indexer, each access loads the row, checks its offset and the array's bounds. An innermost loop
inside another, counted from 0, whose straight-line body stores no row pointer, reads a row whose index it
does not change through one view, `Span<double> c_i = Spans.From(c[i], 0)`: a 500 x 500 product at 1 rank
went from 0.82-0.96 s to 0.12-0.16 s (gcc -O2 0.17 s). A loop from a constant above 0 (a stencil's
`u[i - 1][j] + u[i][j + 1]` from j = 1) is counted from zero with a view of each row from its first access, as
below: a row may start before its array (Numerical Recipes' `m[i] - 1`) where that access is inside it
(a 600 x 600 Jacobi sweep, 50 times: 0.41-0.45 s -> 0.036-0.049 s, gcc 0.036-0.042 s).

A C array of arrays (`double u[N][M]`) is one flat C# array: `u[i][j - 1]` is read as the flat access
`u[i * M + j - 1]` it is (shapes.flat_index), so its rows are viewed as any computed base (a 600 x 600 Jacobi sweep
over static arrays: no faster here, gcc -O2 vectorizes it, 0.018 s against 0.039 s; a 400 x 400 product 0.12 s
-> 0.10 s, gcc 0.035 s, whose column walk b[k][j] no view serves).

A loop may also start at a computed value, as a compressed-sparse-row walk does:

    for (k = row_start[row]; k < row_start[row + 1]; k++)
        sum = sum + a[k] * v[colidx[k]];

The JIT clones a loop only when its start and its limit are locals or constants, so when
either is more than that, both are read once before the loop,

    int k_start = row_start[row];
    int k_limit = row_start[row + 1];
    for (k = k_start; k < k_limit; k++)
        sum = sum + a_span[k] * v[colidx_span[k]];

which is the same program when neither can change while the loop runs: they read names
the body does not assign and int elements of named arrays in a body that stores no
integer (a double store cannot reach an int array), and call nothing. The start may be
below zero, so only `a[k]` itself is viewed (`a[k + 1]` is valid C at k = -1, a view from
1 at index -1 is not). A global array gets its function view here too. NPB CG's product then checks one index per element (the gathered v[colidx[k]])
instead of three: 10-12 % less time at 1 and 2 ranks. The gathered `v` itself, a parameter, goes through a view of the whole array declared before the
loop (`Span<double> v_span = Spans.From(v, 0)`): the same check, against a length the JIT keeps in a register where
it read the array's from memory on every access (matvec's CPU samples, class W at 1 rank, interleaved on a host
at load ~40: 254, 296, 236 ms against 273, 390, 300 for the array, then as translated 361, 246 against 313, 291;
lower in 4 of 5 pairs, the inner loop one load shorter in the listing). A parameter the function never assigns
(nor steps, nor takes the address of) holds one array throughout, so in a nest of two loops its view is taken once
before the nest, as a global array's is, and shared by the nest's loops: in CG's matvec the view was taken again on
every row, 32 instructions and 8 loads per row around the inner loop against 28 and 6 (the JIT then also keeps
num_rows in a register; bench/README.md, round 17). A whole view serves every local or parameter array a straight-line innermost loop
inside another reads or writes at a loaded or computed index, or at a stride of the counter that no row view serves:
NPB FT's copies of a line, `line[m] = data[first + m * stride]` (the JIT read data's length again on every iteration
from the stack frame and stored it back on every iteration, 21 instructions; through the view 14, and the 16-byte
element copied in one move), MG interp's `u[f00 + 2 * i1] = u[f00 + 2 * i1] + z[c00 + i1]` (31 instructions -> 28, the length in a
register; bench/README.md, round 10).

A global C array the same loops index by a stride of the counter that no row view serves (NPB FT's butterfly
`roots[k * step]`, `a[k + 1]` from a computed start) goes through the function's view too: the field, its length
and the check were read again on every iteration (FT W's fft_line: median 613 -> 566 CPU samples).

An element of a local C array that a straight-line innermost loop reads and writes at a constant index, NPB CG's
`s[0] = s[0] + u[j] * v[j]` into `double s[1]`, lives in a local while the loop runs (`double s_0 = s[0];` before
it, `s[0] = s_0;` after it): the JIT stores and reloads an array element on every iteration, on the sum's chain of
adds, where gcc keeps it in a register (CG W's dot: 87-101 -> 23-28 CPU samples). Only when nothing else in the
body can reach the element (_accumulators, loop_shapes.accumulator_elements). The body may branch, as long as every
iteration ends at its end: NPB MG's norm2u3 sums `sums[0] = sums[0] + val * val` beside `if (fabs(val) > maxabs)`
(MG W's norm2u3 at 1 rank: 102-125 -> 44-51 CPU samples at 8 kHz, gcc's 63-73; bench/README.md, round 14).

A struct element the straight-line body of an innermost loop reaches more than once at one index (NPB FT's
butterfly reads and writes `line[start + k + half].real` and `.imag` four times each) is reached through a `ref`
local declared before the first statement that reaches it (_element_refs). Each `view[k].real` is a bounds check
and an address of its own in the JIT's trees, and the JIT cloned no loop over them (not its size limit: 5000 gave
the same code); through `ref dcomplex line_row_k = ref line_row[k];` it clones at once. A global C array's elements
at an index other than the bare counter go through the function's view at the whole index instead,
`ref dcomplex line_k = ref line_span[start + k + half];`: FT's butterflies enter their loop once per 1 to 128
iterations, and a row view and the clone's tests on every entry cost more than the one check per element the ref
leaves (FT A at 1 rank, interleaved: row views and refs 5.52-5.66 s, function view and refs 4.79-4.99 s; main's
translation 5.1-6.6 s, gcc 4.3-4.9 s; bench/README.md, round 7).

A global scalar that the straight-line body of an innermost loop reads and no part of the loop
assigns, `key_counts[key_buff2[i] - min_key_val]++`, is a field of the rank's object too: it is read
once before the loop, `int min_key_val_value
= min_key_val;` (_global_reads), when no pointer can reach it (its address is never taken) and the
body calls nothing but math.h; the JIT re-read the field on every iteration, after the store.

A loop from a constant up to a global, `for (i = 0; i < num_keys; i++)`, has the same trouble: the global is a
field of the rank's object, which the JIT reads again on every test once the body stores through a reference,
and it clones no loop whose limit is not a local. When the body is straight-line code that assigns neither the
global nor anything the limit reads (an element limit: no integer store), and calls nothing, the limit is read
once before the loop, `int i_limit = num_keys;`, the start staying in the header. A never-written global
(`static readonly`, passes/constants.py) and a limit of locals and constants stay as they are: the JIT reads those
without memory.
"""
from __future__ import annotations

import re
from types import MappingProxyType
from typing import Dict, List, NamedTuple, Optional, Set

from .. import ir
from .context import INDENT, LoopViews, names_of_function
from .cstypes import parse as cs_of
from .exprs import coerce_index, convert_expr, slot_key
from ..passes import held_elements, loop_shapes as shapes
from ..passes.queries import lone_assignment

# The JIT (.NET 10) clones a loop whose body is at most 400 IR nodes (JitCloneLoopsSizeLimit); each buffer
# access adds to it. Measured on its listings: 10 views in a body of two statements still clone (MG's resid),
# 11 in one do not, and 8 views beside 2 arrays do not either. A loop that would need more keeps its plain indexes.
MAX_BUFFERS = 10
# C index types a span's int indexer takes as they are (C# widens them to int implicitly)
SPAN_INDEX_TYPES = {ir.IntType(name) for name in ("int", "short", "unsigned short", "char", "signed char",
                                                  "unsigned char", "_Bool")}


class _Planner:
    """The decisions of plan_loop_views while it walks a function, in ctx.fn.loop_views: the expression core reads
    the accesses decided so far (an outer loop's views in an inner loop's bounds), as it reads the frozen
    LoopViews during the emission."""

    def __init__(self):
        self.accesses: Dict[int, str] = {}
        self.whole_arrays: Dict[int, str] = {}
        self.before: Dict[int, tuple] = {}
        self.hoisted_bounds: Dict[int, tuple] = {}
        self.shifted: Dict[int, tuple] = {}
        self.after: Dict[int, tuple] = {}
        self.before_items: Dict[int, tuple] = {}
        self.refs: Set[int] = set()  # the accesses _element_refs gave to a ref local
        self.fills: Dict[int, str] = {}  # id of a fill loop -> the statement standing for it (_fill_statement)
        self.function_lines: List[str] = []
        # (id of the loop nest or None for the function's top, array, start) as C# -> the name of its shared view
        self.function_views: Dict[tuple, str] = {}
        self.nest: Optional[ir.For] = None  # the outermost for loop around the loop being planned (_nest_of)
        self.nest_fors: Set[int] = set()  # ids of the for loops inside it
        self.nest_lines: Dict[int, List[str]] = {}  # id of a nest's loop -> the shared views declared before it
        self.view_names: Optional[Set[str]] = None  # names taken in the function (its C names, its views)
        self.enclosing_loops = 0  # loops around the loop being planned (a hint of heat)
        self.unassigned_params: Optional[Set[str]] = None  # _unassigned_params, found once per function
        self.view_name_next: Dict[str, int] = {}  # a view name's stem -> the number its next search starts from

    def freeze(self) -> LoopViews:
        for nest, lines in self.nest_lines.items():  # (first: a view of an inner loop's bounds may read them)
            self.before[nest] = tuple(lines) + self.before.get(nest, ())
        return LoopViews(MappingProxyType(self.accesses), MappingProxyType(self.whole_arrays),
                         MappingProxyType(self.before), MappingProxyType(self.hoisted_bounds),
                         MappingProxyType(self.shifted), MappingProxyType(self.after), tuple(self.function_lines),
                         MappingProxyType(self.before_items), MappingProxyType(self.fills))


def plan_loop_views(ctx, body: ir.Stmt) -> LoopViews:
    """The loop views of a function whose body is `body`, decided before any of it is emitted (the emission reads
    them: stmts.convert_for, exprs' indexing, decls' function top). Loops are planned in the order the emission
    reaches them, outer before inner, so names are numbered as they read."""
    ctx.fn.loop_views = planner = _Planner()
    for st, depth in shapes.loops_in_order(body, 0):
        planner.enclosing_loops = depth
        _nest_of(planner, st, depth)
        fill = _fill_statement(ctx, st) if depth == 0 else None  # (a small fill inside a loop stays a loop)
        if fill is not None:
            planner.fills[id(st)] = fill
            continue
        planner.before[id(st)] = tuple(row_views(ctx, st, ""))
    ctx.fn.loop_views = views = planner.freeze()
    return views


def _nest_of(planner: _Planner, st: ir.For, depth: int) -> None:
    """The loop nest `st` belongs to: the for loop outside any other loop that holds it, where the views of global
    C arrays its loops share are declared (module docstring); None for a for loop inside a while or do loop
    outside any for loop (its shared views are declared at the function's top)."""
    if depth == 0:
        planner.nest = st
        planner.nest_fors = {id(n) for n in shapes.walk_in_order(st.body) if isinstance(n, ir.For)}
    elif planner.nest is not None and id(st) not in planner.nest_fors:
        planner.nest, planner.nest_fors = None, set()


def row_views(ctx, st: ir.For, indent: str) -> List[str]:
    """The view declarations to emit before `st`; records in ctx.fn.loop_views which accesses use them."""
    body = shapes.straight_line(st.body)  # (every statement runs each iteration, the names the body assigns)
    if body[0]:
        _element_refs(ctx, st, body[1], from_function_view=True)
    lines = _row_views(ctx, st, body, indent)
    if body[0]:
        _global_array_views(ctx, st, body[1])
        lines += _gather_views(ctx, st, body[1], indent)
        lines += _accumulators(ctx, st, indent)
        lines += _global_reads(ctx, st, body[1], indent)
        _element_refs(ctx, st, body[1], from_function_view=False)
    elif shapes.straight_line(st.body, branches=True)[0]:
        lines += _accumulators(ctx, st, indent)  # (a sum beside a running maximum: NPB MG's norm2u3)
    return lines


# A fill loop of fewer iterations, known beforehand, stays a loop (_fill_statement)
MIN_FILL = 64
# C# element types Span.Fill stores as C's loop stores them (a number's bits; no struct, no long double)
_FILL_TYPES = {"double", "float", "int", "uint", "long", "ulong", "short", "ushort", "sbyte", "byte"}


def _fill_statement(ctx, st: ir.For) -> Optional[str]:
    """The one statement that does what a fill loop does, `for (i = s; i < n; i++) a[o + i] = 0.0;`, or None for any
    other loop: `i = Spans.Fill<double>(a, o, s, n, 0.0);` (Spans.Fill, the runtime): when the elements the loop
    stores are all inside the array, one Span.Fill stores them (memset's wide stores where the loop stores one number
    at a time: gcc -O2 makes the same loop a memset call, NPB MG's zero3 and IS's clearing of key_counts); otherwise
    the loop itself runs, and throws at the first element outside the array, where C's loop leaves it. It returns
    the counter's value after the loop. The same program when the body is that one store of a constant (evaluated
    once, as it has one value) to an array the loop does not assign, at the counter plus an offset, and the start,
    the offset and the limit are built from names nothing in the loop assigns (only the element is stored, and no
    pointer reaches a name whose address is never taken). Only loops outside any other loop of the function, and
    not of a few iterations known beforehand: a call and its tests cost more than a handful of stores, and those
    the JIT unrolls."""
    counter, first, start = shapes.loop_counter(st)
    if counter is None or shapes.has_inner_loop(st) or _is_boxed(ctx, counter):
        return None
    known = (_int_constant(start), _int_constant(shapes.strip(st.cond).rhs))
    if None not in known and known[1] - known[0] < MIN_FILL:
        return None
    assignment = lone_assignment(st.body)
    if assignment is None:
        return None
    target, value = shapes.strip(assignment.target), assignment.value
    if not isinstance(target, ir.Index) or not isinstance(target.type, (ir.IntType, ir.FloatType)):
        return None
    base = shapes.strip(target.base)
    if not isinstance(base, ir.NameRef) or base.kind not in ("local", "param", "global") or _is_boxed(ctx, base):
        return None
    if shapes.is_name(target.index, counter.name):
        offset = None
    else:
        offset = shapes.base_offset(target.index, counter, 0)
        if offset is None:
            return None
    limit = shapes.strip(st.cond)
    reads = [limit.rhs, start] + ([offset] if offset is not None else [])
    if any(shapes.mentions(e, counter.name) or not shapes.invariant(e, set()) or _mentions_boxed(ctx, e) for e in reads):
        return None
    if any(isinstance(n, (ir.NameRef, ir.Index, ir.Call, ir.Assign, ir.Member)) and
           not (isinstance(n, ir.NameRef) and n.kind == "enum_const") for n in shapes.walk_in_order(value)):
        return None  # a constant alone
    array = convert_expr(ctx, base)
    element = _flat_array(array.type)
    if element not in _FILL_TYPES:
        return None
    stored = convert_expr(ctx, value)
    if stored.type != element:
        literal = shapes.constant_value(value)
        if literal is None or not 0 <= literal <= 127:
            return None
        stored_code = f"({element}){literal}"
    else:
        stored_code = stored.code
    parts = [convert_expr(ctx, e) for e in reads]
    if any(p.type != "int" for p in parts):
        return None
    end = parts[0].code if limit.op == "<" else f"(long)({parts[0].code}) + 1"
    at = parts[2].code if offset is not None else "0"
    call = f"Spans.Fill<{element}>({array.code}, {at}, {parts[1].code}, {end}, {stored_code});"
    if isinstance(st.init, ir.DeclStmt):
        return call  # (a counter declared by the loop ends with it)
    return f"{convert_expr(ctx, counter).code} = {call}"


def _int_constant(e: ir.Expr) -> Optional[int]:
    """The value of an integer constant expression of literals, macros and + - * (`2 * MAXP`), else None."""
    e = shapes.strip(e)
    if isinstance(e, ir.MacroRef) and e.expansion is not None:
        return _int_constant(e.expansion)
    if isinstance(e, ir.Binary) and e.op in ("+", "-", "*"):
        lhs, rhs = _int_constant(e.lhs), _int_constant(e.rhs)
        if lhs is None or rhs is None:
            return None
        return lhs + rhs if e.op == "+" else lhs - rhs if e.op == "-" else lhs * rhs
    return shapes.constant_value(e)


def _element_refs(ctx, st: ir.For, assigned: Set[str], from_function_view: bool) -> None:
    """A struct element that the straight-line body of an innermost loop reaches more than once at the same index
    (NPB FT's butterfly: `line[start + k + half].real`, `.imag`, read and written four times each) is reached through
    one `ref` local, declared right before the body's first statement that reaches it,

        ref dcomplex line_row_k = ref line_row[k];
        br = line_row_k.real * wr - line_row_k.imag * wi;

    The same element as every access it stands for: nothing in the body assigns the array or a name of the index, and
    the index reads no memory, so every access of one iteration is to the element the first one checked (which throws
    where C's first access is out of range, before anything else of that statement runs). Each access through a span
    is a bounds check and an address of its own, which the JIT did not clone the butterfly's loop over (the module
    docstring); through the refs there is one per element, and it does.

    First (`from_function_view`, before the row views are planned) the elements of a global C array at an index
    other than the bare counter: their ref reads the function's view of the array at the whole index,
    `ref dcomplex line_k = ref line_span[start + k + half];`, where a row view would be made again on every entry of
    the loop (FT's butterflies enter theirs once per 1-128 iterations: a view and the clone's test on each entry cost
    more than the one check per element the ref leaves). Then the others, through the views planned."""
    if shapes.has_inner_loop(st) or not isinstance(st.body, ir.Compound):
        return
    planned = ctx.fn.loop_views
    counter = shapes.loop_counter(st)[0]
    declared = {n.name for n in shapes.walk_in_order(st.body) if isinstance(n, ir.VarDecl)}
    uses: Dict[str, list] = {}  # the element as C# -> [(the body's statement reaching it first, type, nodes)]
    for item in st.body.items:
        for node in shapes.walk_in_order(item):
            if not isinstance(node, ir.Index) or not isinstance(node.type, ir.RecordType) or id(node) in planned.refs \
                    or not _same_element_all_body(ctx, node, assigned, declared):
                continue
            if from_function_view:
                element = _in_function_view(ctx, node, counter)
                if element is None:
                    continue
            else:
                element = convert_expr(ctx, node)  # through the views planned so far
            if element.code not in uses:
                uses[element.code] = [item, element.type, []]
            uses[element.code][2].append(node)
    for code, (item, cs_type_name, nodes) in uses.items():
        if len(nodes) < 2 or _copies_struct(item):
            continue  # (a struct copy may be split into one statement per field: passes/struct_copies.py)
        if from_function_view:
            name = _fresh_name(ctx, convert_expr(ctx, shapes.strip(nodes[0].base)).code, "_" + counter.name)
        else:
            name = _fresh_name(ctx, code.split("[", 1)[0], "_" + _index_suffix(code))
        planned.refs.update(id(n) for n in nodes)
        planned.before_items[id(item)] = planned.before_items.get(id(item), ()) + (f"ref {cs_type_name} {name} = ref {code};",)
        for n in nodes:
            planned.accesses[id(n)] = name


class _Element(NamedTuple):
    code: str  # C#
    type: str


def _in_function_view(ctx, node: ir.Index, counter: Optional[ir.NameRef]):
    """`line_span[start + k + half]`: a global C array's element at an index other than the loop's bare counter,
    through the function's view of the array (declared at its top); None for any other element."""
    if counter is None or shapes.is_name(node.index, counter.name) or not shapes.is_global_array(node):
        return None
    array = convert_expr(ctx, shapes.strip(node.base))
    element, index = _flat_array(array.type), coerce_index(convert_expr(ctx, node.index))
    if element is None or index.type != "int":
        return None
    view = _view(ctx, (array.code, element, "0"), True, [], "")
    return _Element(f"{view}[{index.code}]", convert_expr(ctx, node).type)


def _same_element_all_body(ctx, node: ir.Index, assigned: Set[str], declared: Set[str]) -> bool:
    """Whether `node` reaches the same element everywhere in one iteration of the loop's body: an array (or a view of
    one) the body does not assign, at an index of names declared outside the body and not assigned in it, reading
    no memory."""
    base = shapes.strip(node.base)
    if not isinstance(base, ir.NameRef) or base.kind not in ("local", "param", "global") or base.name in assigned \
            or _is_boxed(ctx, base):
        return False
    for n in shapes.walk_in_order(node.index):
        if isinstance(n, (ir.Index, ir.Call, ir.Assign, ir.Member)) or \
                isinstance(n, ir.Unary) and n.op in ("post++", "post--", "pre++", "pre--", "*", "&"):
            return False
        if isinstance(n, ir.NameRef) and (n.kind not in ("local", "param", "enum_const") or n.name in assigned
                                          or n.name in declared or _is_boxed(ctx, n)):
            return False
    if id(node) in ctx.fn.loop_views.accesses or id(node) in ctx.fn.loop_views.whole_arrays:
        return True
    return _flat_array(convert_expr(ctx, base).type) is not None


def _copies_struct(st: ir.Stmt) -> bool:
    return isinstance(st, ir.ExprStmt) and isinstance(st.expr, ir.Assign) and isinstance(st.expr.type, ir.RecordType)


def _index_suffix(code: str) -> str:
    """`k` of `line_row[k]`, `at` for a computed index (`roots_span[k * step]`): the ref local's name ends with it."""
    index = code.split("[", 1)[1][:-1]
    return index if index.isidentifier() else "at"


def _accumulators(ctx, st: ir.For, indent: str) -> List[str]:
    """Elements of local C arrays the straight-line body of an innermost loop reads and writes at a constant index
    (`s[0] = s[0] + u[j] * v[j]`: NPB CG's dot, power_step's norms[0] and norms[1]) live in a local while the
    loop runs, `double s_0 = s[0];` before it and `s[0] = s_0;` after it, as gcc keeps them in a register: a C#
    array is memory, which the JIT stores and loads again on every iteration (a store-to-load round trip on the
    sum's dependency chain). The same program when nothing else in the body can reach the element
    (loop_shapes.accumulator_elements: other C arrays and never-assigned pointer parameters only) and the index is
    inside the array, so the read before the loop cannot fail where C's loop would not have read. The body may branch
    (`if (fabs(val) > maxabs) maxabs = fabs(val);` beside the sum, NPB MG's norm2u3) as long as every iteration
    leaves it at its end (loop_shapes.straight_line with branches: no jump, no loop, no call but math.h's): the
    element is then written back after every way out of the loop; where no iteration wrote it, with the value it
    had, which nothing else saw change."""
    if shapes.has_inner_loop(st) or ctx.fn.function is None:
        return []
    planned = ctx.fn.loop_views
    header = {(n.name, n.decl) for part in (st.init, st.cond, st.step) if part is not None
              for n in shapes.walk_in_order(part) if isinstance(n, ir.NameRef)}
    elements = {key: nodes for key, nodes in shapes.accumulator_elements(st.body, ctx.fn.function).items()
                if key[:2] not in header}  # (an element the loop's header reads or sets stays in the array)
    if any(id(n) in planned.accesses or id(n) in planned.whole_arrays for nodes in elements.values() for n in nodes):
        return []
    lines, after = [], []
    for (name, _decl, c), nodes in elements.items():
        element = convert_expr(ctx, nodes[0])
        if not _flat_array(convert_expr(ctx, shapes.strip(nodes[0].base)).type):
            continue
        local = _fresh_name(ctx, element.code.split("[", 1)[0], f"_{c}")
        lines.append(f"{indent}{element.type} {local} = {element.code};")
        after.append(f"{indent}{element.code} = {local};")
        for n in nodes:
            planned.accesses[id(n)] = local
    if after:
        planned.after[id(st)] = tuple(after)
    return lines


def _global_reads(ctx, st: ir.For, assigned: Set[str], indent: str) -> List[str]:
    """A global scalar the straight-line body of an innermost loop reads and no part of the loop assigns
    (`key_counts[key_buff2[i] - min_key_val]++`, NPB IS) is read once before the loop, `int min_key_val_value =
    min_key_val;`: a global is a field of the rank's object, which the JIT reads again on every iteration once the
    body stores through a reference (a span's element may be any memory to it), where gcc keeps it in a register.
    The same program: the body calls nothing but math.h's pure functions, and a global whose address is never taken
    (not boxed) is reached by no pointer, so no store of the loop can change it. Only in a body that stores to
    memory: otherwise the JIT hoists the read itself. Never-written globals are constants already."""
    if shapes.has_inner_loop(st) or not shapes.written_types(st.body):
        return []
    planned = ctx.fn.loop_views
    loop_assigned = assigned | shapes.assigned_names(st)  # the header's too (a global counter)
    reads: Dict[str, List[ir.NameRef]] = {}
    for node in shapes.walk_in_order(st.body):
        if isinstance(node, ir.NameRef) and node.kind == "global" and isinstance(node.type, (ir.IntType, ir.FloatType)) \
                and node.name not in loop_assigned and node.name not in ctx.static_globals \
                and id(node) not in planned.accesses and not _is_boxed(ctx, node):
            reads.setdefault(node.name, []).append(node)
    lines = []
    for nodes in reads.values():
        value = convert_expr(ctx, nodes[0])
        local = _fresh_name(ctx, value.code, "_value")
        lines.append(f"{indent}{value.type} {local} = {value.code};")
        for n in nodes:
            planned.accesses[id(n)] = local
    return lines


def _row_views(ctx, st: ir.For, body, indent: str) -> List[str]:
    counter, first, start_expr = shapes.loop_counter(st)
    if counter is None:
        return []
    j = convert_expr(ctx, counter)
    if j.type != "int" or _is_boxed(ctx, counter):
        return []
    body_ok, assigned = body
    if not body_ok:
        return _whole_views(ctx, st, counter, j.code, indent)
    if counter.name in assigned:
        return []
    if first is not None and first > 0:
        shifted = _shifted_views(ctx, st, counter, first, assigned, indent)
        if shifted is not None:
            return shifted
    hoist = False  # read the start and the limit once, before the loop (module docstring)
    limit_expr = shapes.strip(st.cond).rhs
    if first is None:
        written = shapes.written_types(st.body)
        if not all(shapes.invariant(e, assigned, written) and not _mentions_boxed(ctx, e) for e in (start_expr, limit_expr)):
            return []
        hoist = not (shapes.is_simple(start_expr) and shapes.is_simple(limit_expr))
    elif shapes.reads_memory(limit_expr, ctx.static_globals) and shapes.invariant(limit_expr, assigned, shapes.written_types(st.body)) \
            and not _mentions_boxed(ctx, limit_expr):
        hoist = True  # from a constant up to a global (`i < num_keys`): the limit alone (module docstring)
    groups: Dict[tuple, List[ir.Index]] = {}  # (buffer, start) as C# -> the accesses through that view
    pointer_rows = set()  # the groups that view a row of a pointer table (`c[i][j]`), worth a view from 0 too
    for node in shapes.walk_in_order(st.body):
        if not isinstance(node, ir.Index) or id(node) in ctx.fn.loop_views.refs:
            continue  # (a ref from the function's view: _element_refs)
        base = shapes.strip(node.base)
        row = _pointer_table_row(ctx, node, base, counter, first, assigned, st.body)
        if row is not None:
            groups.setdefault(row, []).append(node)
            pointer_rows.add(row)
            continue
        flat = shapes.flat_index(node)  # `u[i][j]` of `double u[N][M]` is `u[i * M + j]`
        base = shapes.strip(flat.base)
        offset = ir.IntLit(node.loc, ir.IntType("int"), 0, "0") if shapes.is_name(flat.index, counter.name) else shapes.base_offset(flat.index, counter, first)
        if not isinstance(base, ir.NameRef) or offset is None or base.kind not in ("local", "param", "global") \
                or base.name in assigned or not shapes.element_is_scalar(node.type) or _is_boxed(ctx, base) \
                or not shapes.invariant(offset, assigned) or shapes.is_negative_constant(offset) or _mentions_boxed(ctx, offset):
            continue
        array = convert_expr(ctx, base)
        start = convert_expr(ctx, offset)
        if first is None and start.code != "0":
            continue  # from a computed start j may be below zero where a[j + 1] is not: only a[j] is safe
        if _flat_array(array.type) and start.type == "int":
            groups.setdefault((array.code, _flat_array(array.type), start.code), []).append(node)
    viewed = {id(n) for nodes in groups.values() for n in nodes}
    plain = {shapes.strip(n.base).name for n in shapes.walk_in_order(st.body)  # indexed by the counter, but no view possible
             if isinstance(n, ir.Index) and isinstance(shapes.strip(n.base), ir.NameRef)
             and shapes.is_name(n.index, counter.name) and id(n) not in viewed}
    if not groups or len(groups) + len(plain) > MAX_BUFFERS:
        return []
    whole_arrays = {key for key, nodes in groups.items() if key[2].isdigit() and shapes.is_global_array(nodes[0])}
    if all(start == "0" for _, _, start in groups) and not hoist and not whole_arrays and not pointer_rows:
        return []  # only `a[j]` of locals and parameters: the JIT clones that loop without views (a global array is
        # a field of the rank's object, read again after every store through a reference: it gets a view)
    lines = []
    if hoist:
        read_once = (start_expr, limit_expr) if first is None else (limit_expr,)
        bounds = [convert_expr(ctx, e) for e in read_once]
        if any(b.type != "int" for b in bounds):
            return []
        names = [_fresh_name(ctx, j.code, suffix) for suffix in ("_start", "_limit")[-len(bounds):]]
        lines += [f"{indent}int {name} = {b.code};" for name, b in zip(names, bounds)]
        start_name = names[0] if first is None else None  # a constant start stays in the loop's header
        ctx.fn.loop_views.hoisted_bounds[id(st)] = (j.code, start_name, shapes.strip(st.cond).op, names[-1])
    for key, nodes in groups.items():
        name = _view(ctx, key, key in whole_arrays, lines, indent)
        for n in nodes:
            ctx.fn.loop_views.accesses[id(n)] = f"{name}[{j.code}]"
    return lines


def _pointer_table_row(ctx, node: ir.Index, base: ir.Expr, counter: ir.NameRef, first, assigned, body):
    """The view key of `c[i][j]` where c is a table of row pointers (`double **`, a `Ptr<double>[]`), i does not
    change in the loop and j is its counter, counted from 0: `Spans.From(c[i], 0)`, one row's view (the matrix
    product `c[i][j] += aik * b[k][j]` over malloc'ed rows ran 5x gcc's time through two Ptr indexers). None
    otherwise. From 0 only here: a row pointer may start before its array (Numerical Recipes' `m[i] - 1`) where
    the loop's first access, from 1, is inside it; loops from a constant above 0 are counted from zero with views
    from their first accesses (_shifted_views)."""
    if first != 0 or not shapes.is_name(node.index, counter.name) or not shapes.element_is_scalar(node.type):
        return None
    row = _row_of_pointer_table(ctx, base, counter, assigned, body)
    return None if row is None else (*row, "0")


def _row_of_pointer_table(ctx, base: ir.Expr, counter: ir.NameRef, assigned, body):
    """(the C# row, its element type) when `base` is `c[i]`, a row of a table of row pointers that the loop reads
    at an index it does not change, in an innermost loop inside another whose body stores no row pointer."""
    if not isinstance(base, ir.Index) or ctx.fn.loop_views.enclosing_loops == 0:
        return None  # (a loop outside any other runs little: it keeps its plain indexes, as _whole_views's do)
    table = shapes.strip(base.base)
    if not isinstance(table, ir.NameRef) or table.kind not in ("local", "param", "global") or table.name in assigned \
            or _is_boxed(ctx, table) or not shapes.invariant(base.index, assigned) or _mentions_boxed(ctx, base.index) \
            or shapes.mentions(base.index, counter.name) or shapes.stores_row_pointers(body):
        return None
    rows = convert_expr(ctx, table)
    rows_t = rows.cstype
    if not (rows_t.is_array and rows_t.element.is_ptr):
        return None
    return convert_expr(ctx, base).code, rows_t.element.element.text


def _whole_views(ctx, st: ir.For, counter: ir.NameRef, j: str, indent: str) -> List[str]:
    """Views from 0 of the arrays an innermost loop with calls or branches indexes by its counter (module docstring)."""
    if ctx.fn.loop_views.enclosing_loops == 0 or shapes.has_inner_loop(st):
        return []
    assigned = shapes.assigned_names(st.body)
    groups: Dict[tuple, List[ir.Index]] = {}
    for node in shapes.walk_in_order(st.body):
        if not isinstance(node, ir.Index) or not shapes.is_name(node.index, counter.name):
            continue
        base = shapes.strip(node.base)
        if not isinstance(base, ir.NameRef) or base.name in assigned or _is_boxed(ctx, base) \
                or not shapes.element_is_scalar(node.type) \
                or not (base.kind in ("local", "param") or shapes.is_global_array(node)):
            continue
        array = convert_expr(ctx, base)
        if _flat_array(array.type):
            groups.setdefault((array.code, _flat_array(array.type), "0"), []).append(node)
    elements = _element_views(ctx, st, counter, assigned)
    lines: List[str] = []
    for key in [key for key, nodes in elements.items() if _held_element(ctx, st, key, nodes, assigned, lines, indent)]:
        del elements[key]  # (a copy in a local, whatever the views: _held_element)
    if not groups or len(groups) + len(elements) > MAX_BUFFERS:
        return lines
    for key, nodes in groups.items():
        name = _view(ctx, key, shapes.is_global_array(nodes[0]), lines, indent)
        for n in nodes:
            ctx.fn.loop_views.accesses[id(n)] = f"{name}[{j}]"
    for key, nodes in elements.items():
        name = _view(ctx, key, False, lines, indent, suffix="_at")
        for n in nodes:
            ctx.fn.loop_views.accesses[id(n)] = f"{name}[0]"
    return lines


def _held_element(ctx, st: ir.For, key: tuple, nodes: List[ir.Index], assigned: Set[str], lines: List[str],
                  indent: str) -> bool:
    """A struct element that the loop only passes to functions whose accesses cannot see a copy of it
    (passes/held_elements.py: nbody's `apply_force(&local[i], &particles[j], ...)`) lives in a local while the loop
    runs, read before it and written back after it when the loop runs at all (its first test, repeated: the
    element is reached only if C reaches it),

        particle_t local_i = 0 < n ? local[i] : default;
        for (j = 0; j < n; j++)
            apply_force(ref local_i, ref particles_span[j], ref dmin, ref davg, ref navg);
        if (0 < n)
        {
            local[i] = local_i;
        }

    so that the JIT, once it has inlined the function, keeps the fields in registers as gcc does (module
    docstring). Appends the line before the loop to `lines`; True when it did."""
    counter, _first, start = shapes.loop_counter(st)
    limit = shapes.strip(st.cond).rhs if counter is not None else None
    if counter is None or start is None or not shapes.is_simple(start) or not shapes.is_simple(limit) \
            or any(isinstance(n, ir.NameRef) and (n.name in assigned or n.name == counter.name)
                   for e in (start, limit) for n in shapes.walk_in_order(e)) \
            or _mentions_boxed(ctx, start) or _mentions_boxed(ctx, limit):
        return False  # the loop's first test is repeated after it: it must still read what it read before (not j)
    functions = {f.name: f for f in ctx.tu.functions if f.body is not None}
    if not held_elements.holds_element(st.body, frozenset(id(n) for n in nodes), nodes[0].type, functions,
                                       ctx.rules.names("pure")):
        return False
    array, element_type, index = key
    entered = f"{convert_expr(ctx, start).code} {shapes.strip(st.cond).op} {convert_expr(ctx, limit).code}"
    element = f"{array}[{index}]"
    name = _fresh_name(ctx, array, "_" + (index if index.isidentifier() else "at"))
    lines.append(f"{indent}{element_type} {name} = {entered} ? {element} : default;")
    ctx.fn.loop_views.after[id(st)] = ctx.fn.loop_views.after.get(id(st), ()) + (
        f"if ({entered})", "{", f"{INDENT}{element} = {name};", "}")
    for n in nodes:
        ctx.fn.loop_views.accesses[id(n)] = name
    return True


def _element_views(ctx, st: ir.For, counter: ir.NameRef, assigned: Set[str]) -> Dict[tuple, List[ir.Index]]:
    """The struct elements an innermost loop with calls or branches reaches at an index it does not change
    (`&local[i]` in the j loop), grouped by (array, element type, index) as C#: each is read through a view from the
    element, `local_at[0]` (module docstring). The index may name only locals and parameters whose address is not
    taken, as a call in the body could change any other; the array is a local or parameter the body does not assign,
    or a global C array."""
    elements: Dict[tuple, List[ir.Index]] = {}
    for node in shapes.walk_in_order(st.body):
        if not isinstance(node, ir.Index) or not isinstance(node.type, ir.RecordType) or id(node) in ctx.fn.loop_views.accesses:
            continue
        base = shapes.strip(node.base)
        if not isinstance(base, ir.NameRef) or base.name in assigned or _is_boxed(ctx, base) \
                or not (base.kind in ("local", "param") or shapes.is_global_array(node)):
            continue
        names = [n for n in shapes.walk_in_order(node.index) if isinstance(n, ir.NameRef)]
        if shapes.mentions(node.index, counter.name) or not shapes.invariant(node.index, assigned) \
                or any(n.kind not in ("local", "param", "enum_const") or _is_boxed(ctx, n) for n in names) \
                or any(isinstance(n, (ir.Index, ir.Call)) for n in shapes.walk_in_order(node.index)):
            continue
        array = convert_expr(ctx, base)
        start = convert_expr(ctx, node.index)
        if _flat_array(array.type) and start.type == "int":
            elements.setdefault((array.code, _flat_array(array.type), start.code), []).append(node)
    return elements


def _global_array_views(ctx, st: ir.For, assigned: Set[str]) -> None:
    """A global C array indexed by a value the straight-line body of an innermost loop loads or computes
    (`bucket_size[key_array[i] >> shift]++`, `key_buff1[bucket_start[b]] = key`), or by a stride of the counter no
    row view serves (`roots[k * step]`, NPB FT's butterflies: the field, its length and the check were read again on
    every iteration), goes through the function's view of it (module docstring)."""
    if shapes.has_inner_loop(st):
        return
    counter = shapes.loop_counter(st)[0]
    for node in shapes.walk_in_order(st.body):
        if not isinstance(node, ir.Index) or id(node) in ctx.fn.loop_views.accesses or not shapes.is_global_array(node) \
                or not shapes.element_is_scalar(node.type) or shapes.strip(node.index).type not in SPAN_INDEX_TYPES \
                or not (shapes.data_dependent(node.index, assigned)
                        or counter is not None and shapes.mentions(node.index, counter.name)):
            continue
        array = convert_expr(ctx, shapes.strip(node.base))
        if _flat_array(array.type):
            ctx.fn.loop_views.whole_arrays[id(node)] = _view(ctx, (array.code, _flat_array(array.type), "0"), True, [], "")


def _gather_views(ctx, st: ir.For, assigned: Set[str], indent: str) -> List[str]:
    """A local or parameter array that the straight-line body of an innermost loop inside another reads or writes at
    a loaded or computed index (`v[colidx[k]]`, CG's product), or at a stride of the counter that no row view serves
    (`data[first + m * stride]`, NPB FT's copies of a line; `u[f00 + 2 * i1]`, MG's interp), goes through a view of
    the whole array declared before the loop: the same check as the array's, against a length the JIT keeps in a
    register instead of reading it from the array on every access (module docstring)."""
    if ctx.fn.loop_views.enclosing_loops == 0 or shapes.has_inner_loop(st):
        return []
    counter = shapes.loop_counter(st)[0]
    groups: Dict[tuple, List[ir.Index]] = {}
    for node in shapes.walk_in_order(st.body):
        if not isinstance(node, ir.Index) or id(node) in ctx.fn.loop_views.accesses \
                or id(node) in ctx.fn.loop_views.whole_arrays or not shapes.element_is_scalar(node.type) \
                or shapes.strip(node.index).type not in SPAN_INDEX_TYPES \
                or not (shapes.data_dependent(node.index, assigned) or _strided(node.index, counter)):
            continue
        base = shapes.strip(node.base)
        if not isinstance(base, ir.NameRef) or base.kind not in ("local", "param") or base.name in assigned \
                or _is_boxed(ctx, base):
            continue
        array = convert_expr(ctx, base)
        if _flat_array(array.type):
            groups.setdefault((array.code, _flat_array(array.type), "0"), []).append(node)
    lines: List[str] = []
    unchanged = _unassigned_params(ctx)
    for key, nodes in groups.items():
        # a parameter the function never reassigns holds one array throughout: its view is taken once, before the
        # loop nest, instead of on every iteration of the loop around this one (CG's matvec, once per row); only in a
        # nest of two loops, where that view lives no longer than one declared in the outer loop's body would (in
        # deeper nests, MG's rprj3 and interp, it would live across the middle loops and their own views)
        once = ctx.fn.loop_views.enclosing_loops == 1 and all(
            shapes.strip(n.base).kind == "param" and shapes.strip(n.base).name in unchanged for n in nodes)
        name = _view(ctx, key, once, lines, indent)
        for n in nodes:
            ctx.fn.loop_views.whole_arrays[id(n)] = name
    return lines


def _unassigned_params(ctx) -> Set[str]:
    """The parameters the function never assigns, steps nor takes the address of (a C array parameter is a pointer,
    which the body may point elsewhere: `v = w;`)."""
    planner = ctx.fn.loop_views
    if planner.unassigned_params is None:  # once per function: a walk of its whole body (per loop nest, quadratic)
        function = ctx.fn.function
        planner.unassigned_params = set() if function is None else \
            {p.name for p in function.params} - shapes.assigned_names(function.body)
    return planner.unassigned_params


def _strided(index: ir.Expr, counter: Optional[ir.NameRef]) -> bool:
    """Whether an index the row views left reaches the array through the loop's counter in another way than as the
    counter alone: a stride (`first + m * stride`, `f00 + 2 * i1`) or an offset no row view could take (`a[j]` alone
    is left to the JIT's own cloning, module docstring)."""
    return counter is not None and shapes.mentions(index, counter.name) and not shapes.is_name(index, counter.name)


def _view(ctx, key, for_function: bool, lines: List[str], indent: str, suffix: Optional[str] = None) -> str:
    """The name of the view `key` = (array, element type, start): declared in `lines` before the loop, or, for a
    global array from a constant start (`for_function`), once at the top of the function (module docstring).
    `suffix` names what the view is for when its start does not say: the access's offset from the counter
    (`_m1` for `u[i1 - 1]`, _offset_suffix), `_at` for one element."""
    array, element, start = key
    # `offsets[i + 1]` through `offsets_p1[i]`: a constant shift is in the name, a computed base is a row
    if suffix is None or for_function:
        suffix = "_span" if start == "0" else f"_p{start}" if start.isdigit() else "_row"
    if not for_function:
        name = _fresh_name(ctx, array, suffix)
        lines.append(f"{indent}Span<{element}> {name} = Spans.From({array}, {start});")
        return name
    planned = ctx.fn.loop_views
    nest = planned.nest
    shared = (id(nest) if nest is not None else None, array, start)
    name = planned.function_views.get(shared)
    if name is None:
        # shared by the nest's loops, which may reach it at different offsets: named by its start
        suffix = "_span" if start == "0" else f"_from{start}"
        name = planned.function_views[shared] = _fresh_name(ctx, array, suffix)
        line = f"Span<{element}> {name} = Spans.From({array}, {start});"
        if nest is None:
            planned.function_lines.append(INDENT + line)
        else:
            planned.nest_lines.setdefault(id(nest), []).append(line)
    return name


def _mentions_boxed(ctx, e: ir.Expr) -> bool:
    """Whether a name in `e` lives in a one-element array (its address is taken): a store through any pointer may change it."""
    return any(_is_boxed(ctx, n) for n in shapes.walk_in_order(e) if isinstance(n, ir.NameRef))


def _is_boxed(ctx, e: ir.NameRef) -> bool:
    return ctx.is_boxed(slot_key(ctx, e))


def _offset_suffix(index: ir.Expr, counter: ir.NameRef) -> str:
    """A view's name suffix from the offset of its access to the counter: `u1[i1 - 1]` -> `_m1`, `u1[i1 + 1]` ->
    `_p1`, `u1[i1]` -> `_0`; a computed base is a row (`r[ro + c + i1]` -> `_row`, `_row_p1` with a shift)."""
    shift, computed = 0, False
    for sign, t in shapes.sum_terms(index):
        if shapes.is_name(t, counter.name):
            continue
        value = shapes.constant_value(t)
        if value is None:
            computed = True
        else:
            shift += value if sign == "+" else -value
    offset = f"_m{-shift}" if shift < 0 else f"_p{shift}" if shift > 0 else ""
    return "_row" + offset if computed else offset or "_0"


_ROW_OF_NAME = re.compile(r"^@?(\w+)\[@?(\w+)(?: ([+-]) (\d+))?\]$")  # `u[i - 1]`: a table's row at a name, shifted


def _fresh_name(ctx, array: str, suffix: str) -> str:
    """`c_row` (`c_span` for the whole buffer, `c_p1` for one shifted by a constant), `u_im1` for the row
    `u[i - 1]` of a pointer table (`u_i_p1` viewed from one past the counter), or `c_row2`... : a name no C
    identifier of the function and no other view uses."""
    if ctx.fn.loop_views.view_names is None:  # the first view of the function
        ctx.fn.loop_views.view_names = names_of_function(ctx.fn)
    if "[" in array:  # a row of a pointer table: `u[i - 1]` -> `u_im1`, `c[2 * i]` -> `c_row`, `c_row2`, ...
        row = _ROW_OF_NAME.match(array)
        column = "" if suffix in ("_span", "_0") else suffix
        if row is None:
            array, suffix = array.split("[", 1)[0], "_row" + column
        else:
            table, at, sign, shift = row.groups()
            array, suffix = table, f"_{at}" + (f"{'m' if sign == '-' else 'p'}{shift}" if sign else "") + column
    stem = array.lstrip("@") + suffix
    # the first free of stem, stem2, stem3...: names are only ever added, so a stem's search goes on from where its
    # last one ended (a long function's hundreds of `a_row`s were a quadratic probe)
    planner = ctx.fn.loop_views
    k = planner.view_name_next.get(stem, 1)
    name = stem if k == 1 else f"{stem}{k}"
    while name in planner.view_names:
        k += 1
        name = f"{stem}{k}"
    planner.view_name_next[stem] = k + 1
    planner.view_names.add(name)
    return name


def _flat_array(cs: str) -> Optional[str]:
    """The element type of a C# array of one rank (`double[]`, `Ptr<double>[]`), else None."""
    t = cs_of(cs)
    return t.element.text if t.is_array and not t.element.is_array else None


# ---------------------------------------------------------------------------------------------------------------
# Loops from a constant start above zero over computed rows: the counter counted from zero.
#
#     for (i1 = 1; i1 < n1 - 1; i1++)
#         r[ro + c + i1] = v[vo + c + i1] - A2 * (u1[i1 - 1] + u1[i1 + 1]);
#
# A view from the row's base (`Spans.From(r, ro + c)`) may not exist: the first access is r[ro + c + 1], valid C
# when ro + c is -1. And the JIT drops a check only for an index that is the counter itself, so `u1[i1 - 1]`
# stays checked through any view. The body being straight-line, every access of the first iteration happens:
# a view from each first access (`r[ro + c + 1]`, `u1[0]`, `u1[2]`) exists whenever the loop runs, and the k-th
# iteration's access is element k of it. The port then counts a new counter from zero,
#
#     int i1_count = Math.Max(n1 - 1, 1) - 1;
#     for (int i1_k = 0; i1_k < i1_count; i1_k++)
#         r_row[i1_k] = v_row[i1_k] - A2 * (u1_m1[i1_k] + u1_p1[i1_k]);
#     i1 = 1 + i1_count;
#
# Each view is named by its access's offset from the counter, so the stencil of the C stays readable:
# `u1[i1 - 1]` is `u1_m1`, `u1[i1 + 1]` `u1_p1`, `u1[i1]` `u1_0`, a computed base a row (`r_row`, `r_row_p1`),
# and a row of a pointer table by its index and offset (`u[i - 1][j]` is `u_im1`, `u[i][j + 1]` `u_i_p1`).
#
# which the JIT clones like any loop from zero (NPB MG's resid and psinv: their second loops ran with 6 and 8
# checks an iteration; the job's timed part went from 1.9-2.0 s to 1.25 s at one rank). Only when the body uses
# the counter in nothing but such indexes (the JIT clones no loop that steps a second variable), and the loop
# assigns the counter (`for (int i1 = 1; ...)` keeps its own loop). The count cannot overflow: Math.Max keeps
# the subtraction at or above zero. The counter ends where C's does.


def _shifted_views(ctx, st: ir.For, counter: ir.NameRef, first: int, assigned: Set[str],
                   indent: str) -> Optional[List[str]]:
    """The lines before a loop counted from zero instead of `first` (above); None when the loop does not qualify,
    or when the plain views serve it (no computed base, no index below the counter)."""
    if not isinstance(st.init, ir.ExprStmt):
        return None
    cond = shapes.strip(st.cond)
    limit_expr = cond.rhs
    if not shapes.invariant(limit_expr, assigned, shapes.written_types(st.body)) or _mentions_boxed(ctx, limit_expr):
        return None
    groups: Dict[tuple, List[ir.Index]] = {}
    needs_shift = False
    uses = sum(1 for n in shapes.walk_in_order(st.body) if shapes.is_name(n, counter.name))
    for node in shapes.walk_in_order(st.body):
        if not isinstance(node, ir.Index) or not shapes.mentions(node.index, counter.name) \
                or id(node) in ctx.fn.loop_views.refs:
            continue
        flat = shapes.flat_index(node)  # `u[i][j - 1]` of `double u[N][M]` is `u[i * M + j - 1]`
        base, start = shapes.strip(flat.base), shapes.first_access(flat.index, counter, first)
        if start is None or not shapes.element_is_scalar(node.type) or not shapes.invariant(start, assigned) \
                or _mentions_boxed(ctx, start):
            return None
        row = _row_of_pointer_table(ctx, base, counter, assigned, st.body)
        if row is not None:
            # `u[i - 1][j]` from j = 1: the row u[i - 1] viewed from the first access, which no plain view does
            array_code, element, plain = row[0], row[1], False
        else:
            if not isinstance(base, ir.NameRef) or base.kind not in ("local", "param", "global") \
                    or base.name in assigned or _is_boxed(ctx, base):
                return None
            array = convert_expr(ctx, base)
            if not _flat_array(array.type):
                return None
            array_code, element = array.code, _flat_array(array.type)
            # the plain views take `a[j]` and `a[j + 2]`, not `a[b + j]` or `a[j - 1]`
            plain = shapes.is_name(flat.index, counter.name) or shapes.base_offset(flat.index, counter, first) is not None
        start_cs = convert_expr(ctx, start)
        if start_cs.type != "int":
            return None
        needs_shift = needs_shift or not plain
        groups.setdefault((array_code, element, start_cs.code), []).append(node)
        uses -= 1
    if uses != 0 or not groups or not needs_shift or len(groups) > MAX_BUFFERS:
        return None  # the counter in anything but a viewed index, or nothing the plain views cannot do
    limit = convert_expr(ctx, limit_expr)
    if limit.type != "int":
        return None
    j = convert_expr(ctx, counter).code
    k, count = _fresh_name(ctx, j, "_k"), _fresh_name(ctx, j, "_count")
    low = first if cond.op == "<" else first - 1  # the count is max(limit, low) - low
    lines = []
    for key, nodes in groups.items():
        name = _view(ctx, key, key[2].isdigit() and shapes.is_global_array(nodes[0]), lines, indent,
                     suffix=_offset_suffix(shapes.flat_index(nodes[0]).index, counter))
        for n in nodes:
            ctx.fn.loop_views.accesses[id(n)] = f"{name}[{k}]"
    lines.append(f"{indent}int {count} = " + (f"Math.Max({limit.code}, 0);" if low == 0 else
                                             f"Math.Max({limit.code}, {low}) - {low};"))
    ctx.fn.loop_views.shifted[id(st)] = (k, count, f"{j} = {first} + {count};")
    return lines


