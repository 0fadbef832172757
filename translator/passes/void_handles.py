"""`void *` as an opaque handle: a pointer of any type, kept and given back, cast back at use.

Real C keeps pointers to different types in one `void *` (CoMD's halo exchange):

    typedef struct { int (*load)(void *parms, void *data, int face); void *parms; } Exchange;
    static int loadAtoms(void *vparms, void *data, int face) { AtomParms *p = (AtomParms *) vparms; ... }
    e->load = loadAtoms;  e->parms = atomParms;       /* another exchange: loadForces, forceParms */
    e->load(e->parms, sim, face);

The C# of such a `void *` is `object` (csharp/types.py's HANDLE): it holds whatever pointer it was given (a
`Ptr<T>`, an array), a cast back is `Handle.As<T>(h, "file:line:col")`, which checks the type at run time, and
NULL tests and comparisons are `Handle.IsNull` and `Handle.Same` (CloudMpi.Libc/Handle.cs). A `void *` becomes one
where nothing else gives it a type: a struct field, a function-pointer type's parameter (csharp/types.py), and any
variable that pointers.py's one cast (`void_type`) or generic_buffers.py's type parameters leave untyped.

This pass decides the one case where a typed `void *` must become a handle instead: a function stored in a struct
field (or an array element) of function-pointer type. The field's delegate type is the same for every function
stored in it (`Func<object, object, int, int>`), so each such function's `void *` parameters and result are
handles, even when the function casts its parameter to one type only, and so is every `void *` slot joined with
them (pointers.py's classes); the typed pointers joined with them (`AtomParms *p = vparms`) get what the cast
gives, a `Ptr<T>`.
"""
from __future__ import annotations

from typing import Set, Tuple

from .. import ir
from .pointers import PointerPlan, is_pointer, slot_of_name, strip


def plan_handles(tu: ir.TranslationUnit, plan: PointerPlan) -> None:
    """Fills plan.handles with the `void *` parameters and results of the functions stored in function-pointer
    fields or elements, and marks their classes Ptr<T>."""
    functions = {f.name: f for f in tu.functions}
    for name in sorted(_functions_stored_in_objects(tu, functions)):
        fn = functions[name]
        for p in fn.params:
            if _is_void_pointer(p.type):
                plan.handles.add(("var", name, p.name))
        if _is_void_pointer(fn.type.result):
            plan.handles.add(("ret", name, ""))
    plan.handle_roots = frozenset(plan.find(k) for k in plan.handles)
    for root in plan.handle_roots:
        plan.mark(root)


def handle_arguments(tu: ir.TranslationUnit, plan: PointerPlan) -> Set[Tuple[str, int]]:
    """(function, parameter index) of the `void *` parameters some call gives a handle (a `void *` field, or a slot
    of plan.handles' classes): `comdFree(e->parms)` of a `comdFree(void *p) { free(p); }`. Such a parameter
    holds a handle too, never a type parameter (generic_buffers.py): no type argument names what a handle holds."""
    out: Set[Tuple[str, int]] = set()
    for fn in tu.functions:
        if fn.body is None:
            continue
        for call in ir.nodes_of(fn.body, ir.Call):
            callee = strip(call.callee)
            if not (isinstance(callee, ir.NameRef) and callee.kind == "function"):
                continue
            for i, a in enumerate(call.args):
                if _is_handle_value(fn.name, a, plan):
                    out.add((callee.name, i))
    return out


def _is_handle_value(fn_name: str, e: ir.Expr, plan: PointerPlan) -> bool:
    e = strip(e)
    if not _is_void_pointer(e.type):
        return False
    if isinstance(e, ir.Member):
        return True  # a struct's `void *` field
    if isinstance(e, ir.NameRef):
        k = slot_of_name(fn_name, e)
        return k is not None and plan.is_handle(k)
    return False


def _is_void_pointer(t) -> bool:
    return is_pointer(t) and isinstance(t.pointee, ir.VoidType)


def _functions_stored_in_objects(tu: ir.TranslationUnit, functions) -> Set[str]:
    """Functions assigned to a struct field or an array element (`e->load = loadAtoms`): a place with no
    function of its own (pointers.PointerPlan.function_source), whose delegate type says `object`."""
    out: Set[str] = set()
    stored_params: Set[str] = set()  # names of function-pointer variables stored so (checked per function below)
    roots = [g.init for g in tu.globals if g.init is not None] + [f.body for f in tu.functions if f.body]
    for root in roots:
        for node in ir.nodes_of(root, ir.Assign):
            if node.op != "=":
                continue
            if not isinstance(strip(node.target), (ir.Member, ir.Index)):
                continue
            value = strip(node.value)
            while isinstance(value, ir.Cast):
                value = strip(value.operand)
            if isinstance(value, ir.NameRef) and value.kind == "function" and value.name in functions:
                out.add(value.name)
            elif isinstance(value, ir.NameRef) and value.kind != "function" and isinstance(value.type, ir.PointerType) \
                    and isinstance(value.type.pointee, ir.FunctionType):
                stored_params.add(value.name)
        for init in ir.nodes_of(root, ir.InitList):
            # a table of functions made by an initializer (IOR's `ior_aiori_t posix_aiori = {.create = POSIX_Create,
            # ...}`, an array of such structs): each function is stored in a field or element as by an assignment
            for item in init.items:
                value = strip(item)
                while isinstance(value, (ir.Cast, ir.Unary)) and \
                        (isinstance(value, ir.Cast) or value.op == "&"):
                    value = strip(value.operand)
                if isinstance(value, ir.NameRef) and value.kind == "function" and value.name in functions:
                    out.add(value.name)
    # A function-pointer parameter stored so (graph500's `aml_register_handler(void (*f)(int, void *, int), int n)
    # { aml_handlers[n] = f; }`): every function a call passes there is stored too.
    for fn in tu.functions:
        positions = [i for i, p in enumerate(fn.params) if p.name in stored_params and _stores(fn, p.name)]
        if not positions:
            continue
        for root in roots:
            for call in ir.nodes_of(root, ir.Call):
                callee = strip(call.callee)
                if not (isinstance(callee, ir.NameRef) and callee.name == fn.name):
                    continue
                for i in positions:
                    if i < len(call.args):
                        value = strip(call.args[i])
                        while isinstance(value, ir.Cast):
                            value = strip(value.operand)
                        if isinstance(value, ir.NameRef) and value.kind == "function" and value.name in functions:
                            out.add(value.name)
    return out


def _stores(fn: ir.Function, param: str) -> bool:
    """Whether fn's body assigns its parameter `param` to a struct field or an array element."""
    for node in ir.nodes_of(fn.body, ir.Assign) if fn.body is not None else ():
        if node.op == "=" and isinstance(strip(node.target), (ir.Member, ir.Index)):
            value = strip(node.value)
            while isinstance(value, ir.Cast):
                value = strip(value.operand)
            if isinstance(value, ir.NameRef) and value.name == param:
                return True
    return False
