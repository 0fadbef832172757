"""C's struct "inheritance" by a common initial sequence, made a first member.

CoMD's potentials repeat the fields of a base struct at the start of each kind and cast pointers both ways:

    typedef struct { real_t cutoff; ...; void (*destroy)(struct BasePotentialSt **); } BasePotential;
    typedef struct { real_t cutoff; ...; void (*destroy)(...); real_t sigma, epsilon; } LjPotential;
    return (BasePotential *) pot;          /* an LjPotential * */
    LjPotential *pot = (LjPotential *) base;

C lays the repeated fields out alike in both structs (C11 6.5.2.3p6 lets a union read them through either; the
casts rely on gcc doing the same outside unions), so such a cast reads the one struct as the other. C# structs
of different types share no memory, so this pass makes the repeated fields what they mean: the derived struct's
first member, of the base type (`LjPotential { BasePotential BasePotential; double sigma, epsilon; }`), each
access of one of them through that member (`pot->cutoff` is `pot->BasePotential.cutoff`), and each initializer's
first values one of the base. The casts are then casts to and from a first member, which
csharp/pointer_exprs.py converts (a view of the field; `Ptr.Container`, checked at run time).

Only pairs the program casts between are nested; the layout clang gave (sizeof, field offsets) is unchanged.
"""
from __future__ import annotations

from dataclasses import fields as dataclass_fields, is_dataclass, replace
from typing import Dict, Optional, Tuple

from .. import ir


def nest_common_initial_sequences(tu: ir.TranslationUnit) -> ir.TranslationUnit:
    """`tu` with each derived struct's repeated base fields made one first member (the unit itself when no cast
    joins two such structs)."""
    records = {r.name: r for r in tu.records if not r.is_union}
    derived = _derived_structs(tu, records)
    if not derived:
        return tu
    nested = {name: _nested_record(records[name], records[base], _member_name(records[name], base))
              for name, base in derived.items()}
    prefixes = {name: (base, _member_name(records[name], base), {f.name for f in records[base].fields})
                for name, base in derived.items()}
    rewrite = _Rewrite(prefixes, records)
    swapped: Dict[int, object] = {}
    for r in tu.records:
        if r.name in nested:
            swapped[id(r)] = nested[r.name]
    for item in (*tu.functions, *tu.globals):
        swapped[id(item)] = rewrite.node(item)
    pick = lambda x: swapped.get(id(x), x)  # noqa: E731
    return replace(tu, records=tuple(pick(r) for r in tu.records), functions=tuple(pick(f) for f in tu.functions),
                   globals=tuple(pick(g) for g in tu.globals), order=tuple(pick(x) for x in tu.order))


def _derived_structs(tu: ir.TranslationUnit, records) -> Dict[str, str]:
    """derived struct -> base struct, for the pairs of struct pointers the program casts between whose base's fields
    are the derived struct's first fields (names and types), the derived having more."""
    out: Dict[str, str] = {}
    roots = [g.init for g in tu.globals if g.init is not None] + [f.body for f in tu.functions if f.body is not None]
    for root in roots:
        for node in ir.nodes_of(root, ir.Cast):
            if not (isinstance(node.type, ir.PointerType) and isinstance(node.operand.type, ir.PointerType)):
                continue
            a, b = node.type.pointee, node.operand.type.pointee
            while isinstance(a, ir.PointerType) and isinstance(b, ir.PointerType):
                a, b = a.pointee, b.pointee  # `(D **) pp` of a `B **`
            if not (isinstance(a, ir.RecordType) and isinstance(b, ir.RecordType)) or a.name == b.name:
                continue
            for base, derived in ((a.name, b.name), (b.name, a.name)):
                if base in records and derived in records and _repeats(records[derived], records[base]):
                    out.setdefault(derived, base)
    return out


def _repeats(derived: ir.RecordDecl, base: ir.RecordDecl) -> bool:
    k = len(base.fields)
    return 0 < k < len(derived.fields) and all(
        d.name == b.name and d.type == b.type and d.bits is None and b.bits is None
        for d, b in zip(derived.fields[:k], base.fields))


def _member_name(derived: ir.RecordDecl, base: str) -> str:
    taken = {f.name for f in derived.fields}
    name = base
    while name in taken:
        name += "_"
    return name


def _nested_record(derived: ir.RecordDecl, base: ir.RecordDecl, member: str) -> ir.RecordDecl:
    k = len(base.fields)
    first = ir.Field(derived.fields[0].loc, member, ir.RecordType(base.name))
    return replace(derived, fields=(first,) + tuple(derived.fields[k:]))


