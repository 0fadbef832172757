"""The plan of a program's pointers, made before any C# is written: each pointer's representation and the
boxed variables (pointers.py), then the `void *` parameters that become type parameters and the `void *`
slots that hold bytes (generic_buffers.py)."""
from __future__ import annotations

from .. import ir
from .generic_buffers import plan_byte_buffers, plan_generic_buffers
from .pointers import PointerPlan, plan_pointers


def plan_program(tu: ir.TranslationUnit, library_calls_take_refs) -> PointerPlan:
    plan = plan_pointers(tu, library_calls_take_refs)
    plan_generic_buffers(tu, plan)
    plan_byte_buffers(tu, plan)
    return plan
