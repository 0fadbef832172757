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

A `void *` variable that MPI calls, free and the mem* functions alone use (`void *buf = malloc(size)` for
MPI_Pack) holds bytes: plan_byte_buffers.
"""
from __future__ import annotations

from typing import Dict, Set, Tuple

from .. import ir
from .pointers import PointerPlan, slot_of_name, strip
from .queries import is_null_pointer
from ..rules import load as load_rules

SlotKey = Tuple[str, str, str]


def plan_generic_buffers(tu: ir.TranslationUnit, plan: PointerPlan) -> None:
    """Fills plan.generic_buffers (slot -> type parameter) and plan.type_parameters (function -> [(index, name)])."""
    functions = {fn.name: fn for fn in tu.functions}
    candidates: Set[Tuple[str, int]] = set()
    for fn in tu.functions:
        for i, p in enumerate(fn.params):
            key = ("var", fn.name, p.name)
            if isinstance(p.type, ir.PointerType) and isinstance(p.type.pointee, ir.VoidType) \
                    and plan.void_type(key) is None and key not in plan.boxed and not plan.is_ref_param(key):
                candidates.add((fn.name, i))
    # The largest set in which every use is an MPI call's argument or a candidate's argument: drop until stable.
    changed = True
    while changed:
        changed = False
        for fn_name, i in sorted(candidates):
            fn = functions[fn_name]
            if not _only_passed_on(fn, fn.params[i].name, candidates, functions):
                candidates.discard((fn_name, i))
                changed = True
    for fn_name, i in sorted(candidates):
        name = functions[fn_name].params[i].name
        type_name = "T" + name[:1].upper() + name[1:]
        plan.generic_buffers[("var", fn_name, name)] = type_name
        plan.type_parameters.setdefault(fn_name, []).append((i, type_name))




def plan_byte_buffers(tu: ir.TranslationUnit, plan: PointerPlan) -> None:
    """`void *buf = malloc(n)` used only as an MPI buffer (MPI_Pack's output, then MPI_Send(buf, pos,
    MPI_PACKED, ...)), by free and the mem* functions, or passed to a generic buffer parameter: nothing reads it
    as a type, so it holds bytes, as MPI_PACKED data is. Its slot gets `unsigned char` (pointers.py's
    void_type): `buf = new byte[n]`."""
    uses: Dict[SlotKey, int] = {}
    allowed: Dict[SlotKey, int] = {}
    roots = [(None, g.init) for g in tu.globals if g.init is not None] + \
            [(fn.name, fn.body) for fn in tu.functions if fn.body is not None]
    for fn_name, root in roots:
        for node in ir.walk(root):
            if isinstance(node, ir.NameRef) and _is_void_pointer(node.type) and node.kind != "param":
                key = slot_of_name(fn_name, node)
                if key is not None:
                    uses[key] = uses.get(key, 0) + 1
            for key in _byte_buffer_uses(fn_name, node, plan):
                allowed[key] = allowed.get(key, 0) + 1
    for key, n in uses.items():
        if allowed.get(key) == n and plan.void_type(key) is None and key not in plan.boxed:
            plan.void_casts[key] = {ir.IntType("unsigned char")}


def _byte_buffer_uses(fn_name, node, plan: PointerPlan):
    """The void * variables this node uses as a byte buffer may be used: an argument of an MPI call, of free or
    memset/memcpy, or of a generic buffer parameter; the target of an allocation or NULL."""
    if isinstance(node, ir.Call):
        callee = strip(node.callee)
        if isinstance(callee, ir.NameRef):
            generic = dict(plan.type_parameters.get(callee.name, [])) if callee.kind == "function" else {}
            for i, arg in enumerate(node.args):
                if (callee.kind == "library" and (callee.name.startswith("MPI_") or callee.name in load_rules().names("bytes"))) \
                        or i in generic:
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


def _only_passed_on(fn: ir.Function, param: str, candidates, functions) -> bool:
    """Whether every use of the parameter in fn's body is an argument of an MPI call or of a candidate."""
    uses = sum(1 for n in ir.walk(fn.body) if _is_param(n, param))
    passed = 0
    for call in (n for n in ir.walk(fn.body) if isinstance(n, ir.Call)):
        callee = strip(call.callee)
        if not isinstance(callee, ir.NameRef):
            continue
        for i, arg in enumerate(call.args):
            if not _is_param(strip(arg), param):
                continue
            if callee.kind == "library" and callee.name.startswith("MPI_"):
                passed += 1
            elif callee.kind == "function" and (callee.name, i) in candidates and callee.name in functions:
                passed += 1
    return passed == uses  # an unused `void *` parameter qualifies too


def _is_param(e: ir.Expr, name: str) -> bool:
    return isinstance(e, ir.NameRef) and e.kind == "param" and e.name == name
