"""`void *` parameters that only carry an MPI buffer: type parameters of a generic method; `void *`
variables that only hold MPI data: bytes.

A wrapper around MPI calls takes its buffer as `void *`, as the MPI calls themselves do:

    void my_bcast(void *data, int count, MPI_Datatype datatype, int root, MPI_Comm comm)
    {
        ...
        MPI_Send(data, count, datatype, i, 0, comm);
    }

Nothing in it says what `data` points to (no cast reads it, pointers.py's `void_type`), and the callers pass
a `double *` here and an `int *` there. C# says it with a type parameter:

    void my_bcast<TData>(Ptr<TData> data, int count, Datatype datatype, int root, Comm comm) where TData : unmanaged

and each call names the element type its argument has, `my_bcast<double>(x, 4, MPI_DOUBLE, 0, comm)`. A
parameter qualifies when every use of it in the body is an argument of an MPI call or an argument that another
such parameter takes (a wrapper calling a wrapper), or when it is not used at all: what the MPI runtime does with
any element type. A call passing NULL names `byte`.

The same holds for the other things real C does with `void *` memory of any type, each a type parameter too:
- a parameter also given to the library functions on bytes (`set_buffer(void *b, int c, size_t n) { memset(b, c,
  n); }`, `free_buffer(void *p) { free(p); }`, memcpy between two of them through a byte view) or only tested
  (`!p`, `p == NULL`): `set_buffer<TB>(Ptr<TB> b, ...)`, called `set_buffer<double>(dbuf, ...)`;
- a `void *` result that only hands out fresh memory, with the locals it returns (`void *xmalloc(size_t n) {
  void *p = malloc(n); if (!p) abort(); return p; }`): `Ptr<T> xmalloc<T>(ulong n)` allocating
  `CMem.Alloc<T>(n)` (n bytes' worth of T), and each caller names the type it converts the result to,
  `double *a = xmalloc<double>(...)`; a wrapper of the wrapper (`void *p = xmalloc(n)` returned) passes its own;
- a parameter converted to an integer (`(unsigned long)p`, `(uintptr_t)p`: its address, for any element type) and
  a result made from an integer (`return (void *)(((unsigned long)p + a - 1) / a * a)`, as buffer aligners do): the
  address an integer holds is a place in a live array of the caller's type (cMPI.PointerAt<T>), so
  `void *align_buffer(void *p, unsigned long a)` is `Ptr<T> align_buffer<T, TPtr>(Ptr<TPtr> p, ulong a)`;
- a `void **` out-parameter only given to posix_memalign (`int alloc(void **buf, size_t n)`): `ref Ptr<TBuf>
  buf`, called `alloc<double>(ref dbuf, n)` for `alloc((void **)&dbuf, n)` (pointers.py makes it a ref parameter);
  likewise a `char **` one given `(char **)&p` of a `uint64_t *p` (`*sbuf = (char *)align_buffer(...)`, memset(*sbuf),
  passed on to another such parameter): `ref Ptr<TSbuf>`, or `Ptr<Ptr<TCbuf>>` when it is tested against NULL; `*p`
  may also be an MPI call's buffer or address (`MPI_Win_create(*win_base, ...)`, MPI_Win_attach, MPI_Get_address) or
  the `void *` out-parameter of a row that stores_address (MPI_Win_allocate's baseptr given memory): the type
  parameter is then `unmanaged`, and the caller's pointer may be a view of the callee's char memory (pointers.py's
  view_pointees), which the rows that take_views take whole.

A `void *` variable that MPI calls, free and the mem* functions alone use (`void *buf = malloc(size)` for
MPI_Pack) holds bytes: plan_byte_buffers.
"""
from __future__ import annotations

from typing import Dict, Set, Tuple

from .. import ir
from .pointers import PointerPlan, allocation_target, slot_of_name, strip
from .queries import is_null_pointer
from .void_handles import handle_arguments
from ..rules import load as load_rules

SlotKey = Tuple[str, str, str]


