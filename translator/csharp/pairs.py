"""Two statements on the two doubles of one struct done as one Vector128<double> operation (SLP of two lanes).

A complex number in C is a struct of two doubles, and its arithmetic is written field by field (NPB FT's butterfly):

    br = line[i].real * wr - line[i].imag * wi;
    bi = line[i].real * wi + line[i].imag * wr;
    line[j].real = line[i].real - br;
    line[j].imag = line[i].imag - bi;

gcc -O2 does each pair of statements in one SSE2 register (mulpd, addsubpd's halves, subpd), loading the struct in
one 16-byte move; the JIT does every statement apart: FT's butterfly took 39 instructions against gcc's 25, of which
the pairs make 31 (bench/README.md, rounds 17 and 20). Here two consecutive statements whose right sides are the same tree lane by lane (the
same operators, operand for operand) become one statement on `Vector128<double>` (CloudMpi.Libc's Lanes):

    var wr_wi = Lanes.Pair(wr, wi);
    var br_bi = Lanes.SubAdd(Lanes.Both(line_k.real) * wr_wi, Lanes.Both(line_k.imag) * Lanes.Swap(wr_wi));
    br = Lanes.First(br_bi);
    bi = Lanes.Second(br_bi);
    Lanes.Ref(ref line_k) = Lanes.Ref(ref line_k2) - br_bi;
    Lanes.Ref(ref line_k2) = Lanes.Ref(ref line_k2) + br_bi;

Lane by lane the same IEEE operations on the same operands in the same order: mulpd is two mulsd, addsubpd a subsd
in lane 0 and an addsd in lane 1, a negation flips both signs; .NET fuses no multiply and add (nor does gcc -O2
without -mfma). So every result is C's, bit for bit, NaN's sign and payload included. The lanes' leaves:
- `s.f0` beside `s.f1` of one struct `s` whose type is two doubles (and nothing else): the struct as one vector,
  unless an earlier statement of the block stored one field of such a struct alone (the 16-byte load would wait for
  the 8-byte stores: no store forwarding, why passes/struct_copies.py splits such copies);
- one expression in both lanes (a name, a constant, one field): broadcast, evaluated once (it reads, it writes
  nothing: no call, no assignment, no volatile);
- a pair of doubles an earlier pair of this block computed and nothing has changed since: that vector (or it
  swapped);
- any other two side-effect-free doubles: put together (`Lanes.Pair`; once in a local when the expression wants them
  both ways round, `wr, wi` and `wi, wr`, the other one exchanged from it: the JIT copied registers around each of
  two such Pairs).

What changes is when things are read: both statements' reads happen before either store. That is the same program
when the second statement reads nothing the first one writes:
- a store to `s.f0`: the second right side reads no field f0 of the struct's type (a store to one field of a struct
  changes no other field of any struct of that type: two of them coincide or are disjoint, C's element and the C#
  array's element alike), no other memory (no index of a scalar, no dereference: `*p` may be `s.f0`) and no call;
- a store to the local `x` (its address never taken): the second right side does not name `x`.
The left sides are one struct (written alike, an array's element at an index of names and constants, which the
first store cannot change; not a local struct variable, whose fields the JIT keeps in registers and a `ref` would put
in memory) or two distinct locals whose address is never taken.

Only where it pays, counted in instructions against the scalar statements: each operation done in the lanes and each
struct read or written whole saves one, each Pair and each broadcast of a register costs one (a broadcast of memory
is its load). A pair of locals is still assigned from its vector (`Lanes.First`, `Lanes.Second`): the second costs
one more, unless two later statements store into a struct lane by lane from them (`line_k.real = ... - br;` then
`line_k.imag = ... - bi;`), where the vector saves those statements' Pair, and the JIT drops the locals' assignments
when nothing else reads them (NPB EP's `x1 = 2.0 * x[2 * i] - 1.0; x2 = ...`, read apart afterwards, stays scalar).
"""
from __future__ import annotations

import re
from typing import Dict, List, Optional, Sequence, Set, Tuple

from .. import ir
from ..passes import loop_shapes as shapes
from ..passes.queries import unwrap
from .context import first_free_name, names_of_function
from .exprs import _same_expr, convert_expr, convert_value, slot_key