class _Rewrite:
    def __init__(self, prefixes: Dict[str, Tuple[str, str, set]], records):
        self.prefixes = prefixes
        self.records = records

    def node(self, node):
        if isinstance(node, tuple):
            items = tuple(self.node(x) for x in node)
            return node if all(a is b for a, b in zip(items, node)) else items
        if not is_dataclass(node) or isinstance(node, (ir.Loc,)) or not hasattr(node, "loc"):
            return node
        if isinstance(node, ir.Assign) and node.op == "=":
            node = self._store_through_retyped(node)  # before its target is read as a load
        changes = {}
        for f in dataclass_fields(node):
            if f.name in ("loc", "type"):
                continue
            v = getattr(node, f.name)
            nv = self.node(v) if isinstance(v, tuple) or (is_dataclass(v) and hasattr(v, "loc")) else v
            if nv is not v:
                changes[f.name] = nv
        if changes:
            node = replace(node, **changes)
        if isinstance(node, ir.Member):
            return self._member(node)
        if isinstance(node, ir.InitList):
            return self._init_list(node)
        if isinstance(node, ir.Unary) and node.op == "*":
            return self._load_through_retyped(node)
        return node

    def _retyped_pointer(self, e: ir.Expr):
        """`(D **) pp` of a `B **` pp (or the other way), D nested with B: (pp, the cast's pointee `D *`)."""
        while isinstance(e, ir.Paren):
            e = e.inner
        if not (isinstance(e, ir.Cast) and isinstance(e.type, ir.PointerType)
                and isinstance(e.operand.type, ir.PointerType)):
            return None
        to, frm = e.type.pointee, e.operand.type.pointee
        if not (isinstance(to, ir.PointerType) and isinstance(frm, ir.PointerType)):
            return None
        a, b = to.pointee, frm.pointee
        if isinstance(a, ir.RecordType) and isinstance(b, ir.RecordType) and \
                (self.prefixes.get(a.name, (None,))[0] == b.name or self.prefixes.get(b.name, (None,))[0] == a.name):
            return e.operand, to
        return None

    def _load_through_retyped(self, u: ir.Unary) -> ir.Expr:
        """`*(EamPotential **) pPot` (CoMD's eamDestroy) reads the `BasePotential *` there as an `EamPotential *`:
        `(EamPotential *) *pPot`, a cast csharp/pointer_exprs.py converts."""
        found = self._retyped_pointer(u.operand)
        if found is None:
            return u
        pp, to = found
        return ir.Cast(u.loc, to, ir.Unary(u.loc, pp.type.pointee, "*", pp), False)

    def _store_through_retyped(self, a: ir.Assign) -> ir.Expr:
        """`*(D **) pp = d` stores `(B *) d` in the `B *` there."""
        target = a.target
        while isinstance(target, ir.Paren):
            target = target.inner
        if not (isinstance(target, ir.Unary) and target.op == "*"):
            return a
        found = self._retyped_pointer(target.operand)
        if found is None:
            return a
        pp, _ = found
        stored = pp.type.pointee
        return replace(a, target=ir.Unary(target.loc, stored, "*", pp), value=ir.Cast(a.loc, stored, a.value, False))

    def _struct_of(self, member: ir.Member) -> Optional[str]:
        t = member.base.type
        if member.arrow:
            t = t.pointee if isinstance(t, ir.PointerType) else None
        return t.name if isinstance(t, ir.RecordType) else None

    def _member(self, m: ir.Member) -> ir.Expr:
        struct = self._struct_of(m)
        if struct not in self.prefixes:
            return m
        base, member, names = self.prefixes[struct]
        if m.name not in names:
            return m
        inner = ir.Member(m.loc, ir.RecordType(base), m.base, member, m.arrow)
        return replace(m, base=inner, arrow=False)

    def _init_list(self, e: ir.InitList) -> ir.Expr:
        if not isinstance(e.type, ir.RecordType) or e.type.name not in self.prefixes:
            return e
        base, member, names = self.prefixes[e.type.name]
        k = len(self.records[base].fields)
        designators = e.designators or (None,) * len(e.items)
        if any(d is not None for d in designators):
            inside = [(x, d) for x, d in zip(e.items, designators) if d in names]
            rest = [(x, d) for x, d in zip(e.items, designators) if d not in names]
            first = ir.InitList(e.loc, ir.RecordType(base), tuple(x for x, _ in inside), tuple(d for _, d in inside))
            return replace(e, items=(first,) + tuple(x for x, _ in rest), designators=(member,) + tuple(d for _, d in rest))
        first = ir.InitList(e.loc, ir.RecordType(base), tuple(e.items[:k]), ())
        return replace(e, items=(first,) + tuple(e.items[k:]), designators=())