def plan_generic_buffers(tu: ir.TranslationUnit, plan: PointerPlan) -> None:
    """Fills plan.generic_buffers (slot -> type parameter), plan.type_parameters (function -> [(index, name)])
    and plan.result_type_parameters (function -> name): the `void *` parameters, and the `void *` results with
    the locals they return, that only carry memory nobody reads as a type inside the function."""
    functions = {fn.name: fn for fn in tu.functions}
    candidates: Set[Tuple[str, int]] = set()
    results: Set[str] = set()
    outs: Set[Tuple[str, int]] = set()
    given_handles = handle_arguments(tu, plan)
    for fn in tu.functions:
        if fn.body is None or fn.name in plan.function_values:
            # a function used as a value is a delegate's target: `Func<Ptr<TA>, ...>` could name no TA (fuzz seed
            # 8 input 2519: a comparator whose first parameter is unused), so its `void *` are typed as pointers.py
            # types a function value's
            continue
        for i, p in enumerate(fn.params):
            key = ("var", fn.name, p.name)
            if _is_void_pointer(p.type) and _untyped(plan, key) and (fn.name, i) not in given_handles:
                candidates.add((fn.name, i))
            elif _is_out_pointer(p.type) and (plan.is_ref_param(key) or _untested_out(plan, key, p.type)):
                # `int alloc(void **buf, size_t n) { return posix_memalign(buf, 64, n); }`: an out-parameter that
                # receives fresh memory of the caller's type, `ref Ptr<TBuf> buf`
                outs.add((fn.name, i))
        if _is_void_pointer(fn.type.result) and fn.name != "main" and _untyped_here(plan, fn.name, ("ret", fn.name, "")):
            results.add(fn.name)
    # The largest sets in which every use is one the runtime does for any element type: drop until stable.
    changed = True
    while changed:
        changed = False
        for fn_name, i in sorted(candidates):
            fn = functions[fn_name]
            if not _uses_untyped(fn, {fn.params[i].name}, "param", candidates, results, False):
                candidates.discard((fn_name, i))
                changed = True
        for fn_name in sorted(results):
            if not _generic_result(functions[fn_name], plan, candidates, results):
                results.discard(fn_name)
                changed = True
    outs = _stable_outs(functions, outs, candidates, results)
    for fn_name, i in sorted(candidates | outs):
        name = functions[fn_name].params[i].name
        type_name = "T" + name[:1].upper() + name[1:]
        plan.generic_buffers[("var", fn_name, name)] = type_name
        plan.type_parameters.setdefault(fn_name, []).append((i, type_name))
    generic_params = candidates | outs
    for fn_name, i in sorted(candidates):
        if _reaches_mpi(functions[fn_name], functions[fn_name].params[i].name, generic_params):
            plan.unmanaged_type_parameters.add((fn_name, plan.generic_buffers[("var", fn_name,
                                                                                 functions[fn_name].params[i].name)]))
    _unmanaged_outs(functions, outs, plan)
    for fn_name in sorted(results):
        taken = {t for _, t in plan.type_parameters.get(fn_name, [])}
        type_name = next(t for t in ("T", "TResult", "TMemory") if t not in taken)
        plan.result_type_parameters[fn_name] = type_name
        plan.generic_buffers[("ret", fn_name, "")] = type_name
        for local in _returned_locals(functions[fn_name]):
            plan.generic_buffers[("var", fn_name, local)] = type_name
            if _reaches_mpi(functions[fn_name], local, generic_params, "local"):
                plan.unmanaged_type_parameters.add((fn_name, type_name))


def _reaches_mpi(fn: ir.Function, name: str, generic_params, kind: str = "param") -> bool:
    """Whether the parameter is an MPI call's argument, or another generic parameter's (which may be one): its type
    parameter must then be `unmanaged`, as the runtime's MPI buffers are; memory that is only allocated, set,
    copied and freed may hold any type (`MPI_Datatype *types = xmalloc(...)`), MPI_Alloc_mem's and MPI_Free_mem's
    included."""
    for call in ir.nodes_of(fn.body, ir.Call):
        callee = strip(call.callee)
        if not isinstance(callee, ir.NameRef):
            continue
        for i, a in enumerate(call.args):
            if _named(a, name, kind) and ((callee.kind == "library" and _mpi_message_memory(callee.name)) or
                                    (callee.kind == "function" and (callee.name, i) in generic_params)):
                return True
    return False


def _mpi_message_memory(name: str) -> bool:
    """Whether MPI function `name` may move the bytes of the memory it is given (its type parameter `unmanaged`):
    every MPI call but the ones that only allocate and free it (MPI_Alloc_mem, MPI_Free_mem: rows that
    allocates_into or frees), which, as malloc and free, take memory of any type, structs holding pointers too."""
    if not name.startswith("MPI_"):
        return False
    rule = load_rules().function(name)
    return rule is None or not (rule.frees or rule.allocates_into is not None)