_DOUBLE = ir.FloatType("double")
_LANE_OPS = ("+", "-", "*", "/")
_COMPOUND = {"+=": "+", "-=": "-", "*=": "*", "/=": "/"}
_STEPS = ("post++", "post--", "pre++", "pre--")
_NAME_KINDS = ("local", "param", "global", "enum_const")
_LOOK_AHEAD = 8  # statements after a pair of locals searched for the struct stores its vector serves


class BlockPairs:
    """The pairs of locals a block has computed as vectors so far: (lane 0's name, lane 1's name) -> the vector."""

    def __init__(self):
        self.vectors: Dict[Tuple[str, str], str] = {}
        # the struct types a field of which a statement of the block stored alone: a 16-byte load of such a struct
        # would wait for the two 8-byte stores (no store forwarding: passes/struct_copies.py)
        self.field_stores: Set[str] = set()

    def forget_written(self, st: ir.Stmt) -> None:
        """Drop the vectors of pairs that `st` (converted the ordinary way) may change."""
        for n in shapes.walk_in_order(st):
            target = unwrap(n.target) if isinstance(n, ir.Assign) else None
            if isinstance(target, ir.Member) and isinstance(target.base.type, ir.RecordType):
                self.field_stores.add(target.base.type.name)
        if not self.vectors:
            return
        written = _written_names(st)
        self.vectors = {k: v for k, v in self.vectors.items() if k[0] not in written and k[1] not in written}


def convert_pair(ctx, items: Sequence[ir.Stmt], k: int, pairs: BlockPairs) -> Optional[List[str]]:
    """The C# lines (unindented, no before-lines) of items[k] and items[k + 1] done as one vector operation, or None
    when the two statements are no such pair (the module docstring)."""
    if k + 1 >= len(items):
        return None
    first, second = _assignment(items[k]), _assignment(items[k + 1])
    if first is None or second is None:
        return None
    (t0, e0), (t1, e1) = first, second
    if isinstance(t0, ir.Member):
        return _struct_pair(ctx, t0, e0, t1, e1, pairs)
    if isinstance(t0, ir.NameRef):
        return _local_pair(ctx, items, k, t0, e0, t1, e1, pairs)
    return None


def _assignment(st: ir.Stmt) -> Optional[Tuple[ir.Expr, ir.Expr]]:
    """(target, the value it gets) of `t = e;` or `t op= e;` on a double; None for any other statement."""
    if not isinstance(st, ir.ExprStmt):
        return None
    a = st.expr
    while isinstance(a, ir.Paren):
        a = a.inner
    if not isinstance(a, ir.Assign) or a.type != _DOUBLE:
        return None
    target = unwrap(a.target)
    if target.type != _DOUBLE:
        return None
    if a.op == "=":
        return target, a.value
    op = _COMPOUND.get(a.op)
    if op is None or a.computation_type not in (None, _DOUBLE) or unwrap(a.value).type != _DOUBLE:
        return None  # (`x *= n` of an int n converts n: a leaf of another type, kept scalar)
    return target, ir.Binary(a.loc, _DOUBLE, op, target, a.value)


def _struct_pair(ctx, t0: ir.Member, e0, t1, e1, pairs: BlockPairs) -> Optional[List[str]]:
    if not isinstance(t1, ir.Member) or t0.arrow or t1.arrow:
        return None
    fields = double_pair_fields(ctx, t0.base.type)
    if fields is None or (t0.name, t1.name) != fields or not _struct_place(ctx, t0.base) \
            or not _same_expr(t0.base, t1.base):
        return None
    if not _reads_apart_from(ctx, e1, t0.base.type, fields[0]):
        return None
    lanes = _Lanes(ctx, pairs)
    code = lanes.vector(e0, e1)
    if code is None or lanes.saved + 1 <= lanes.cost:  # (+ 1: one 16-byte store for two)
        return None
    base = convert_expr(ctx, t0.base).code
    before, code = lanes.finish(code)
    return before + [f"Lanes.Ref(ref {base}) = {_outer(code)};"]


