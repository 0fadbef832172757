"""The plan of a program's pointers, made before any C# is written: each pointer's representation and the
boxed variables (pointers.py), then the `void *` parameters that become type parameters and the `void *`
slots that hold bytes (generic_buffers.py)."""
from __future__ import annotations

from .. import ir
from ..rules import RuleTable
from .generic_buffers import plan_byte_buffers, plan_generic_buffers
from .pointers import PointerPlan, plan_pointers


def plan_program(tu: ir.TranslationUnit, rules: RuleTable) -> PointerPlan:
    plan = plan_pointers(tu, lambda name, i, call: library_takes_ref(rules, name, i, call))
    plan_generic_buffers(tu, plan)
    plan_byte_buffers(tu, plan)
    return plan


def library_takes_ref(rules: RuleTable, name: str, i: int, call: ir.Call) -> bool:
    """Whether argument i of a library call can be `ref x` for `&x` (so x needs no box)."""
    rule = rules.mpi.get(name)
    if rule is not None:
        kind = rule.params[i] if rule.params and i < len(rule.params) else None
        if kind == "buffer":
            # only where cMPI has a `ref` overload (the row's ref_buffers; never in a call that keeps its buffer
            # after it returns, MPI_Isend, MPI_Win_create): elsewhere a scalar passed as `&x` lives in a
            # one-element array (DESIGN), and a struct passed as `&s.f` in one too (its field becomes a view)
            return i in rule.ref_buffers
        # `&x` as an array argument (MPI_Waitall(1, &req, ...), a struct type's &disp) is x's one-element array,
        # and MPI_Get_address's location must stay valid after the call (Addresses.cs): x lives in an array
        return kind in ("out", "ref", "status", "unread")  # unread: nothing is passed
    if name not in rules.libc:
        return False
    # memset(&s, ...), fwrite(&x, ...), bsearch(&key, ...): a `void *` takes a buffer, so x lives in one
    ftype = call.callee.type if isinstance(call.callee.type, ir.FunctionType) else None
    callee = call.callee
    while ftype is None and hasattr(callee, "operand"):
        callee = callee.operand
        ftype = callee.type if isinstance(callee.type, ir.FunctionType) else None
    if ftype is not None and i < len(ftype.params):
        p = ftype.params[i]
        return not (isinstance(p, ir.PointerType) and isinstance(p.pointee, ir.VoidType))
    return True