def _unmanaged_outs(functions, outs, plan: PointerPlan) -> None:
    """The generic out-parameters whose `*p` is an MPI call's argument (`MPI_Win_create(*win_base, ...)`), or that
    pass themselves on to such an out-parameter: their type parameters must be `unmanaged`, as MPI buffers are."""
    def type_parameter(fn_name, i):
        return plan.generic_buffers[("var", fn_name, functions[fn_name].params[i].name)]

    marked = set()
    changed = True
    while changed:
        changed = False
        for fn_name, i in sorted(outs - marked):
            name = functions[fn_name].params[i].name
            for call in ir.nodes_of(functions[fn_name].body, ir.Call):
                callee = strip(call.callee)
                if not isinstance(callee, ir.NameRef):
                    continue
                for k, a in enumerate(call.args):
                    a = strip(a)
                    deref = isinstance(a, ir.Unary) and a.op == "*" and _named(a.operand, name)
                    if (deref and callee.kind == "library" and _mpi_message_memory(callee.name)) or \
                            (_named(a, name) and callee.kind == "function" and (callee.name, k) in marked):
                        marked.add((fn_name, i))
                        changed = True
                        break
                if (fn_name, i) in marked:
                    break
    for fn_name, i in marked:
        plan.unmanaged_type_parameters.add((fn_name, type_parameter(fn_name, i)))


def _is_out_pointer(t) -> bool:
    """`void **`, or `char **` / `unsigned char **`: the types C gives an out-parameter that receives memory of the
    caller's type (`allocate((char **)&sbuf, n)` of a `uint64_t *sbuf`)."""
    if not (isinstance(t, ir.PointerType) and isinstance(t.pointee, ir.PointerType)):
        return False
    inner = t.pointee.pointee
    return isinstance(inner, ir.VoidType) or (isinstance(inner, ir.IntType) and "char" in inner.name)


def _untested_out(plan: PointerPlan, key, t) -> bool:
    """A `char **` parameter pointers.py left a pointer (it is compared with NULL: an optional out-parameter)
    and nothing else types."""
    return not isinstance(t.pointee.pointee, ir.VoidType) and key not in plan.boxed


def _stable_outs(functions, outs, candidates, results):
    """The out-parameters that pass themselves on (`allocate_device_buffer(sbuf, n)`) only to other such
    out-parameters: drop until stable."""
    outs = set(outs)
    changed = True
    while changed:
        changed = False
        for fn_name, i in sorted(outs):
            if not _only_given_memory(functions[fn_name], functions[fn_name].params[i].name, candidates, outs,
                                      results):
                outs.discard((fn_name, i))
                changed = True
    return outs