def _local_pair(ctx, items, k, t0: ir.NameRef, e0, t1, e1, pairs: BlockPairs) -> Optional[List[str]]:
    if not isinstance(t1, ir.NameRef) or not (_plain_local(ctx, t0) and _plain_local(ctx, t1)) or t0.name == t1.name:
        return None
    if shapes.mentions(e1, t0.name) or not _reads_only(ctx, e0) or not _reads_only(ctx, e1):
        return None
    lanes = _Lanes(ctx, pairs)
    code = lanes.vector(e0, e1)
    # stored lane by lane into a struct later (two Pairs spared there), or else the second local's extraction paid
    later = 2 if _stored_in_lanes_later(ctx, items[k + 2:], t0.name, t1.name) else -1
    if code is None or lanes.saved + later <= lanes.cost:
        return None
    x, y = convert_expr(ctx, t0).code, convert_expr(ctx, t1).code
    name = _fresh_vector_name(ctx, f"{x}_{y}")
    pairs.vectors = {key: v for key, v in pairs.vectors.items() if t0.name not in key and t1.name not in key}
    pairs.vectors[(t0.name, t1.name)] = name
    before, code = lanes.finish(code)
    return before + [f"var {name} = {_outer(code)};", f"{x} = Lanes.First({name});", f"{y} = Lanes.Second({name});"]


class _Lanes:
    """The vector of two lanes' expressions as C#, and what it saves and costs in instructions against the scalar
    statements: `saved` one for each operation done in the lanes and each struct read whole (or twice that for a
    vector an earlier pair left: its two lanes need putting together otherwise), `cost` one for each pair of
    values put together and each broadcast of a register (a broadcast of memory is its load)."""

    def __init__(self, ctx, pairs: BlockPairs):
        self.ctx, self.pairs = ctx, pairs
        self.saved = 0
        self.cost = 0
        self.pair_leaves: List[Tuple[str, str]] = []  # the Pair leaves' two values as C#, placeholders in the code

    def vector(self, e0: ir.Expr, e1: ir.Expr) -> Optional[str]:
        a, b = _bare(e0), _bare(e1)
        if a.type != _DOUBLE or b.type != _DOUBLE:
            return None
        if isinstance(a, ir.Binary) and isinstance(b, ir.Binary) and a.op in _LANE_OPS and b.op in _LANE_OPS \
                and all(_bare(o).type == _DOUBLE for o in (a.lhs, a.rhs, b.lhs, b.rhs)):
            if a.op == b.op or (a.op, b.op) == ("-", "+"):
                lhs, rhs = self.vector(a.lhs, b.lhs), self.vector(a.rhs, b.rhs)
                if lhs is None or rhs is None:
                    return None
                self.saved += 1
                return f"({lhs} {a.op} {rhs})" if a.op == b.op else f"Lanes.SubAdd({_outer(lhs)}, {_outer(rhs)})"
        if isinstance(a, ir.Unary) and isinstance(b, ir.Unary) and a.op == b.op == "-" \
                and _bare(a.operand).type == _DOUBLE and _bare(b.operand).type == _DOUBLE:
            inner = self.vector(a.operand, b.operand)
            if inner is None:
                return None
            self.saved += 1
            return f"(-{inner})"
        return self._leaf(a, b)

    def _leaf(self, a: ir.Expr, b: ir.Expr) -> Optional[str]:
        ctx = self.ctx
        if not _reads_only(ctx, a) or not _reads_only(ctx, b):
            return None
        whole = isinstance(a, ir.Member) and isinstance(a.base.type, ir.RecordType) \
            and a.base.type.name not in self.pairs.field_stores
        if whole and isinstance(b, ir.Member) and not a.arrow and not b.arrow \
                and double_pair_fields(ctx, a.base.type) == (a.name, b.name) and _struct_place(ctx, a.base) \
                and _same_expr(a.base, b.base):
            self.saved += 1
            return f"Lanes.Ref(ref {convert_expr(ctx, a.base).code})"
        if whole and isinstance(b, ir.Member) and not a.arrow and not b.arrow \
                and double_pair_fields(ctx, a.base.type) == (b.name, a.name) and _struct_place(ctx, a.base) \
                and _same_expr(a.base, b.base):
            self.saved += 1
            self.cost += 1
            return f"Lanes.Swap(Lanes.Ref(ref {convert_expr(ctx, a.base).code}))"
        if isinstance(a, ir.NameRef) and isinstance(b, ir.NameRef):
            if (a.name, b.name) in self.pairs.vectors:
                self.saved += 1
                return self.pairs.vectors[(a.name, b.name)]
            if (b.name, a.name) in self.pairs.vectors:
                return f"Lanes.Swap({self.pairs.vectors[(b.name, a.name)]})"
        if _same_expr(a, b):
            if isinstance(a, ir.NameRef) and a.kind in ("local", "param"):
                self.cost += 1
            return f"Lanes.Both({convert_value(ctx, a, _DOUBLE).code})"
        self.cost += 1
        self.pair_leaves.append((convert_value(ctx, a, _DOUBLE).code, convert_value(ctx, b, _DOUBLE).code))
        return f"\0{len(self.pair_leaves) - 1}\0"

    def finish(self, code: str) -> Tuple[List[str], str]:
        """(the lines to write before the statement, its vector): two values put together both ways round (`wr, wi`
        and `wi, wr`: a complex product's two halves) once, in a local, and exchanged for the other (the JIT
        copied registers around each of two unpcklpd; one and a vpermilpd need none)."""
        before, named = [], {}
        for c0, c1 in self.pair_leaves:
            if c0 != c1 and (c1, c0) in self.pair_leaves and (c0, c1) not in named and (c1, c0) not in named:
                named[(c0, c1)] = name = _fresh_vector_name(self.ctx, f"{_stem(c0)}_{_stem(c1)}")
                before.append(f"var {name} = Lanes.Pair({c0}, {c1});")

        def leaf(m):
            c0, c1 = self.pair_leaves[int(m.group(1))]
            if (c0, c1) in named:
                return named[(c0, c1)]
            if (c1, c0) in named:
                return f"Lanes.Swap({named[(c1, c0)]})"
            return f"Lanes.Pair({c0}, {c1})"
        return before, re.sub("\0([0-9]+)\0", leaf, code)


