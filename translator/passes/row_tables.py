"""`void **` and `void ***` parameters that hold the caller's row tables: the caller's element type in place of `void`.

Quinn's MyMPI.c (the matrix library of "Parallel Programming in C with MPI and OpenMP", which course codes copy)
reads a matrix of any element type into one block and builds a table of row pointers into it:

    void read_row_striped_matrix(char *s, void ***subs, void **storage, MPI_Datatype dtype, int *m, int *n, ...)
    {
        void **lptr; void *rptr;
        *storage = my_malloc(id, local_rows * *n * datum_size);
        *subs = (void **) my_malloc(id, local_rows * PTR_SIZE);
        lptr = (void *) &(*subs[0]);
        rptr = (void *) *storage;
        for (i = 0; i < local_rows; i++) { *(lptr++) = (void *) rptr; rptr += *n * datum_size; }
        ... fread(*storage, datum_size, ...); MPI_Send(*storage, ..., dtype, ...);
    }

and its callers pass `(void *) &a` of an `int **a` and `(void *) &storage` of an `int *storage`, then read
`a[i][j]`; `print_row_striped_matrix((void **) a, MPI_INT, ...)` hands the table back. A `void **` that holds the
caller's `int *` rows is an `int **` under another name: no cast inside reads its elements as anything but what the
caller stored (the datatype argument says which type, and MyMPI's `get_size` its size).

So each *family* of such slots that holds a table of rows (a `void ***` parameter, or a `void **` indexed, walked
with `++` or cast to a typed table; a `void **` out-parameter that only receives memory is generic_buffers.py's)
takes the caller's element type: the `void **`/`void ***` parameters, the `void *`,
`void **` locals and parameters joined with them by assignment, and the `void` parameters they are passed to of the
functions that take a table (`print_submatrix(a, ...)`, `link_rows(*a, storage, ...)`) are retyped with the type
the calls give (`int ***subs`, `int **storage`, `int **lptr`, `int *rptr`), before any other analysis, which then
sees a typed program (`ref Ptr<Ptr<int>> subs`). What GNU C's `void *` arithmetic meant stays: `rptr += k` on a
former `void *` counts bytes, so it becomes `rptr += k / sizeof(int)` (a whole number of elements wherever the
bytes are a multiple of the element, as MyMPI's `count * datum_size` always is; another count is rounded down, where
C would point inside an element). A cast the code writes to a table of another element type (`((double **) a)[i][j]`
on the `MPI_DOUBLE` branch of a table the caller gave as `int **`) is marked `checked`: the emission makes it the
runtime's check (Handle.As), so a branch that runs on the wrong type stops there naming the cast, where C would read
the memory as the wrong type.

A family whose calls give several element types (one `alloc_matrix(void ***a, ..., int size)` called for a `float **`
and an `int **` table) is written once per type, `alloc_matrix_float` and `alloc_matrix_int`, each call from outside
naming the copy its arguments pick and a call inside a copy the copy of its own type. A family no call from outside
reaches (the library's functions a program does not use) is typed as bytes, so that it compiles. A family is left as
it was (the usual `void *` treatment, or its error) when a call gives it no type it can tell (an untyped `void *`),
when one of its slots is returned, stepped with `++`/`--` as a `void *` (one byte in C), declared twice
in one function, or belongs to a function used as a value.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Dict, Optional, Set, Tuple

from .. import ir
from .queries import is_null_pointer

Key = Tuple[str, str]  # (function, parameter or local)

_SIZES = {"char": 1, "signed char": 1, "unsigned char": 1, "_Bool": 1, "short": 2, "unsigned short": 2, "int": 4,
          "unsigned int": 4, "long": 8, "unsigned long": 8, "long long": 8, "unsigned long long": 8, "float": 4,
          "double": 8}


def type_row_tables(tu: ir.TranslationUnit) -> ir.TranslationUnit:
    """`tu` with each family of `void` row-table slots given the element type its callers pass (module doc)."""
    functions = {f.name: f for f in tu.functions if f.body is not None}
    if not any(_void_depth(p.type) >= 2 for f in functions.values() for p in f.params):
        return tu  # (most programs: no walk of their bodies)
    values = _functions_used_as_values(tu)
    slots: Dict[Key, ir.CType] = {}
    twice: Set[str] = set()
    for f in functions.values():
        if f.name in values:
            continue
        for p in f.params:
            if _void_depth(p.type):
                slots[(f.name, p.name)] = p.type
        for d in ir.nodes_of(f.body, ir.VarDecl):
            if _void_depth(d.type) and d.storage is None and not d.is_param:
                if (f.name, d.name) in slots:
                    twice.add(f.name)
                slots[(f.name, d.name)] = d.type
    seeds = [k for k, t in slots.items() if _void_depth(t) >= 2 and any(p.name == k[1] for p in functions[k[0]].params)]
    if not seeds:
        return tu
    families = _Families(slots)
    for f in functions.values():
        if f.name not in values:
            families.join_in(f, functions)
    # the families that hold a table of rows: a `void **` out-parameter that only receives memory (posix_memalign's,
    # `*p = malloc(n)`) is generic_buffers.py's
    seed_roots = {families.find(k) for k in seeds} & {families.find(k) for k in families.tables}
    if not seed_roots:
        return tu
    types = families.element_types(functions, seed_roots)
    refused = {families.find(k) for k in slots if k[0] in twice} | families.refused
    chosen = {root: t for root, t in types.items() if root in seed_roots and root not in refused and t is not None}
    clones = _clones(families, functions, seed_roots - refused - set(chosen), values)
    if not chosen and not clones.types:
        return tu
    members: Dict[Key, ir.CType] = {k: chosen[families.find(k)] for k in slots if families.find(k) in chosen}
    changed: Dict[int, list] = {}
    for f in functions.values():
        if f.name in clones.functions:
            changed[id(f)] = [replace(_Retype(f, members, functions, clones, t).function(), name=clones.name(f.name, t))
                              for t in clones.types[clones.functions[f.name]]]
        elif any(k[0] == f.name for k in members) or _calls_any(f, members, clones):
            # (a function that holds no member is retyped too when it calls one: the callees' new types)
            changed[id(f)] = [_Retype(f, members, functions, clones).function()]
    return replace(tu, functions=tuple(g for f in tu.functions for g in changed.get(id(f), [f])),
                   order=tuple(g for x in tu.order for g in changed.get(id(x), [x])))


class _Clones:
    """The families whose calls give several element types (`alloc_matrix((void ***) &cost, ..., sizeof(float))`
    beside `alloc_matrix((void ***) &root, ..., sizeof(int))`): each of their functions is written once per type,
    `alloc_matrix_float` and `alloc_matrix_int`, and each call from outside names the one its arguments' type picks
    (a call inside a copy, the copy of the same type)."""

    def __init__(self, taken):
        self.types: Dict[Key, list] = {}  # family root -> its element types
        self.functions: Dict[str, Key] = {}  # function -> its family's root
        self.slots: Dict[Key, Key] = {}  # slot -> its family's root
        self.call_types: Dict[int, object] = {}  # id(call from outside) -> the element type it picks
        self.taken = set(taken)
        self.names: Dict[Tuple[str, str], str] = {}

    def name(self, function: str, element) -> str:
        key = (function, element.name)
        if key not in self.names:
            base = f"{function}_{element.name.replace(' ', '_')}"
            name = base
            while name in self.taken:
                name += "_"
            self.taken.add(name)
            self.names[key] = name
        return self.names[key]


def _clones(families: "_Families", functions, roots, values) -> _Clones:
    clones = _Clones(list(functions) + list(values))
    for root in sorted(roots):
        ts = families.found.get(root, set())
        if len(ts) < 2:
            continue
        own = {k[0] for k in families.slots if families.find(k) == root}
        # a function of two families, or whose other `void` slots another family holds: not copied
        if any(families.find(k) != root and families.find(k) in families.found for k in families.slots if k[0] in own):
            continue
        picks: Dict[int, object] = {}
        for f in functions.values():
            if f.name in own:
                continue
            for call in ir.nodes_of(f.body, ir.Call):
                g = _callee(call, functions)
                if g is None or g.name not in own:
                    continue
                given = {_given_type(a, _void_depth(p.type)) for p, a in zip(g.params, call.args)
                         if (g.name, p.name) in families.slots and families.find((g.name, p.name)) == root}
                given.discard(None)
                if len(given) != 1:
                    picks = None
                    break
                picks[id(call)] = next(iter(given))
            if picks is None:
                break
        if picks is None:
            continue
        clones.types[root] = sorted(ts, key=lambda t: t.name)
        for name in own:
            clones.functions[name] = root
        for k in families.slots:
            if families.find(k) == root:
                clones.slots[k] = root
        clones.call_types.update(picks)
    return clones


def _void_depth(t) -> int:
    """How many pointers lead to `void` in t (`void ***`: 3), 0 when t is no pointer to void."""
    depth = 0
    while isinstance(t, ir.PointerType):
        depth += 1
        t = t.pointee
    return depth if isinstance(t, ir.VoidType) else 0


def _pointer_depth(t) -> Tuple[int, object]:
    depth = 0
    while isinstance(t, ir.PointerType):
        depth += 1
        t = t.pointee
    return depth, t


def _retyped(t, element):
    """t with its `void` replaced by element, the pointers kept."""
    if isinstance(t, ir.PointerType):
        return replace(t, pointee=_retyped(t.pointee, element))
    return element if isinstance(t, ir.VoidType) else t


def _bare(e: ir.Expr) -> ir.Expr:
    while isinstance(e, (ir.Paren, ir.Cast)):
        e = e.inner if isinstance(e, ir.Paren) else e.operand
    return e


def _root(fn: str, e: ir.Expr, slots) -> Optional[Key]:
    """The slot an expression reaches through its casts, `*`, `&`, indexes, `++` and pointer arithmetic, or None."""
    while True:
        if isinstance(e, ir.Paren):
            e = e.inner
        elif isinstance(e, ir.Cast) and isinstance(e.type, ir.PointerType):
            e = e.operand
        elif isinstance(e, ir.Cast) and e.implicit:
            e = e.operand
        elif isinstance(e, ir.Unary) and e.op in ("*", "&", "pre++", "pre--", "post++", "post--"):
            e = e.operand
        elif isinstance(e, ir.Index):
            e = e.base
        elif isinstance(e, ir.Binary) and e.op in ("+", "-") and isinstance(e.type, ir.PointerType):
            e = e.lhs if isinstance(e.lhs.type, (ir.PointerType, ir.ArrayType)) else e.rhs
        elif isinstance(e, ir.Assign):
            e = e.target
        else:
            break
    if isinstance(e, ir.NameRef) and e.kind in ("local", "param") and (fn, e.name) in slots:
        return (fn, e.name)
    return None


def _callee(call: ir.Call, functions) -> Optional[ir.Function]:
    c = _bare(call.callee)
    return functions.get(c.name) if isinstance(c, ir.NameRef) and c.kind == "function" else None


class _Families:
    """A union-find over the slots: the slots joined by assignment, and a call's argument with the callee's
    `void **` parameter."""

    def __init__(self, slots):
        self.slots = slots
        self.parent: Dict[Key, Key] = {}
        self.refused: Set[Key] = set()  # roots (element_types), from the slots join_in refuses
        self._refused_slots: Set[Key] = set()
        self.called: Set[Key] = set()  # roots some call from outside the family gives an argument
        self.found: Dict[Key, Set] = {}  # root -> the element types the calls give (element_types)
        self.tables: Set[Key] = set()  # the `void **` slots used as tables of rows (indexed, walked, cast to one)

    def find(self, k: Key) -> Key:
        self.parent.setdefault(k, k)
        while self.parent[k] != k:
            self.parent[k] = self.parent[self.parent[k]]
            k = self.parent[k]
        return k

    def union(self, a: Key, b: Key) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[ra] = rb

    def join_in(self, f: ir.Function, functions) -> None:
        name = f.name
        for p in f.params:
            if _void_depth(p.type) >= 3:
                self.tables.add((name, p.name))  # `void ***subs`: a table handed back
        for node in ir.nodes_of(f.body, ir.Index, ir.Cast):
            # a `void **` indexed (`b[i] = b[i - 1] + k`) or read as a typed table (`((double **) a)[i][j]`): rows
            inner = node.base if isinstance(node, ir.Index) else node.operand
            k = _root(name, inner, self.slots)
            if k is not None and _void_depth(self.slots[k]) >= 2 and (
                    isinstance(node, ir.Index) or not node.implicit and _pointer_depth(node.type)[0] >= 2
                    and not _void_depth(node.type)):
                self.tables.add(k)
        for node in ir.nodes_of(f.body, ir.Assign, ir.VarDecl, ir.Call, ir.Return, ir.Unary):
            if isinstance(node, ir.VarDecl) and node.init is not None and (name, node.name) in self.slots:
                value = _root(name, node.init, self.slots)
                if value is not None:
                    self.union((name, node.name), value)
            elif isinstance(node, ir.Assign):
                target = _root(name, node.target, self.slots)
                value = _root(name, node.value, self.slots)
                if target is not None and value is not None and isinstance(node.target.type, ir.PointerType):
                    self.union(target, value)  # a pointer stored (`*(lptr++) = rptr`), not an element copied
                if target is not None and node.op in ("+=", "-=") and _void_depth(node.target.type) == 1 \
                        and not isinstance(node.value.type, ir.IntType):
                    self._refused_slots.add(target)
            elif isinstance(node, ir.Return) and node.value is not None:
                k = _root(name, node.value, self.slots)
                if k is not None:
                    self._refused_slots.add(k)  # the function's result would change type
            elif isinstance(node, ir.Unary) and node.op in ("pre++", "pre--", "post++", "post--") and \
                    _void_depth(node.operand.type) == 1:
                k = _root(name, node.operand, self.slots)
                if k is not None:
                    self._refused_slots.add(k)  # one byte in GNU C, one element once typed
            elif isinstance(node, ir.Unary) and node.op in ("pre++", "pre--", "post++", "post--") and \
                    _void_depth(node.operand.type) >= 2:
                k = _root(name, node.operand, self.slots)
                if k is not None:
                    self.tables.add(k)  # `*(lptr++) = rptr`: a walk along a table
            elif isinstance(node, ir.Call):
                g = _callee(node, functions)
                if g is None:
                    continue
                tables = any(_void_depth(p.type) >= 2 for p in g.params)
                for p, a in zip(g.params, node.args):
                    # a `void **` parameter, or a `void *` one of a function that takes a table too (`link_rows(*a,
                    # storage, ...)`): the argument's slot and the parameter hold the same memory
                    if (g.name, p.name) in self.slots and tables:
                        k = _root(name, a, self.slots)
                        if k is not None:
                            self.union(k, (g.name, p.name))

    def element_types(self, functions, roots) -> Dict[Key, Optional[object]]:
        """root -> the one element type the calls give its family's parameters (None: none, or several)."""
        self.refused = {self.find(k) for k in self._refused_slots}
        found: Dict[Key, Set] = {}
        for f in functions.values():
            for call in ir.nodes_of(f.body, ir.Call):
                g = _callee(call, functions)
                if g is None:
                    continue
                for p, a in zip(g.params, call.args):
                    key = (g.name, p.name)
                    if key not in self.slots or self.find(key) not in roots:
                        continue
                    root = self.find(key)
                    given = _given_type(a, _void_depth(p.type))
                    inside = _root(f.name, a, self.slots) is not None and self.find(_root(f.name, a, self.slots)) == root
                    if not inside:
                        self.called.add(root)
                    if given is not None:
                        found.setdefault(root, set()).add(given)
                    elif not (is_null_pointer(a) or inside):
                        self.refused.add(root)  # an untyped `void *` of some other origin
        self.found = found
        types = {root: next(iter(ts)) if len(ts) == 1 else None for root, ts in found.items()}
        for root in roots - self.called - self.refused:
            # no call from outside the family (MyMPI's functions a program does not use): dead code here, typed as
            # bytes so that it compiles
            types[root] = ir.IntType("unsigned char")
        return types