def _only_given_memory(fn: ir.Function, name: str, candidates, outs, results) -> bool:
    """Whether a `void **` or `char **` parameter (pointers.py made it a ref parameter: every use is `*p` or
    posix_memalign's first argument) only receives fresh memory and hands it on as memory of any type:
    posix_memalign(p, ...), `*p = malloc(n)` or `*p = (char *)align_buffer(...)` (a generic result), `*p` given to
    memset, free, another generic buffer parameter or an MPI call's memory argument (_mpi_memory_argument), p given
    on to another such out-parameter, tests of `*p`.
    candidates: the generic `void *` parameters, outs: these out-parameters, results: the generic results."""
    def program_argument(call, node, allowed) -> bool:
        callee = strip(call.callee)
        if not (isinstance(callee, ir.NameRef) and callee.kind == "function"):
            return False
        i = next((k for k, a in enumerate(call.args) if _under(a, node)), None)
        return i is not None and (callee.name, i) in allowed

    def ok(parent, node) -> bool:
        if isinstance(parent, ir.Call):
            callee = strip(parent.callee)
            into = load_rules().allocation_out(callee.name) if isinstance(callee, ir.NameRef) else None
            if into is not None and into < len(parent.args) and _named(parent.args[into], name):
                return True  # posix_memalign(p, ...), MPI_Alloc_mem(n, info, p): fresh memory stored through p
            return program_argument(parent, node, outs)
        if isinstance(parent, ir.Binary) and parent.op in ("==", "!="):
            # `if (cbuf != NULL) *cbuf = ...`: an optional out-parameter (no ref parameter then: `T[]` or a box)
            other = parent.rhs if _under(parent.lhs, node) else parent.lhs
            return is_null_pointer(strip(other))
        if isinstance(parent, ir.Unary) and parent.op == "!":
            return True
        return isinstance(parent, ir.Unary) and parent.op == "*"

    def deref_ok(grand, deref, great) -> bool:
        if isinstance(grand, ir.Assign):
            value = strip(grand.value)
            while isinstance(value, ir.Cast) and isinstance(value.type, ir.PointerType):
                value = strip(value.operand)  # `(char *)align_buffer(...)`: fresh memory as the parameter's type
            # the store's own value unused: `f((*pp) = (void *)0)` hands `*pp` to a typed parameter (csmith seed
            # 7600075: `int8_t **p_28` made generic, its store's value given to an `int8_t *`, CS1503)
            unused = great is None or isinstance(great, ir.ExprStmt) or \
                (isinstance(great, ir.Binary) and great.op == "," and _under(great.lhs, grand))
            return grand.op == "=" and _under(grand.target, deref) and _fresh(value, results) and unused
        if isinstance(grand, ir.Unary) and grand.op == "!":
            return True
        if isinstance(grand, ir.Binary) and grand.op in ("==", "!="):
            other = grand.rhs if _under(grand.lhs, deref) else grand.lhs
            return is_null_pointer(strip(other))
        if isinstance(grand, ir.Call):
            callee = strip(grand.callee)
            if isinstance(callee, ir.NameRef) and callee.kind == "library" and callee is not deref:
                i = next((k for k, a in enumerate(grand.args) if _under(a, deref)), None)
                return callee.name in load_rules().names("bytes") or \
                    (i is not None and _mpi_memory_argument(callee.name, i))
            return program_argument(grand, deref, candidates)
        return isinstance(grand, (ir.If, ir.While, ir.DoWhile))

    good = True

    def walk(node, parent, grand, great):
        nonlocal good
        if isinstance(node, ir.NameRef) and node.kind == "param" and node.name == name:
            if not ok(parent, node) or (isinstance(parent, ir.Unary) and not deref_ok(grand, parent, great)):
                good = False
            return
        transparent = isinstance(node, ir.Paren) or (isinstance(node, ir.Cast) and
                                                     (node.implicit or isinstance(node.type, ir.PointerType)))
        for x in ir.children(node):
            if transparent:
                walk(x, parent, grand, great)
            else:
                walk(x, node, parent, grand)

    walk(fn.body, None, None, None)
    return good


def _named(e: ir.Expr, name: str, kind: str = "param") -> bool:
    while isinstance(e, (ir.Paren, ir.Cast)):
        e = e.inner if isinstance(e, ir.Paren) else e.operand
    return isinstance(e, ir.NameRef) and e.kind == kind and e.name == name


def _untyped(plan: PointerPlan, key) -> bool:
    return plan.void_type(key) is None and key not in plan.boxed and not plan.is_ref_param(key) and \
        not plan.is_handle(key)  # a function-pointer field's parameter: `object` (void_handles.py)


def _untyped_here(plan: PointerPlan, fn_name: str, key) -> bool:
    """_untyped for a generic result or a local it returns, whose class also holds the callers' `void *` slots that
    receive the result: a caller's `void *block = xmalloc(n)` read as several types (bytes) names its own type
    argument (csharp/memory.py's allocation_into_void_slot, `xmalloc<byte>(n)`) and does not type the result for the
    others (Quinn's `(void **) my_malloc(...)` of a row table beside a `void *buffer = my_malloc(...)` of bytes). So
    the casts that count are those of the function's own slots; handles, boxes and refs of the class still do."""
    if key in plan.boxed or plan.is_ref_param(key) or plan.is_handle(key):
        return False
    root = plan.find(key)
    own = [casts for slot, casts in plan.void_casts.items()
           if slot[1] == fn_name and (slot == key or plan.find(slot) == root) and casts]
    return not own or _untyped(plan, key)


def _returned_locals(fn: ir.Function) -> Set[str]:
    return {strip(n.value).name for n in ir.nodes_of(fn.body, ir.Return) if n.value is not None
            and isinstance(strip(n.value), ir.NameRef) and strip(n.value).kind == "local"}