def double_pair_fields(ctx, t) -> Optional[Tuple[str, str]]:
    """The two field names of a struct of exactly two doubles (C#'s sequential layout puts them at 0 and 8, as C
    does), else None."""
    if not isinstance(t, ir.RecordType) or t.is_union:
        return None
    rec = next((r for r in ctx.tu.records if r.name == t.name), None)
    if rec is None or rec.is_union or len(rec.fields) != 2 or rec.size != 16:
        return None
    f0, f1 = rec.fields
    if f0.type != _DOUBLE or f1.type != _DOUBLE or f0.bits is not None or f1.bits is not None:
        return None
    return f0.name, f1.name


def _struct_place(ctx, base: ir.Expr) -> bool:
    """Whether `base` is a struct that `ref` reaches in place: an element of an array (or a view's, or a ref
    local's) at an index of names and constants. (Not a local struct variable: the JIT keeps its fields in
    registers, and `ref` to it would put it in memory, a store and a load on every use of an accumulator.)"""
    base = unwrap(base)
    if not isinstance(base, ir.Index):
        return False
    array = unwrap(base.base)
    return isinstance(array, ir.NameRef) and array.kind in ("local", "param", "global") \
        and isinstance(array.type, (ir.ArrayType, ir.PointerType)) and _names_and_constants(ctx, base.index)


def _names_and_constants(ctx, e: ir.Expr) -> bool:
    for n in shapes.walk_in_order(e):
        if isinstance(n, (ir.Index, ir.Member, ir.Call, ir.Assign, ir.Conditional)) \
                or isinstance(n, ir.Unary) and n.op in _STEPS + ("*", "&"):
            return False
        if isinstance(n, ir.NameRef) and (n.kind not in _NAME_KINDS or n.name in ctx.volatile_globals):
            return False
    return True


_READ_NODES = (ir.IntLit, ir.FloatLit, ir.CharLit, ir.NameRef, ir.MacroRef, ir.Binary, ir.Unary, ir.Cast, ir.Paren,
               ir.Index, ir.Member)


def _reads_only(ctx, e: ir.Expr) -> bool:
    """Whether `e` only reads (no call, assignment, step, volatile): evaluated once or in another order, the same."""
    for n in shapes.walk_in_order(e):
        if not isinstance(n, _READ_NODES) or isinstance(n, ir.Unary) and n.op in _STEPS + ("&",) \
                or isinstance(n, ir.Binary) and n.op == ",":
            return False
        if isinstance(n, ir.NameRef) and (n.kind not in _NAME_KINDS or n.name in ctx.volatile_globals):
            return False
    return True


def _reads_apart_from(ctx, e: ir.Expr, record: ir.RecordType, field: str) -> bool:
    """Whether `e` reads only names of scalars, constants and fields other than `field` of structs of type `record`
    reached in place (module docstring): nothing a store to some struct's `field` can change."""
    return _reads_only(ctx, e) and _apart(ctx, e, record, field)


