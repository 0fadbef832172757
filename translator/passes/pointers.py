"""Which C pointers become plain arrays and which become `Ptr<T>` (array + offset).

DESIGN: a pointer that only ever points at the start of a buffer is a `T[]`;
one that moves is a `Ptr<T>`. A *slot* is a place that holds a pointer and is
declared in C#: a variable, a parameter, a function's result. Slots joined by
assignment, argument passing or return must share one representation, so the
analysis is a union-find over slots: a class becomes `Ptr<T>` when any member
moves (`p++`, `p += k`), is compared or subtracted as a position, or receives
a value that may point into the middle of a buffer (`p + k`, `&a[i]`, a cast
from `void *`). Pointers stored inside other objects (array elements, struct
fields, the pointee of `T **`) are always `Ptr<T>`.

The same walk finds the variables whose address is taken outside MPI and
library calls (`f(&x)`, `int *p = &x`): those become one-element arrays, so
`&x` is simply the array (the address may outlive the call: DESIGN's
"a one-element array where it must outlive the call").
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Set, Tuple

from .. import ir
from .queries import flexible_member, is_null_pointer, split_marker_choice
from ..rules import load as load_rules

SlotKey = Tuple[str, str, str]  # ("var", function or "", name) | ("ret", function, "")

ARRAY, PTR = "array", "ptr"


def _fresh_buffers() -> frozenset:
    """Library functions whose result is a new buffer at its start (malloc, strdup, ...): an array."""
    return load_rules().names("allocates", ("new", "copy"))


def strip(e: ir.Expr) -> ir.Expr:
    """The expression without parentheses, implicit casts and macro names (`NULL` is its expansion)."""
    while True:
        if isinstance(e, ir.Paren):
            e = e.inner
        elif isinstance(e, ir.MacroRef) and e.expansion is not None:
            e = e.expansion
        elif isinstance(e, ir.Cast) and e.implicit:
            e = e.operand
        else:
            return e


def is_pointer(t) -> bool:
    return isinstance(t, ir.PointerType)


def field_root(e: ir.Expr) -> ir.Expr:
    """The struct a field access starts from: `s` in `s.a.b`, `a[i]` in `a[i].f`, `p->f` itself
    (a Member with arrow: the struct is wherever p points)."""
    e = strip(e)
    while isinstance(e, ir.Member) and not e.arrow:
        e = strip(e.base)
    return e


def struct_array_of(index: ir.Index) -> Optional[ir.Member]:
    """The struct field `s.arr` under `s.arr[i]` or `s.arr[i][j]` (a fixed array inside a struct)."""
    base = strip(index.base)
    while isinstance(base, ir.Index):
        base = strip(base.base)
    return base if isinstance(base, ir.Member) and isinstance(base.type, ir.ArrayType) else None


def slot_of_name(fn_name: Optional[str], e: ir.NameRef) -> Optional[SlotKey]:
    if e.kind in ("local", "param", "static_local"):
        return ("var", fn_name or "", e.name)
    if e.kind == "global":
        return ("var", "", e.name)
    return None


def _array_field_element_holder(address: ir.Unary, parent) -> Optional[ir.NameRef]:
    """p of `&p->arr[k]` given to an MPI function's array parameter (CSC's heat equation: `MPI_Waitall(4,
    &parallel->requests[0], ...)`): cMPI takes the elements as an array, which the field of a `ref` parameter (an
    inline array) is not, so p stays a pointer. None for anything else (`&p->req[k]` to MPI_Irecv's one request)."""
    element = strip(address.operand)
    if not (isinstance(element, ir.Index) and isinstance(parent, ir.Call) and _callee_name(parent) is not None):
        return None
    rule = load_rules().mpi.get(_callee_name(parent))
    at = next((j for j, a in enumerate(parent.args) if strip(a) is address), None)
    if rule is None or rule.params is None or at is None or at >= len(rule.params) or rule.params[at] != "value":
        return None
    holder = field_root(strip(element.base))
    base = strip(holder.base) if isinstance(holder, ir.Member) and holder.arrow else None
    return base if isinstance(base, ir.NameRef) and base.kind == "param" else None


@dataclass
class PointerPlan:
    parent: Dict[SlotKey, SlotKey] = field(default_factory=dict)
    moved: Set[SlotKey] = field(default_factory=set)
    boxed: Set[SlotKey] = field(default_factory=set)  # variables whose address is taken
    # A `void *` variable or parameter takes the one type the code casts it to (a qsort comparator's
    # `const void *a` is only ever read as `const int *`): void_types[slot] = that pointee type.
    void_casts: Dict[SlotKey, Set] = field(default_factory=dict)
    # Pointer parameters used only as `*p`, `p[0]` or `p->f` (out-parameters): C# `ref T p`.
    ref_params: Set[SlotKey] = field(default_factory=set)
    # Pointee types some pointer of the program may view rather than index (a struct field, an array inside
    # a struct, memory read as another type: PointerView). A Ptr to any other type has an array of its own.
    view_pointees: Set = field(default_factory=set)
    # `void *` parameters that only carry MPI buffers: slot -> the type parameter of their generic method, and
    # function -> [(parameter index, type parameter)] (generic_buffers.py)
    generic_buffers: Dict[SlotKey, str] = field(default_factory=dict)
    type_parameters: Dict[str, List[Tuple[int, str]]] = field(default_factory=dict)
    # `void *` results that only hand out fresh memory (`void *xmalloc(size_t)`): function -> the type parameter
    # its callers name with the pointer type they convert the result to (generic_buffers.py)
    result_type_parameters: Dict[str, str] = field(default_factory=dict)
    # (function, type parameter) of the generic buffers that reach an MPI call: `where T : unmanaged`
    unmanaged_type_parameters: Set[Tuple[str, str]] = field(default_factory=set)
    # `void *` slots that are opaque handles though a cast gives them a type: the parameters and results of
    # functions stored in function-pointer fields (void_handles.py), and the roots of their classes
    # functions used as values (stored in function pointers, given as callbacks): a delegate names its types, so
    # their `void *` parameters and results take no type parameter (generic_buffers.py)
    function_values: Set[str] = field(default_factory=set)
    handles: Set[SlotKey] = field(default_factory=set)
    handle_roots: frozenset = frozenset()
    # `void *` slots that only ever carry an integer cast in and out (`(void *)i`, `(long)arg`): C# nint
    # (void_integers.py)
    integer_slots: frozenset = frozenset()
    integer_casts: frozenset = frozenset()  # where a `(void *)n` goes into such a slot (its Cast's loc)

    def carries_integer(self, k: SlotKey) -> bool:
        return k in self.integer_slots

    def is_handle(self, k: SlotKey) -> bool:
        return k in self.handles or (bool(self.handle_roots) and self.find(k) in self.handle_roots)

    def may_be_view(self, pointee) -> bool:
        return pointee in self.view_pointees

    def is_ref_param(self, k) -> bool:
        return k in self.ref_params

    def void_type(self, k: SlotKey):
        """The one type a `void *` is read as; unsigned char (its bytes) when it is read as several
        primitive types (a work buffer: `(double *)buf`, `(int *)buf`), each cast then a view of them."""
        # the casts of every slot joined with k (`void *p = buf; f(p)` with f casting its parameter)
        root = self.find(k)
        if root in self.handle_roots:
            return None  # joined with a handle: cast back at each use (void_handles.py)
        types = set()
        for slot, cast_to in self.void_casts.items():
            if slot == k or self.find(slot) == root:
                types |= cast_to
        if not types:
            return None
        if len(types) == 1:
            return next(iter(types))
        numbers = [t for t in types if isinstance(t, (ir.IntType, ir.FloatType)) and
                   not (isinstance(t, ir.FloatType) and t.name == "long double")]
        # a message of a header struct and numbers after it (graph500's aml.c: `struct hdr *h = m;` then
        # `m + sizeof(struct hdr)`): bytes too, each struct cast a view of them when the struct holds numbers only
        # (pointer_exprs.py); structs alone are not (an opaque handle cast to one struct or another)
        if numbers and all(t in numbers or (isinstance(t, ir.RecordType) and not t.is_union) for t in types):
            return ir.IntType("unsigned char")
        return None

    def function_source(self, k: SlotKey) -> Optional[str]:
        """A C function stored in the function-pointer slot k (`cmp_fn order = desc`), or None: a delegate whose
        C type has `void *` parameters takes that function's parameter types (a comparator's `const void *` read
        as `const int *`). The slots joined by assignment hold functions of one signature."""
        root = self.find(k)
        names = sorted(slot[1] for slot in self.parent if slot[0] == "fn" and self.find(slot) == root)
        return names[0] if names else None

    def find(self, k: SlotKey) -> SlotKey:
        self.parent.setdefault(k, k)
        while self.parent[k] != k:
            self.parent[k] = self.parent[self.parent[k]]
            k = self.parent[k]
        return k

    def union(self, a: SlotKey, b: SlotKey) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[ra] = rb
            if ra in self.moved:
                self.moved.add(rb)

    def mark(self, k: SlotKey) -> None:
        self.moved.add(self.find(k))

    def rep(self, k: SlotKey) -> str:
        return PTR if self.find(k) in self.moved else ARRAY

    def is_boxed(self, k: Optional[SlotKey]) -> bool:
        return k is not None and k in self.boxed


class _Analysis:
    def __init__(self, tu: ir.TranslationUnit, library_calls_take_refs):
        self.plan = PointerPlan()
        self.tu = tu
        self.fn: Optional[str] = None
        self.functions = {f.name: f for f in tu.functions}
        self.library_calls_take_refs = library_calls_take_refs

    # A value's shape: a slot, or ARRAY (starts a buffer), or PTR (may point inside one).
    def shape(self, e: ir.Expr):
        if _reinterprets(e) or self.points_to_flexible(e.type):
            # a view of another type's buffer (Ptr.Reinterpret), never the array itself; a struct with a flexible
            # array member lives in a block of bytes (runtime Flexible)
            return PTR
        e = strip(e)
        if isinstance(e, ir.NameRef):
            if e.kind == "function" and e.name in self.functions:
                return ("fn", e.name, "")  # a function as a value: joins the function-pointer slots it reaches
            if isinstance(e.type, ir.ArrayType):
                return ARRAY
            if e.kind == "library" and is_pointer(e.type) and isinstance(e.type.pointee, (ir.IntType, ir.FloatType)):
                # a library's variable (getopt's `optarg`): it points into memory of the library's choosing (an
                # argument past its `-o`), not at the start of an array, so a variable given it is a Ptr
                return PTR
            k = slot_of_name(self.fn, e)
            return k if k is not None and is_pointer(e.type) else ARRAY
        if isinstance(e, ir.Cast):
            inner = strip(e.operand)
            if isinstance(inner, ir.IntLit):
                return ARRAY  # NULL
            src = inner.type
            if is_pointer(src) and is_pointer(e.type) and _same_pointee(src, e.type):
                return self.shape(inner)
            if isinstance(src, ir.ArrayType) and (isinstance(inner, ir.Member) or
                                                  isinstance(inner, ir.Index) and struct_array_of(inner) is not None):
                return PTR  # a struct's array or a row of it: a view into the struct (Ptr.ToArrayField)
            if isinstance(src, ir.ArrayType):
                return ARRAY  # (an array read as another element type was caught by _reinterprets)
            if isinstance(inner, ir.Call) and _callee_name(inner) in _fresh_buffers():
                return ARRAY
            return PTR
        if isinstance(e, ir.Call):
            name = _callee_name(e)
            if name in self.functions:
                return ("ret", name, "")
            return ARRAY if name in _fresh_buffers() else PTR
        if isinstance(e, ir.Binary) and e.op in ("+", "-"):
            return PTR
        if isinstance(e, ir.Unary):
            if e.op == "&":
                target = strip(e.operand)
                if isinstance(target, ir.Index):
                    idx = strip(target.index)
                    if isinstance(idx, ir.IntLit) and idx.value == 0 and isinstance(strip(target.base).type,
                                                                                   (ir.ArrayType, ir.PointerType)):
                        return self.shape(target.base)
                    return PTR
                if isinstance(target, ir.Unary) and target.op == "*":
                    return self.shape(target.operand)
                if isinstance(target, ir.Member):
                    return PTR  # a field: reached through its struct (Ptr.ToField)
                return ARRAY  # a boxed variable
            return PTR
        if isinstance(e, ir.Conditional):
            a, b = self.shape(e.then), self.shape(e.otherwise)
            if isinstance(a, tuple) and isinstance(b, tuple):
                self.plan.union(a, b)
                return a
            if PTR in (a, b):
                for s in (a, b):
                    if isinstance(s, tuple):
                        self.plan.mark(s)
                return PTR
            return a if isinstance(a, tuple) else b
        if isinstance(e, ir.Assign):
            return self.shape(e.target)
        if isinstance(e, (ir.StringLit, ir.IntLit)):
            return ARRAY
        return PTR  # elements of pointer arrays, fields, *pp: always Ptr<T>

    def points_to_flexible(self, t) -> bool:
        return is_pointer(t) and isinstance(t.pointee, ir.RecordType) and \
            flexible_member(self.tu.records, t.pointee) is not None

    def flow(self, dst, src) -> None:
        """A value of shape `src` is stored into slot `dst`."""
        if not isinstance(dst, tuple):
            return
        if isinstance(src, tuple):
            self.plan.union(dst, src)
        elif src == PTR:
            self.plan.mark(dst)

    def moved(self, e: ir.Expr) -> None:
        s = self.shape(e)
        if isinstance(s, tuple):
            self.plan.mark(s)

    # ------------------------------------------------------------ walk

    def _retyped_arguments(self) -> Set[Tuple[str, str]]:
        """(function, parameter) pairs that some call passes a pointer to another type (`int *` given
        an `unsigned *`, C warns): the callee sees a view of the caller's buffer, never a `ref`."""
        out = set()
        for f in self.tu.functions:
            if f.body is None:
                continue
            for node in ir.nodes_of(f.body, ir.Call):
                fn = self.functions.get(_callee_name(node))
                if fn is None:
                    continue
                for p, a in zip(fn.params, node.args):
                    if is_pointer(p.type) and _reinterprets(a) and not _is_void_pointer_pointer(p.type) and \
                            not _out_pointer_argument(p.type, a):
                        # clang's implicit conversion to p's type (a `void **` takes any `T **`: generic_buffers.py)
                        out.add((fn.name, p.name))
        return out

    def functions_used_as_values(self) -> Set[str]:
        """The program's functions named other than as a call's callee: stored in or passed as function pointers,
        whose delegate types say Ptr<T> for every pointer parameter and result (types.py)."""
        used: Set[str] = set()
        # A name a call calls directly is no value, nor an MPI call's callback (the runtime's adapter takes refs:
        # mpi.py): the other uses of the program's functions, in the bodies' indexes (ir.nodes_of: no recursive
        # walk of every node). A callee or callback argument under its parentheses and casts holds no other name.
        called: Set[int] = set()
        roots = [g.init for g in self.tu.globals if g.init is not None] + \
                [f.body for f in self.tu.functions if f.body is not None]
        for root in roots:
            for call in ir.nodes_of(root, ir.Call):
                callee = _callee_name(call)
                if callee in self.functions:
                    called.add(id(strip(call.callee)))
                elif callee is not None and callee.startswith("MPI_"):
                    for a in call.args:
                        f = strip(a)
                        while isinstance(f, ir.Cast):  # `(MPI_Comm_errhandler_function *)handler`
                            f = strip(f.operand)
                        if isinstance(f, ir.NameRef) and f.kind == "function" and f.name in self.functions:
                            self.mpi_callbacks.add(f.name)
                            called.add(id(f))
            for name in ir.nodes_of(root, ir.NameRef):
                if name.kind == "function" and name.name in self.functions and id(name) not in called:
                    used.add(name.name)
        return used

    def find_ref_params(self) -> None:
        """Parameters that are only dereferenced: the callee uses them during the call only."""
        retyped = self._retyped_arguments()
        # (function, parameter) -> its uses (each True when only *p), and the parameters it is passed on to as it is
        # (`g(p)`: p is a ref parameter when g's is one, `g(ref p)`)
        seen_of: Dict[SlotKey, List[bool]] = {}
        passed_to: Dict[SlotKey, List[SlotKey]] = {}
        for f in self.tu.functions:
            if f.body is None or f.name == "main" or f.name in self.function_values:
                continue  # a function pointer's delegate takes pointers, not refs
            candidates = {p.name for p in f.params if is_pointer(p.type)
                          and not isinstance(p.type.pointee, (ir.VoidType, ir.FunctionType, ir.ArrayType))
                          and (f.name, p.name) not in retyped and not self.points_to_flexible(p.type)}
            uses: Dict[str, List[bool]] = {n: [] for n in candidates}

            def walk(node, parent):
                cls = node.__class__
                if cls not in _REF_PARAM_FACTS:  # (issue 28: most nodes; what the rest of this function does to them)
                    if cls not in _LEAVES:
                        context = parent if cls is ir.Paren or (cls is ir.Cast and node.implicit) else node
                        for x in ir.children(node):
                            walk(x, context)
                    return
                if isinstance(node, ir.Unary) and node.op == "&":
                    # `&p->f` builds a pointer from p: p must stay a pointer, not a `ref` parameter
                    root = field_root(node.operand)
                    # (`&(*p).f` is `&p->f` spelt with a star)
                    if isinstance(root, ir.Member) and root.arrow or isinstance(root, ir.Unary) and root.op == "*":
                        base = strip(root.base if isinstance(root, ir.Member) else root.operand)
                        if isinstance(base, ir.NameRef) and base.kind == "param" and base.name in uses:
                            uses[base.name].append(False)
                    held = _array_field_element_holder(node, parent)
                    if held is not None and held.name in uses:
                        uses[held.name].append(False)
                holder = field_root(node) if isinstance(node, ir.Member) else None
                if isinstance(holder, ir.Member) and holder.arrow and isinstance(node.type, ir.ArrayType):
                    # `p->arr` or `p->s.arr` as a pointer (`p->arr + k`, an argument) reaches into *p: p stays a
                    # pointer
                    base = strip(holder.base)
                    if isinstance(base, ir.NameRef) and base.kind == "param" and base.name in uses and \
                            not (isinstance(parent, ir.Index) and strip(parent.base) is node):
                        uses[base.name].append(False)
                rule = load_rules().function(_callee_name(node)) if isinstance(node, ir.Call) and \
                    _callee_name(node) is not None else None
                if rule is not None and rule.params is not None:
                    for k, x in enumerate(node.args):
                        if k < len(rule.params) and rule.params[k] == "address":
                            # MPI_Get_address((void *)&p[0], ...) names the address of p's memory, which only the
                            # array p points into holds (csrio-mpiio.c's `const int my_ja[]`): p stays a pointer
                            held = _without_casts(x)
                            if isinstance(held, ir.Unary) and held.op == "&" and isinstance(strip(held.operand), ir.Index):
                                held = _without_casts(strip(held.operand).base)
                            if isinstance(held, ir.NameRef) and held.kind == "param" and held.name in uses:
                                uses[held.name].append(False)
                into = load_rules().allocation_out(_callee_name(node)) if isinstance(node, ir.Call) and \
                    _callee_name(node) is not None else None
                if into is not None and into < len(node.args):
                    # posix_memalign(p, ...), MPI_Alloc_mem(n, info, p) with p a `void **` (or `(void **)p`)
                    # parameter stores through p: *p = ...
                    out = _without_casts(node.args[into])
                    if isinstance(out, ir.NameRef) and out.kind == "param" and out.name in uses:
                        uses[out.name].append(True)
                        for k, x in enumerate(node.args):
                            if k != into:
                                walk(x, node)
                        return
                if isinstance(node, ir.Call) and _callee_name(node) in self.functions and \
                        _callee_name(node) not in self.function_values:
                    callee = self.functions[_callee_name(node)]
                    for j, a in enumerate(node.args):
                        arg = strip(a)
                        if isinstance(arg, ir.NameRef) and arg.kind == "param" and arg.name in uses and \
                                j < len(callee.params) and _unqual(callee.params[j].type) == _unqual(arg.type):
                            passed_to.setdefault(("var", f.name, arg.name), []).append(
                                ("var", callee.name, callee.params[j].name))
                        else:
                            walk(a, node)
                    return
                if isinstance(node, ir.NameRef) and node.kind == "param" and node.name in uses:
                    ok = (isinstance(parent, ir.Unary) and parent.op == "*") or \
                         (isinstance(parent, ir.Member) and parent.arrow) or \
                         (isinstance(parent, ir.Index) and strip(parent.base) is node and
                          isinstance(strip(parent.index), ir.IntLit) and strip(parent.index).value == 0)
                    uses[node.name].append(ok)
                    return
                # implicit casts and parentheses do not change the context
                context = parent if isinstance(node, ir.Paren) or \
                    (isinstance(node, ir.Cast) and node.implicit) else node
                for x in ir.children(node):
                    walk(x, context)

            if uses:  # (the walk records facts of these parameters only)
                walk(f.body, None)
            for name, seen in uses.items():
                seen_of[("var", f.name, name)] = seen
                if f.name in self.mpi_callbacks:
                    seen.append(True)  # an MPI callback's adapter passes every pointer by ref, used or not
        # A parameter passed on as it is is a ref parameter when the one it is passed to is; a parameter its function
        # never uses takes a ref from such a caller as well as anything (`allocate_device_buffer(char **buffer)`
        # whose body the preprocessor emptied): the largest such set, dropping until stable.
        # (a C# ref cannot be null: a parameter some call passes NULL to, which C only writes when asked, stays a pointer)
        given_null = self._params_given_null()
        base = {k for k, seen in seen_of.items() if all(seen) and (seen or passed_to.get(k)) and k not in given_null}
        refs = set(base)
        while True:
            unused = {t for k in refs for t in passed_to.get(k, []) if t in seen_of and not seen_of[t]
                      and not passed_to.get(t)}
            kept = {k for k in base if all(t in refs or t in unused for t in passed_to.get(k, []))}
            if kept | unused == refs:
                break
            refs = kept | unused
        self.plan.ref_params |= refs

    def _params_given_null(self) -> Set[SlotKey]:
        """The pointer parameters of the program's functions that some call passes NULL (or 0) to: `parse_args(argc,
        argv, NULL, &n, NULL)` of Quinn's exercises, whose `int *d` the callee sets only for a `-d` option."""
        found: Set[SlotKey] = set()
        for f in self.tu.functions:
            if f.body is None:
                continue
            for node in ir.nodes_of(f.body, ir.Call):  # (the body's index: no recursive walk of every node)
                callee = self.functions.get(_callee_name(node))
                if callee is None:
                    continue
                for j, a in enumerate(node.args):
                    if j < len(callee.params) and is_null_pointer(a):
                        found.add(("var", callee.name, callee.params[j].name))
        return found

    def run(self) -> PointerPlan:
        self.mpi_callbacks: Set[str] = set()
        self.function_values = self.functions_used_as_values() - self.mpi_callbacks
        self.plan.function_values = set(self.function_values)
        self.find_ref_params()
        for g in self.tu.globals:
            if g.init is not None:
                self.fn = None
                self.decl(g)
        for f in self.tu.functions:
            self.fn = f.name
            if f.body is not None:
                self.visit(f.body)
        self.fn = None
        self.join_stored_functions()
        self.typed_void_results()
        # A function used as a function pointer takes and returns what the delegate type says: Ptr<T>.
        for name in self.function_values:
            fn = self.functions[name]
            for p in fn.params:
                if is_pointer(p.type):
                    self.plan.mark(("var", name, p.name))
            if is_pointer(fn.type.result):
                self.plan.mark(("ret", name, ""))
        # A pointer variable whose address is taken is stored inside another object (its box):
        # pointers there are always Ptr<T>.
        for k in list(self.plan.boxed):
            self.plan.mark(k)
        # A `void *` given one type is declared Ptr<T> (the runtime hands comparators Ptr<T>).
        for k in self.plan.void_casts:
            if self.plan.void_type(k) is not None:
                self.plan.mark(k)
        self.plan.view_pointees = self.view_pointees()
        return self.plan

    def join_stored_functions(self) -> None:
        """Functions stored in one function pointer (or in pointers joined by assignment) are called through one
        delegate type (PointerPlan.function_source): their `void *` parameters at each position, and their results,
        become one slot class, so that the type one of them reads (`*(const int *)a`) is every one's, and a
        parameter none of them reads takes its siblings' type (fuzz seed 8 input 2519: a comparator that ignores
        its first parameter gave the delegate a type parameter of its own, CS0246)."""
        stored: Dict[SlotKey, List[str]] = {}
        for slot in list(self.plan.parent):
            if slot[0] == "fn":
                stored.setdefault(self.plan.find(slot), []).append(slot[1])
        for names in stored.values():
            fns = [self.functions[n] for n in sorted(set(names)) if n in self.functions]
            if len(fns) < 2 or len({len(f.params) for f in fns}) != 1:
                continue
            first = fns[0]
            for other in fns[1:]:
                for p, q in zip(first.params, other.params):
                    if _is_void_pointer_type(p.type) and _is_void_pointer_type(q.type):
                        self._join_marked(("var", first.name, p.name), ("var", other.name, q.name))
                if _is_void_pointer_type(first.type.result) and _is_void_pointer_type(other.type.result):
                    self._join_marked(("ret", first.name, ""), ("ret", other.name, ""))

    def _join_marked(self, a: SlotKey, b: SlotKey) -> None:
        """union, keeping a mark either class had (a mark is kept on a class's root)."""
        moved = self.plan.rep(a) == PTR or self.plan.rep(b) == PTR
        self.plan.union(a, b)
        if moved:
            self.plan.mark(a)

    def typed_void_results(self) -> None:
        """A `void *` result that every return gives as one pointer type or NULL (a thread function's
        `char *ret = NULL; ... return ret;` or `return 0;`): the result is that type. Results that are only
        fresh memory or NULL are generic_buffers.py's (`void *xmalloc(size_t)`), unless the function is a value."""
        for fn in self.tu.functions:
            result = fn.type.result
            if fn.body is None or not (is_pointer(result) and isinstance(result.pointee, ir.VoidType)):
                continue
            types = set()
            for node in ir.nodes_of(fn.body, ir.Return):
                if node.value is not None:
                    v = strip(node.value)
                    while isinstance(v, ir.Cast) and is_pointer(v.type) and isinstance(v.type.pointee, ir.VoidType):
                        v = strip(v.operand)
                    if is_null_pointer(v):
                        continue
                    if is_pointer(v.type) and not isinstance(v.type.pointee, ir.VoidType):
                        types.add(v.type.pointee)
                    else:
                        types.add(None)
            if len(types) == 1 and None not in types:
                self.plan.void_casts.setdefault(("ret", fn.name, ""), set()).update(types)
            elif not types and fn.name in self.function_values:
                # only NULL, from a function passed as a value (`return NULL;` of a thread function): a delegate
                # has no type parameter to name, so the result is bytes
                self.plan.void_casts.setdefault(("ret", fn.name, ""), set()).add(ir.IntType("unsigned char"))

    def view_pointees(self) -> Set:
        """The pointee types of every expression that makes a view (pointer_exprs: Ptr.ToField,
        Ptr.ToArrayField, Ptr.Reinterpret), and of the bytes of `void *` buffers read as several types.
        A view flows anywhere a pointer of its type may go (elements, fields, library results), so this
        is per type, not per slot."""
        out = set()
        for k, cast_to in self.plan.void_casts.items():
            if isinstance(self.plan.void_type(k), ir.IntType) and self.plan.void_type(k).name == "unsigned char" \
                    and len(cast_to) > 1:
                out |= cast_to | {self.plan.void_type(k)}
        roots = [g.init for g in self.tu.globals if g.init is not None] + \
                [f.body for f in self.tu.functions if f.body is not None]
        for root in roots:
            for node in ir.nodes_of(root, ir.Unary, ir.Cast):
                if isinstance(node, ir.Unary) and node.op == "&" and is_pointer(node.type):
                    target = strip(node.operand)
                    if isinstance(target, ir.Index) and struct_array_of(target) is not None:
                        target = struct_array_of(target)
                    if isinstance(target, ir.Member):
                        out.add(node.type.pointee)
                elif isinstance(node, ir.Cast) and is_pointer(node.type):
                    inner = strip(node.operand)
                    if (isinstance(inner, ir.Member) and isinstance(inner.type, ir.ArrayType)) or _reinterprets(node) or \
                            isinstance(inner, ir.Index) and isinstance(inner.type, ir.ArrayType) and \
                            struct_array_of(inner) is not None:  # a row of a struct's 2-D array
                        out.add(node.type.pointee)
                        if is_pointer(node.type.pointee) and not isinstance(node.type.pointee.pointee, ir.VoidType) \
                                and is_pointer(inner.type) and is_pointer(inner.type.pointee):
                            # `(char **)&p` of a `uint64_t *p`: the out-parameter may store memory of its own type
                            # there (an aligned place in a char pool), which p then reads as uint64_t: a view.
                            # (`(void **)&p` gets fresh memory of p's type: posix_memalign, generic_buffers.py)
                            out.add(inner.type.pointee.pointee)
        for rec in self.tu.records:
            member = flexible_member(self.tu.records, rec)
            if member is not None:
                # a struct with a flexible array member and its elements are read in place in a block of bytes
                out |= {ir.RecordType(rec.name), member.type.element}
        # (`(void **)&p` views no memory: p itself is given to a `void **` out-parameter)
        return {t for t in out if isinstance(t, (ir.IntType, ir.FloatType, ir.RecordType, ir.PointerType))
                and not (isinstance(t, ir.PointerType) and isinstance(t.pointee, ir.VoidType))}

    def decl(self, d: ir.VarDecl) -> None:
        if d.init is None:
            return
        self.visit(d.init)
        if is_pointer(d.type):
            self.flow(("var", self.fn or "", d.name), self.shape(d.init))  # a global's key has no function

    def _box_struct_of(self, member: ir.Member) -> None:
        """`&s.f` or `s.arr` as a pointer: the variable s is what must have an address."""
        root = field_root(member)
        if isinstance(root, ir.NameRef) and not isinstance(root.type, ir.ArrayType):
            k = slot_of_name(self.fn, root)
            if k is not None:
                self.plan.boxed.add(k)

    def visit(self, node) -> None:
        """The facts of node and of everything under it (a handler per class, below; the other classes: their
        children's)."""
        handler = _VISITS.get(type(node))
        if handler is not None:
            handler(self, node)
        elif node.__class__ not in _LEAVES:
            for x in ir.children(node):
                self.visit(x)

    def _visit_assign(self, node: ir.Assign) -> None:
        self.visit(node.target)
        self.visit(node.value)
        if is_pointer(node.target.type):
            if node.op in ("+=", "-="):
                self.moved(node.target)
                self._byte_steps(node.target)
            else:
                self.flow(self.shape(node.target), self.shape(node.value))

    def _byte_steps(self, target: ir.Expr) -> None:
        """`p += k`, `p++` of a `void *` variable step bytes (GNU C), as `p + k` does (_visit_binary): its memory is
        read as bytes there, whatever one type its other uses give it (`btmp[k] = ptr; ptr += n * sizeof(int)`)."""
        target = strip(target)
        if isinstance(target, ir.NameRef) and is_pointer(target.type) and isinstance(target.type.pointee, ir.VoidType):
            k = slot_of_name(self.fn, target)
            if k is not None:
                self.plan.void_casts.setdefault(k, set()).add(ir.IntType("unsigned char"))

    def _visit_unary(self, node: ir.Unary) -> None:
        self.visit(node.operand)
        if node.op in ("pre++", "pre--", "post++", "post--") and is_pointer(node.operand.type):
            self.moved(node.operand)
            self._byte_steps(node.operand)
        if node.op == "&":
            target = strip(node.operand)
            if isinstance(target, ir.Index) and struct_array_of(target) is not None:
                target = struct_array_of(target)  # `&s.arr[i]`
            if isinstance(target, ir.Member):
                self._box_struct_of(target)  # `&s.f`: the struct s is what must have an address
            elif isinstance(target, ir.NameRef) and not isinstance(target.type, ir.ArrayType):
                k = slot_of_name(self.fn, target)
                if k is not None:
                    self.plan.boxed.add(k)

    def _visit_cast(self, node: ir.Cast) -> None:
        if not is_pointer(node.type):
            self.visit(node.operand)  # (a cast's only child)
            return
        inner = strip(node.operand)
        if isinstance(inner, ir.Member) and isinstance(inner.type, ir.ArrayType):
            self._box_struct_of(inner)  # `s.name` as a pointer reaches s's own array
        inner = _void_base_of_offset(inner)  # `(int64_t *)(data + 4)` reads data's memory as int64_t too
        if isinstance(inner, ir.NameRef) and is_pointer(inner.type) and \
                isinstance(inner.type.pointee, ir.VoidType) and not isinstance(node.type.pointee, ir.VoidType):
            k = slot_of_name(self.fn, inner)
            if k is not None:
                self.plan.void_casts.setdefault(k, set()).add(node.type.pointee)
        self.visit(node.operand)

    def _visit_binary(self, node: ir.Binary) -> None:
        self.visit(node.lhs)
        self.visit(node.rhs)
        if node.op in ("-", "<", ">", "<=", ">=") and is_pointer(node.lhs.type) and is_pointer(node.rhs.type):
            self.moved(node.lhs)
            self.moved(node.rhs)
        base = _void_base_of_offset(node)
        if base is not node:
            # GNU C's arithmetic on a `void *` counts bytes: its memory is read as bytes here
            k = slot_of_name(self.fn, base)
            if k is not None:
                self.plan.void_casts.setdefault(k, set()).add(ir.IntType("unsigned char"))

    def _visit_call(self, node: ir.Call) -> None:
        name = _callee_name(node)
        fn = self.functions.get(name)
        choice = split_marker_choice(node) if fn is None and name and name.startswith("MPI_") else None
        if choice is not None:
            # `MPI_Reduce(rank == 0 ? MPI_IN_PLACE : &x, ...)` is two calls (mpi.py): &x is a plain argument
            for part in choice:
                self.visit(part)
            return
        if fn is None:
            self.visit(node.callee)
            target = allocation_target(node)
            if target is not None:
                # posix_memalign((void **)&p, alignment, size), MPI_Alloc_mem(size, info, (void *)&p) store a
                # fresh buffer in p: p is neither boxed nor moved, as `p = malloc(size)` (`out p`)
                into = load_rules().allocation_out(name)
                for k, a in enumerate(node.args):
                    if k != into:
                        self.visit(a)
                return
            for i, a in enumerate(node.args):
                target = strip(a)
                if isinstance(target, ir.Unary) and target.op == "&" and \
                        self.library_calls_take_refs(name, i, node):
                    # MPI and library calls take `ref x` for &x: no need to box x.
                    self.visit(target.operand)
                    inner = strip(target.operand)
                    if isinstance(inner, ir.Member) and isinstance(inner.type, ir.ArrayType):
                        # `MPI_Bcast(&p.x, ...)` of an array field (Parallel Etudes' mpi-sat.c): the field's elements
                        # are reached through its struct (Ptr.ToArrayField), as for `p.x`, so p needs an address
                        self._box_struct_of(inner)
                    if is_pointer(inner.type) and (not name.startswith("MPI_") or _shares_memory(name)):
                        # libc stores a pointer that may point anywhere in a buffer (strtol's end,
                        # strtok_r's save, getline's line): its `ref Ptr<T>` parameters; MPI a place in a shared
                        # window's block (MPI_Win_allocate_shared's baseptr): `out Ptr<T>`
                        self.moved(inner)
                    if not isinstance(inner, ir.NameRef):
                        self.visit(inner)
                else:
                    self.visit(a)
            return
        for i, a in enumerate(node.args):
            if i < len(fn.params) and ("var", name, fn.params[i].name) in self.plan.ref_params:
                target = _without_casts(a)  # `alloc((void **)&p, n)` too
                # `f(&x)` for an out-parameter is `f(ref x)`: x needs no box; a pointer passed by
                # ref must have the parameter's exact type, Ptr<T> (pointers inside pointers are Ptr<T>)
                if isinstance(target, ir.Unary) and target.op == "&":
                    self.visit(target.operand)
                    self.moved(target.operand) if is_pointer(target.operand.type) else None
                else:
                    self.visit(a)
                continue
            self.visit(a)
            if i < len(fn.params) and is_pointer(fn.params[i].type):
                self.flow(("var", name, fn.params[i].name), self.shape(a))

    def _visit_return(self, node: ir.Return) -> None:
        if node.value is not None:
            self.visit(node.value)
            if self.fn is not None and is_pointer(node.value.type):
                self.flow(("ret", self.fn, ""), self.shape(node.value))


# What _Analysis.visit does per class, looked up by the node's class (the IR's classes have no subclasses) instead of
# a chain of isinstance tests per node (issue 28: it visits every node of the program).
_VISITS = {ir.VarDecl: _Analysis.decl, ir.Assign: _Analysis._visit_assign, ir.Unary: _Analysis._visit_unary,
           ir.Cast: _Analysis._visit_cast, ir.Binary: _Analysis._visit_binary, ir.Call: _Analysis._visit_call,
           ir.Return: _Analysis._visit_return}
_LEAVES = ir.LEAF_CLASSES  # nothing under them
# The classes find_ref_params' walk reads a fact of (the others it only walks through)
_REF_PARAM_FACTS = frozenset({ir.Unary, ir.Member, ir.Call, ir.NameRef})


def _out_pointer_argument(t, a: ir.Expr) -> bool:
    """`(char **)&p` of any pointer p given to a `char **` parameter: the out-parameter idiom of allocators typed
    `char **` (`allocate((char **)&sbuf, n)` of a `uint64_t *sbuf`), a ref parameter when the callee only gives
    it memory, generic in p's element type (generic_buffers.py); the emission refuses it otherwise."""
    if not (is_pointer(t) and is_pointer(t.pointee) and isinstance(t.pointee.pointee, ir.IntType)
            and "char" in t.pointee.pointee.name):
        return False
    target = _without_casts(a)
    return isinstance(target, ir.Unary) and target.op == "&" and is_pointer(target.operand.type)


def _void_base_of_offset(e: ir.Expr) -> ir.Expr:
    """`p` of `p + k`, `k + p` or `p - k` for a `void *` variable or parameter p (GNU C's byte arithmetic), else e."""
    e = strip(e)
    if isinstance(e, ir.Binary) and e.op in ("+", "-") and is_pointer(e.type) and isinstance(e.type.pointee, ir.VoidType):
        for side, other in ((e.lhs, e.rhs), (e.rhs, e.lhs) if e.op == "+" else (None, None)):
            side = strip(side) if side is not None else None
            if isinstance(side, ir.NameRef) and is_pointer(side.type) and isinstance(side.type.pointee, ir.VoidType) \
                    and isinstance(other.type, ir.IntType):
                return side
    return e


def _is_void_pointer_pointer(t) -> bool:
    return is_pointer(t) and is_pointer(t.pointee) and isinstance(t.pointee.pointee, ir.VoidType)


def _without_casts(e: ir.Expr) -> ir.Expr:
    """e with its parentheses and casts, implicit and written, taken off."""
    while isinstance(e, (ir.Cast, ir.Paren, ir.MacroRef)):
        if isinstance(e, ir.MacroRef):
            if e.expansion is None:
                break
            e = e.expansion
        else:
            e = e.operand if isinstance(e, ir.Cast) else e.inner
    return e


def allocation_target(call: ir.Call) -> Optional[ir.NameRef]:
    """p in posix_memalign(&p, ...) or MPI_Alloc_mem(n, info, (void *)&p), for a pointer variable p: the argument
    through which a call whose row allocates_into stores a fresh buffer (rules/__init__.py)."""
    name = _callee_name(call)
    position = load_rules().allocation_out(name) if name is not None else None
    if position is None or position >= len(call.args):
        return None
    e = call.args[position]
    while isinstance(e, (ir.Cast, ir.Paren)):
        e = e.operand if isinstance(e, ir.Cast) else e.inner
    if isinstance(e, ir.Unary) and e.op == "&":
        target = strip(e.operand)
        if isinstance(target, ir.NameRef) and is_pointer(target.type):
            return target
    return None


def _reinterprets(e: ir.Expr) -> bool:
    """A conversion, implicit or written, between pointers to different non-void types."""
    while isinstance(e, (ir.Paren, ir.Cast)):
        if isinstance(e, ir.Cast) and is_pointer(e.type) and isinstance(e.operand.type, (ir.PointerType, ir.ArrayType)):
            src = e.operand.type
            pointee = src.pointee if isinstance(src, ir.PointerType) else src.element
            if not isinstance(pointee, ir.VoidType) and not isinstance(e.type.pointee, ir.VoidType) and \
                    _unqual(pointee) != _unqual(e.type.pointee):
                return True
        e = e.inner if isinstance(e, ir.Paren) else e.operand
    return False


def _same_pointee(a: ir.PointerType, b: ir.PointerType) -> bool:
    return _unqual(a.pointee) == _unqual(b.pointee)


def _unqual(t):
    return t


def _shares_memory(name: str) -> bool:
    rule = load_rules().mpi.get(name)
    return rule is not None and rule.shares_memory


def _callee_name(call: ir.Call) -> Optional[str]:
    c = strip(call.callee)
    return c.name if isinstance(c, ir.NameRef) else None


def plan_pointers(tu: ir.TranslationUnit, library_calls_take_refs) -> PointerPlan:
    """Each pointer's representation and the boxed variables (plan.py adds the generic and byte buffers)."""
    return _Analysis(tu, library_calls_take_refs).run()


def _is_void_pointer_type(t) -> bool:
    return isinstance(t, ir.PointerType) and isinstance(t.pointee, ir.VoidType)