def _generic_result(fn: ir.Function, plan: PointerPlan, candidates, results) -> bool:
    """A `void *` function whose every return is fresh memory (an allocation, NULL, a generic result's call) or a
    local that only ever holds such memory and is used as any element type may be: `void *xmalloc(size_t n)`,
    which its callers convert to `double *`, `int *` or `struct s *` (`xmalloc<double>(...)`)."""
    returned = _returned_locals(fn)
    for name in returned:
        if not _untyped_here(plan, fn.name, ("var", fn.name, name)):
            return False
    for node in ir.nodes_of(fn.body, ir.Return, ir.VarDecl):
        if isinstance(node, ir.Return) and node.value is not None:
            v = strip(node.value)
            if not (isinstance(v, ir.NameRef) and v.name in returned) and not _fresh(v, results):
                return False
        if isinstance(node, ir.VarDecl) and node.name in returned and node.init is not None \
                and not _fresh(strip(node.init), results):
            return False
    return _uses_untyped(fn, returned, "local", candidates, results, True)


def _fresh(e: ir.Expr, results) -> bool:
    """Memory of no type yet: an allocation, NULL, a call of a function with a generic result, or an address made
    from an integer (`(void *)(((unsigned long)p + a - 1) / a * a)`: the caller's type at that address, which the
    runtime finds by the address, cMPI.PointerAt)."""
    while isinstance(e, ir.Cast) and _is_void_pointer(e.type):
        if isinstance(strip(e.operand).type, ir.IntType):
            return True
        e = strip(e.operand)
    if _allocates(e):
        return True
    if isinstance(e, ir.Call):
        callee = strip(e.callee)
        return isinstance(callee, ir.NameRef) and callee.kind == "function" and callee.name in results
    return False


def _uses_untyped(fn: ir.Function, names: Set[str], kind: str, candidates, results, returned: bool) -> bool:
    """Whether every use of the named `void *` variables in fn's body works for any element type: an argument of
    an MPI call, of a library function on bytes (memset, memcpy, free), of another generic buffer parameter; a
    test (`!p`, `p == NULL`); for the locals a generic result returns, `return p` and `p = <fresh memory>`."""
    ok = True

    def use_ok(parent, node) -> bool:
        if isinstance(parent, ir.Call):
            callee = strip(parent.callee)
            if not isinstance(callee, ir.NameRef) or strip(parent.callee) is node:
                return False
            i = next((k for k, a in enumerate(parent.args) if _under(a, node)), None)
            if i is None:
                return False
            if callee.kind == "library":
                return _mpi_buffer_argument(callee.name, i) or callee.name in load_rules().names("bytes")
            return callee.kind == "function" and (callee.name, i) in candidates
        if isinstance(parent, ir.Unary) and parent.op == "!":
            return True
        if isinstance(parent, ir.Cast) and not parent.implicit and isinstance(parent.type, ir.IntType):
            return True  # `(unsigned long)p`: an address, whatever p points to (cMPI.AddressOf)
        if isinstance(parent, ir.Binary) and parent.op in ("==", "!="):
            other = parent.rhs if _under(parent.lhs, node) else parent.lhs
            return is_null_pointer(strip(other))
        if isinstance(parent, (ir.If, ir.While, ir.DoWhile)) or (isinstance(parent, ir.For) and
                                                                 _under(parent.cond, node)):
            return True
        if returned and isinstance(parent, ir.Return):
            return True
        if returned and isinstance(parent, ir.Assign) and parent.op == "=" and _under(parent.target, node):
            return _fresh(strip(parent.value), results)
        return False

    def walk(node, parent):
        nonlocal ok
        if not ok:
            return
        if returned and isinstance(node, ir.Call) and _allocates_into(node, names, kind):
            # `posix_memalign(&p, align, n)`, `MPI_Alloc_mem(n, info, &p)` give the returned local fresh memory, as
            # `p = malloc(n)` does
            into = load_rules().allocation_out(strip(node.callee).name)
            for k, x in enumerate(node.args):
                if k != into:
                    walk(x, node)
            return
        if isinstance(node, ir.NameRef) and node.kind == kind and node.name in names:
            if not use_ok(parent, node):
                ok = False
            return
        # parentheses, implicit casts and casts to `void *` do not change what a use is
        context = parent if isinstance(node, ir.Paren) or (isinstance(node, ir.Cast) and
                                                            (node.implicit or _is_void_pointer(node.type))) else node
        for x in ir.children(node):
            walk(x, context)

    walk(fn.body, None)
    return ok


