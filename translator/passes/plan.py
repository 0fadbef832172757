"""The program's plan, made before any C# is written and frozen: what the emission reads about the whole
program and never decides while it writes (docs/architecture.md, "State by lifetime").

- `pointers`: each pointer's representation and the boxed variables (pointers.py), the `void *` slots that must
  be opaque handles (void_handles.py), then the `void *` parameters that become type parameters and the `void *`
  slots that hold bytes (generic_buffers.py), and the `void *` slots that only carry integers (void_integers.py);
- `static_globals`: the globals that stay static, never written (constants.py) and not boxed;
- `inlined`: the functions marked for the JIT's inlining (inlining.py);
- `recursive`: the functions on a cycle of the call graph, which check the stack (recursion.py);
- `sets_errhandler`: whether the program installs an MPI error handler (an MPI call used as a statement then
  goes through cMPI.Try, csharp/mpi.py);
- `inline_array_sizes`: the lengths of the fixed arrays inside the program's structs, each an `InlineArrayN<T>`
  type the class declares.

A function's loop views (csharp/loops.py's LoopViews) are planned per function, before its emission: they
need the C# names and types of its arrays.

The pointer passes fill a mutable PointerPlan (a union-find over slots); the Plan holds a read-only copy of it
(`FrozenPointerPlan`): its sets are frozensets, its maps read-only views, and its `find` follows the links
without compressing them, so the emission cannot change a decision, even by asking.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from types import MappingProxyType
from typing import FrozenSet

from .. import ir
from ..recursion import recursive_functions
from ..rules import RuleTable
from .constants import never_written_globals
from .generic_buffers import plan_byte_buffers, plan_generic_buffers
from .inlining import functions_to_inline
from .pointers import PointerPlan, plan_pointers
from .void_handles import plan_handles
from .void_integers import plan_integer_carriers
from .queries import flat_length

class FrozenPointerPlan(PointerPlan):
    """A PointerPlan no one can change (frozen_pointer_plan makes one)."""

    def __setattr__(self, name, value):
        raise dataclasses.FrozenInstanceError(f"the pointer plan is frozen (passes/plan.py): cannot set {name}")

    def find(self, k):
        parent = self.parent
        while parent.get(k, k) != k:  # a slot no pass joined is its own root (PointerPlan.find records it so)
            k = parent[k]
        return k


def frozen_pointer_plan(pointers: PointerPlan) -> FrozenPointerPlan:
    frozen = object.__new__(FrozenPointerPlan)
    for f in dataclasses.fields(pointers):
        object.__setattr__(frozen, f.name, _read_only(getattr(pointers, f.name)))
    # each slot linked straight to its root, so the frozen find takes one step
    object.__setattr__(frozen, "parent", MappingProxyType({k: pointers.find(k) for k in list(pointers.parent)}))
    return frozen


def _read_only(value):
    if isinstance(value, (set, frozenset)):
        return frozenset(value)
    if isinstance(value, dict):
        return MappingProxyType({k: _read_only(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(value)
    return value


@dataclass(frozen=True)
class Plan:
    pointers: FrozenPointerPlan
    static_globals: FrozenSet[str]
    inlined: FrozenSet[str]
    recursive: FrozenSet[str]
    sets_errhandler: bool
    inline_array_sizes: FrozenSet[int]


def plan_program(tu: ir.TranslationUnit, rules: RuleTable) -> Plan:
    errhandler_setters = rules.names("sets_errhandler")  # the rows' fact (MPI_Errhandler_set: MPI-1's name)
    pointers = plan_pointers(tu, lambda name, i, call: library_takes_ref(rules, name, i, call))
    plan_handles(tu, pointers)
    plan_generic_buffers(tu, pointers)
    plan_byte_buffers(tu, pointers)
    plan_integer_carriers(tu, pointers, rules)
    return Plan(
        pointers=frozen_pointer_plan(pointers),
        static_globals=frozenset(name for name in never_written_globals(tu)
                                 if not pointers.is_boxed(("var", "", name))),  # a global's slot key
        inlined=frozenset(functions_to_inline(tu)),
        recursive=frozenset(recursive_functions(tu)),
        sets_errhandler=any(n.kind == "library" and n.name in errhandler_setters
                            for f in tu.functions if f.body is not None for n in ir.nodes_of(f.body, ir.NameRef)),
        inline_array_sizes=frozenset(flat_length(f.type) for rec in tu.order if isinstance(rec, ir.RecordDecl)
                                     for f in rec.fields if isinstance(f.type, ir.ArrayType) and flat_length(f.type)))


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
    if i in rules.libc[name].no_ref:
        return False  # the runtime takes a Ptr<T> there (localtime_r's result): x lives in a one-element array
    # memset(&s, ...), fwrite(&x, ...), bsearch(&key, ...): a `void *` takes a buffer, so x lives in one
    ftype = call.callee.type if isinstance(call.callee.type, ir.FunctionType) else None
    callee = call.callee
    while ftype is None and hasattr(callee, "operand"):
        callee = callee.operand
        ftype = callee.type if isinstance(callee.type, ir.FunctionType) else None
    if ftype is not None and i < len(ftype.params):
        p = ftype.params[i]
        return not (isinstance(p, ir.PointerType) and isinstance(p.pointee, ir.VoidType))
    if rules.libc[name].family == "formatted_output":
        # a variable argument of printf's kind (`printf("%s%n", s, &n)`, `printf("%p", &x)`) is an object in the
        # call's params array, never a ref: x lives in a one-element array, which %n writes the count into
        return False
    return True