def _apart(ctx, e: ir.Expr, record: ir.RecordType, field: str) -> bool:
    if isinstance(e, (ir.IntLit, ir.FloatLit, ir.CharLit)):
        return True
    if isinstance(e, ir.MacroRef):
        return e.expansion is None or _apart(ctx, e.expansion, record, field)
    if isinstance(e, ir.NameRef):
        return isinstance(e.type, (ir.IntType, ir.FloatType))
    if isinstance(e, ir.Paren):
        return _apart(ctx, e.inner, record, field)
    if isinstance(e, ir.Cast):
        return _apart(ctx, e.operand, record, field)
    if isinstance(e, ir.Unary):
        return e.op in ("-", "+") and _apart(ctx, e.operand, record, field)
    if isinstance(e, ir.Binary):
        return _apart(ctx, e.lhs, record, field) and _apart(ctx, e.rhs, record, field)
    if isinstance(e, ir.Member):
        return not e.arrow and e.base.type == record and e.name != field and _struct_place(ctx, e.base)
    return False


def _bare(e: ir.Expr) -> ir.Expr:
    """`e` without parentheses and without the implicit conversions that change no type (an lvalue's read)."""
    while True:
        if isinstance(e, ir.Paren):
            e = e.inner
        elif isinstance(e, ir.Cast) and e.implicit and e.operand.type == e.type:
            e = e.operand
        else:
            return e


def _plain_local(ctx, n: ir.NameRef) -> bool:
    return n.kind in ("local", "param") and n.type == _DOUBLE and not ctx.is_boxed(slot_key(ctx, n))


def _written_names(st) -> set:
    out = set()
    for n in shapes.walk_in_order(st):
        target = n.target if isinstance(n, ir.Assign) else n.operand if isinstance(n, ir.Unary) and n.op in _STEPS \
            else None
        if target is not None and isinstance(unwrap(target), ir.NameRef):
            out.add(unwrap(target).name)
        elif isinstance(n, ir.VarDecl):
            out.add(n.name)
    return out


def _stored_in_lanes_later(ctx, rest: Sequence[ir.Stmt], x: str, y: str) -> bool:
    """Whether two consecutive later statements of the block store into the two fields of a struct of two doubles,
    the first reading x and not y, the second y and not x (a pair the vector of x and y serves), before either
    is written again, within the next _LOOK_AHEAD statements (a block of thousands of assignments stays linear)."""
    rest = rest[:_LOOK_AHEAD + 1]
    for st, after in zip(rest, rest[1:]):
        first, second = _assignment(st), _assignment(after)
        if first is not None and second is not None and isinstance(first[0], ir.Member) \
                and isinstance(second[0], ir.Member) and double_pair_fields(ctx, first[0].base.type) is not None:
            n0 = {n.name for n in shapes.walk_in_order(first[1]) if isinstance(n, ir.NameRef)}
            n1 = {n.name for n in shapes.walk_in_order(second[1]) if isinstance(n, ir.NameRef)}
            if x in n0 and y not in n0 and y in n1 and x not in n1:
                return True
        written = _written_names(st)
        if x in written or y in written:
            return False
    return False


def _outer(code: str) -> str:
    """`a - b` for `(a - b)`: the statement's own parentheses dropped."""
    if code.startswith("(") and code.endswith(")"):
        depth = 0
        for i, c in enumerate(code):
            depth += c == "("
            depth -= c == ")"
            if depth == 0 and i < len(code) - 1:
                return code
        return code[1:-1]
    return code


_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _stem(code: str) -> str:
    """A name's part from a value's C#: the value itself when it is a name, else `v`."""
    code = code.lstrip("@")
    return code if code.isidentifier() else "v"


def _fresh_vector_name(ctx, stem: str) -> str:
    """`br_bi` (`br_bi2`, ...): a name no C identifier of the function, no view and no other vector uses."""
    fn = ctx.fn
    taken = fn.lane_names
    if taken is None:
        taken = names_of_function(fn)
        views = fn.loop_views
        lines = list(views.function_lines) + [l for ls in views.before.values() for l in ls] \
            + [l for ls in views.before_items.values() for l in ls] + [l for ls in views.after.values() for l in ls] \
            + [v for v in views.accesses.values()] + [v for v in views.whole_arrays.values()] \
            + [s for ts in views.hoisted_bounds.values() for s in ts if s] \
            + [s for ts in views.shifted.values() for s in ts if s] + list(views.fills.values())
        for line in lines:
            taken.update(_IDENT.findall(line))
        fn.lane_names = taken
    return first_free_name(taken, stem.lstrip("@"))