def _mpi_memory_argument(name: str, i: int) -> bool:
    """Whether argument i of MPI function `name` takes memory of any element type, given as `*p` of a generic
    out-parameter: a buffer, MPI_Get_address's location, or the `void *` out-parameter of a row that
    stores_address (MPI_Win_allocate given memory for its baseptr writes the window's address into it)."""
    if not name.startswith("MPI_"):
        return False
    rule = load_rules().function(name)
    if rule is None or rule.params is None or i >= len(rule.params):
        return False  # a call special.py emits: it may read `*p` as its C type
    return rule.params[i] in ("buffer", "address") or (rule.params[i] == "out" and rule.stores_address)


def _mpi_buffer_argument(name: str, i: int) -> bool:
    """Whether argument i of MPI function `name` is memory of any element type (a message buffer, MPI_Get_address's
    location). The other `void *` parameters of MPI are pointers to a pointer or a value the call stores
    (MPI_Win_allocate's and MPI_Alloc_mem's baseptr, the attribute getters' value): a `void *` passed there is
    typed by what the caller gave it, not generic."""
    if not name.startswith("MPI_"):
        return False
    rule = load_rules().function(name)
    if rule is None or rule.params is None or i >= len(rule.params):
        return True  # a call the rules table handles specially (special.py): as before
    return rule.params[i] in ("buffer", "address")


def _allocates_into(call: ir.Call, names: Set[str], kind: str) -> bool:
    """Whether call is posix_memalign(&p, ...) or MPI_Alloc_mem(n, info, (void *)&p) (a row that allocates_into)
    with p one of the named variables."""
    callee = strip(call.callee)
    if not (isinstance(callee, ir.NameRef) and callee.kind == "library"):
        return False
    target = allocation_target(call)
    return target is not None and target.kind == kind and target.name in names


def _under(e: ir.Expr, node) -> bool:
    """Whether node is e with parentheses and casts taken off."""
    while e is not node and isinstance(e, (ir.Paren, ir.Cast)):
        e = e.inner if isinstance(e, ir.Paren) else e.operand
    return e is node


def plan_byte_buffers(tu: ir.TranslationUnit, plan: PointerPlan) -> None:
    """`void *buf = malloc(n)` used only as an MPI buffer (MPI_Pack's output, then MPI_Send(buf, pos,
    MPI_PACKED, ...)), by free and the mem* functions, or passed to a generic buffer parameter: nothing reads it
    as a type, so it holds bytes, as MPI_PACKED data is. Its slot gets `unsigned char` (pointers.py's
    void_type): `buf = new byte[n]`."""
    byte_params = _plan_byte_parameters(tu, plan)
    uses: Dict[SlotKey, int] = {}
    allowed: Dict[SlotKey, int] = {}
    roots = [(None, g.init) for g in tu.globals if g.init is not None] + \
            [(fn.name, fn.body) for fn in tu.functions if fn.body is not None]
    for fn_name, root in roots:
        # (_byte_buffer_uses finds uses in calls and assignments only)
        for node in ir.nodes_of(root, ir.NameRef, ir.Call, ir.Assign):
            if isinstance(node, ir.NameRef) and _is_void_pointer(node.type) and node.kind != "param":
                key = slot_of_name(fn_name, node)
                if key is not None:
                    uses[key] = uses.get(key, 0) + 1
            for key in _byte_buffer_uses(fn_name, node, plan, byte_params):
                allowed[key] = allowed.get(key, 0) + 1
    for key, n in uses.items():
        if allowed.get(key) == n and plan.void_type(key) is None and key not in plan.boxed:
            plan.void_casts[key] = {ir.IntType("unsigned char")}