def _given_type(a: ir.Expr, depth: int):
    """The element type an argument gives a parameter of `depth` pointers to void: `(void *) &a` of an `int **a`
    for a `void ***` gives int; None when it is untyped (a `void *`) or of another depth."""
    e = a
    while isinstance(e, (ir.Paren, ir.Cast)):
        if isinstance(e, ir.Cast) and not (e.implicit or _void_depth(e.type)):
            break  # a cast to a typed pointer is what the argument is
        e = e.inner if isinstance(e, ir.Paren) else e.operand
    d, base = _pointer_depth(e.type)
    if d == depth and isinstance(base, (ir.IntType, ir.FloatType)) and base.name in _SIZES:
        return base
    return None


def _calls_any(f: ir.Function, members, clones: _Clones) -> bool:
    for call in ir.nodes_of(f.body, ir.Call):
        c = _bare(call.callee)
        if isinstance(c, ir.NameRef) and c.kind == "function" and \
                (c.name in clones.functions or any(k[0] == c.name for k in members)):
            return True
    return False


class _Retype:
    """One function with its members retyped, the expressions over them given their new types, and the calls of
    retyped functions their new parameter types."""

    def __init__(self, f: ir.Function, members: Dict[Key, object], functions, clones: _Clones, element=None):
        self.f = f
        self.members = members
        self.functions = functions
        self.clones = clones
        self.copy_element = element  # the element type of this copy of a function of a family written per type

    def element(self, name: str, function: Optional[str] = None, copy_element=None):
        key = (function or self.f.name, name)
        if key in self.clones.slots:
            return copy_element if function is not None else self.copy_element
        return self.members.get(key)

    def function(self) -> ir.Function:
        f = self.f
        params = tuple(replace(p, type=_retyped(p.type, self.element(p.name))) if self.element(p.name) is not None
                       else p for p in f.params)
        ftype = replace(f.type, params=tuple(p.type for p in params)) if params != f.params else f.type
        return replace(f, params=params, type=ftype, body=self.node(f.body))

    def node(self, n):
        if isinstance(n, ir.VarDecl):
            return self.decl(n)
        if isinstance(n, ir.Expr):
            return self.expr(n)
        return self.children(n)

    def children(self, n):
        return ir.with_children(n, self.node)

    def decl(self, d: ir.VarDecl) -> ir.VarDecl:
        element = self.element(d.name) if d.storage is None else None
        d = self.children(d)
        if element is None:
            return d
        t = _retyped(d.type, element)
        return replace(d, type=t, init=self.into(d.init, t) if d.init is not None else None)

    def into(self, value: ir.Expr, t) -> ir.Expr:
        """A value stored into a retyped slot of type t: a `void` pointer of another origin (an allocation, a cast
        of one) converted to t, as C converts it implicitly."""
        if value.type == t or not _void_depth(value.type) or is_null_pointer(value):
            return value
        e = value
        while isinstance(e, ir.Paren):
            e = e.inner
        if isinstance(e, ir.Cast) and not e.implicit and _void_depth(e.type):
            return replace(e, type=t)  # `(void **) my_malloc(...)` into an `int **`: `(int **) my_malloc(...)`
        return ir.Cast(value.loc, t, value, True)

    def expr(self, e: ir.Expr) -> ir.Expr:
        if isinstance(e, ir.NameRef):
            element = self.element(e.name) if e.kind in ("local", "param") else None
            return replace(e, type=_retyped(e.type, element)) if element is not None and _void_depth(e.type) else e
        if isinstance(e, ir.Call):
            return self.call(e)
        new = self.children(e)
        if isinstance(new, ir.Paren):
            return replace(new, type=new.inner.type) if new.inner.type != new.type else new
        if isinstance(new, ir.Cast):
            return self.cast(e, new)
        if isinstance(new, ir.Unary):
            t = new.operand.type
            if new.operand is e.operand or not isinstance(t, (ir.PointerType, ir.ArrayType)) and new.op in ("*",):
                return new
            if new.op == "*" and isinstance(t, ir.PointerType):
                return replace(new, type=t.pointee)
            if new.op == "&":
                return replace(new, type=ir.PointerType(t))
            if new.op in ("pre++", "pre--", "post++", "post--"):
                return replace(new, type=t)
            return new
        if isinstance(new, ir.Index):
            t = new.base.type
            return replace(new, type=t.pointee) if isinstance(t, ir.PointerType) and new.base is not e.base else new
        if isinstance(new, ir.Binary) and new.op in ("+", "-") and isinstance(e.type, ir.PointerType):
            return self.arithmetic(e, new)
        if isinstance(new, ir.Assign):
            return self.assign(e, new)
        if isinstance(new, ir.Conditional) and _void_depth(e.type) and new.then.type == new.otherwise.type and \
                new.then.type != e.type:
            return replace(new, type=new.then.type)
        return new

    def cast(self, old: ir.Cast, new: ir.Cast) -> ir.Expr:
        """A cast to a `void` pointer of a retyped value: the value itself when the family's type flows on (a
        `(void *) rptr` stored into the table); a cast to another typed pointer of a retyped value goes through
        `void *`, the runtime's checked cast."""
        inner = new.operand
        if inner is old.operand or not isinstance(inner.type, ir.PointerType) or _void_depth(inner.type):
            return new
        if _void_depth(new.type):
            return inner  # (void *) rptr, (void *) &(*subs[0]), (void **) a: the typed value flows on
        if new.type != inner.type and _pointer_depth(new.type)[0] >= 2:
            return replace(new, checked=True)  # `(double **) a` of a table the callers gave as `int **`
        return new

    def arithmetic(self, old: ir.Binary, new: ir.Binary) -> ir.Expr:
        """`p + k` / `p - k` of a former `void *` (GNU C: bytes) is k / sizeof(element) elements of the typed p."""
        ptr_side = "lhs" if isinstance(new.lhs.type, ir.PointerType) else "rhs"
        p_old, p_new = getattr(old, ptr_side), getattr(new, ptr_side)
        if p_new is p_old or not isinstance(p_new.type, ir.PointerType):
            return new
        other = new.rhs if ptr_side == "lhs" else new.lhs
        if _void_depth(p_old.type) == 1 and not _void_depth(p_new.type) and isinstance(other.type, ir.IntType):
            other = self.elements(other, p_new.type.pointee)
            new = replace(new, **{"rhs" if ptr_side == "lhs" else "lhs": other})
        return replace(new, type=p_new.type)

    def elements(self, count: ir.Expr, element) -> ir.Expr:
        size = _SIZES[element.name]  # (the family's element: a number, _given_type)
        if size == 1:
            return count
        long_t = ir.IntType("long")
        divisor = ir.SizeOf(count.loc, ir.IntType("unsigned long"), element, None, size)
        return ir.Binary(count.loc, long_t, "/", ir.Cast(count.loc, long_t, ir.Paren(count.loc, count.type, count), True),
                         ir.Cast(count.loc, long_t, divisor, True))

    def assign(self, old: ir.Assign, new: ir.Assign) -> ir.Expr:
        t = new.target.type
        if new.target is old.target or t == old.target.type:
            return new
        if new.op == "=":
            return replace(new, type=t, value=self.into(new.value, t))
        if new.op in ("+=", "-=") and _void_depth(old.target.type) == 1 and isinstance(t, ir.PointerType) and \
                isinstance(new.value.type, ir.IntType):
            return replace(new, type=t, value=self.elements(new.value, t.pointee))
        return replace(new, type=t)

    def call(self, e: ir.Call) -> ir.Expr:
        args = tuple(self.node(a) for a in e.args)
        callee = _bare(e.callee)
        g = self.functions.get(callee.name) if isinstance(callee, ir.NameRef) and callee.kind == "function" else None
        copy = None
        if g is not None and g.name in self.clones.functions:
            # a copy per element type: the caller's own (a copy calling its family), else the one the arguments pick
            copy = self.copy_element if self.f.name in self.clones.functions else self.clones.call_types.get(id(e))
        elements = [self.element(p.name, g.name, copy) for p in g.params] if g is not None else []
        if any(t is not None for t in elements):
            params = [_retyped(p.type, t) if t is not None else p.type for p, t in zip(g.params, elements)]
            args = tuple(self.argument(a, params[i]) if i < len(params) and elements[i] is not None else a
                         for i, a in enumerate(args))
            ftype = replace(g.type, params=tuple(params))
            name = self.clones.name(g.name, copy) if copy is not None else None
            return replace(e, callee=self.callee_with(e.callee, ftype, name), args=args)
        if any(a is not b for a, b in zip(args, e.args)):
            return replace(e, callee=self.node(e.callee), args=args)
        return e

    def argument(self, a: ir.Expr, t) -> ir.Expr:
        """An argument of a retyped parameter: `(void *) &a` of an `int **a` for an `int ***` is `&a`."""
        e = a
        while isinstance(e, (ir.Paren, ir.Cast)) and (isinstance(e, ir.Paren) or e.implicit or _void_depth(e.type)):
            e = e.inner if isinstance(e, ir.Paren) else e.operand
        if e.type == t:
            return e
        return a if is_null_pointer(a) else ir.Cast(a.loc, t, a, True)

    def callee_with(self, callee: ir.Expr, ftype: ir.FunctionType, name: Optional[str]) -> ir.Expr:
        if isinstance(callee, ir.NameRef):
            return replace(callee, type=ftype, name=name or callee.name)
        if isinstance(callee, ir.Cast) and callee.implicit:
            inner = self.callee_with(callee.operand, ftype, name)
            t = ir.PointerType(ftype) if isinstance(callee.type, ir.PointerType) else ftype
            return replace(callee, operand=inner, type=t)
        if isinstance(callee, ir.Paren):
            inner = self.callee_with(callee.inner, ftype, name)
            return replace(callee, inner=inner, type=inner.type)
        return callee


def _functions_used_as_values(tu: ir.TranslationUnit) -> Set[str]:
    """The program's functions named other than as a call's callee (stored in or passed as function pointers)."""
    called: Set[int] = set()
    used: Set[str] = set()
    roots = [g.init for g in tu.globals if g.init is not None] + [f.body for f in tu.functions if f.body is not None]
    for root in roots:
        for call in ir.nodes_of(root, ir.Call):
            c = _bare(call.callee)
            if isinstance(c, ir.NameRef) and c.kind == "function":
                called.add(id(c))
        for n in ir.nodes_of(root, ir.NameRef):
            if n.kind == "function" and id(n) not in called:
                used.add(n.name)
    return used