def _plan_byte_parameters(tu: ir.TranslationUnit, plan: PointerPlan) -> Set[Tuple[str, int]]:
    """`void *` parameters that hold bytes: each use is an argument of an MPI call or of a library function on
    bytes (memcpy, memset, free), directly or after byte arithmetic on it (`memcpy(&x, buf + i * size, size)`: GNU C's
    `void *` arithmetic counts bytes), or a test. The element type of the memory is chosen at run time (an MPI
    datatype argument), so no type parameter fits; the parameter is `unsigned char *` and callers pass bytes."""
    out: Set[Tuple[str, int]] = set()
    given_handles = handle_arguments(tu, plan)  # a handle holds no bytes (void_handles.py)
    for fn in tu.functions:
        if fn.body is None:
            continue
        for i, p in enumerate(fn.params):
            key = ("var", fn.name, p.name)
            if _is_void_pointer(p.type) and key not in plan.generic_buffers and _untyped(plan, key) \
                    and (fn.name, i) not in given_handles \
                    and _only_bytes(fn, p.name) and _used(fn, p.name):
                plan.void_casts[key] = {ir.IntType("unsigned char")}
                out.add((fn.name, i))
    return out


def _used(fn: ir.Function, name: str) -> bool:
    return any(n.kind == "param" and n.name == name for n in ir.nodes_of(fn.body, ir.NameRef))


def _only_bytes(fn: ir.Function, name: str) -> bool:
    """Whether every use of the `void *` parameter is a byte-buffer argument (MPI, mem*, free), possibly after
    `p + k` / `p - k`, or a test against NULL."""
    ok = True

    def use_ok(chain) -> bool:
        # chain: the ancestors of the use, nearest first, parentheses and casts to void * already skipped
        parent = chain[0] if chain else None
        if isinstance(parent, ir.Binary) and parent.op in ("+", "-") and isinstance(parent.type, ir.PointerType):
            return use_ok(chain[1:])
        if isinstance(parent, ir.Call):
            callee = strip(parent.callee)
            return isinstance(callee, ir.NameRef) and callee.kind == "library" and \
                (callee.name.startswith("MPI_") or callee.name in load_rules().names("bytes"))
        if isinstance(parent, ir.Unary) and parent.op == "!":
            return True
        if isinstance(parent, ir.Binary) and parent.op in ("==", "!="):
            return True
        return False

    def walk(node, chain):
        nonlocal ok
        if not ok:
            return
        if isinstance(node, ir.NameRef) and node.kind == "param" and node.name == name:
            if not use_ok(chain):
                ok = False
            return
        skip = isinstance(node, ir.Paren) or (isinstance(node, ir.Cast) and
                                              (node.implicit or _is_void_pointer(node.type)))
        for x in ir.children(node):
            walk(x, chain if skip else [node] + chain)

    walk(fn.body, [])
    return ok


def _byte_buffer_uses(fn_name, node, plan: PointerPlan, byte_params=frozenset()):
    """The void * variables this node uses as a byte buffer may be used: an argument of an MPI call, of free or
    memset/memcpy, of a generic buffer parameter or a byte parameter; the target of an allocation or NULL."""
    if isinstance(node, ir.Call):
        callee = strip(node.callee)
        if isinstance(callee, ir.NameRef):
            generic = dict(plan.type_parameters.get(callee.name, [])) if callee.kind == "function" else {}
            for i, arg in enumerate(node.args):
                if (callee.kind == "library" and (callee.name.startswith("MPI_") or callee.name in load_rules().names("bytes"))) \
                        or i in generic or (callee.kind == "function" and (callee.name, i) in byte_params):
                    yield from _void_slot(fn_name, strip(arg))
                target = strip(arg)
                if callee.kind == "library" and callee.name.startswith("MPI_") and \
                        isinstance(target, ir.Unary) and target.op == "&":
                    yield from _void_slot(fn_name, strip(target.operand))  # MPI_Buffer_detach(&buf, &size)
    elif isinstance(node, ir.Assign) and node.op == "=" and _allocates(node.value):
        yield from _void_slot(fn_name, strip(node.target))


def _void_slot(fn_name, e):
    if isinstance(e, ir.NameRef) and _is_void_pointer(e.type) and e.kind != "param":
        key = slot_of_name(fn_name, e)
        if key is not None:
            yield key


def _is_void_pointer(t) -> bool:
    return isinstance(t, ir.PointerType) and isinstance(t.pointee, ir.VoidType)


def _allocates(e: ir.Expr) -> bool:
    e = strip(e)
    if isinstance(e, ir.Call):
        callee = strip(e.callee)
        return isinstance(callee, ir.NameRef) and callee.kind == "library" and callee.name in load_rules().names("allocates", ("new", "resize"))
    return is_null_pointer(e)
