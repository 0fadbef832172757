"""Whether a struct element an innermost loop passes to functions may live in a local copy while the loop runs.

nbody's force loop,

    for (j = 0; j < n; j++)
        apply_force(&local[i], &particles[j], &dmin, &davg, &navg);

reads `particle->x` and `->y` and adds to `particle->ax` and `->ay` on every iteration. gcc, once it has inlined
apply_force, loads x and y once per particle and keeps ax, ay in registers: a store to the field `ax` of a
particle_t cannot change the field `x` of any particle_t (two particle_t objects coincide or are disjoint), so it
may. The JIT has no such field-sensitive rule: a store through a reference makes every load through a reference
a new value, so it reads both fields again on every iteration (and tests the element's bounds every time).

A copy held in a local (`particle_t local_i = local[i];` before the loop, `local[i] = local_i;` after it) is the
same program when no other way into memory in the loop can see the difference, field by field (of a struct: a
union's fields overlap):
- every field the loop writes through the element, no other access in the loop reads or writes (another
  particle_t, `&particles[j]`, may be the same object: it reads only x and y, which nobody writes);
- no other access in the loop writes a field of the element's type at all (the write back would undo it);
- nothing in the loop reaches memory any other way: the body is calls of the program's own functions, each
  argument the element's address, another element of that type's address, a scalar variable's address, or a
  value that reads no memory; each called function reaches memory only through its parameters (`p->f` of a
  scalar field, `*q` of a scalar pointer given a scalar variable's address), its own locals and scalar globals,
  and calls nothing but pure library functions and functions that take no pointer. A scalar variable (`dmin`)
  is an object of its own, never a part of a struct, and a pointer the loop cannot obtain cannot reach it.
The caller (csharp/loops.py `_held_elements`) also checks that the element's index and array do not change in
the loop and that the loop cannot leave except at its end (no return, goto) so the copy is written back.
"""
from __future__ import annotations

from typing import Dict, FrozenSet, Optional, Set, Tuple

from .. import ir
from .queries import unwrap

_STEPS = ("post++", "post--", "pre++", "pre--")
_SCALARS = (ir.IntType, ir.FloatType)


class _Fields:
    """The fields of the element's type read and written through one kind of access (the element, the others)."""

    def __init__(self):
        self.read: Set[str] = set()
        self.written: Set[str] = set()


def holds_element(body: ir.Stmt, element_ids: FrozenSet[int], record: ir.RecordType,
                  functions: Dict[str, ir.Function], pure_library: FrozenSet[str]) -> bool:
    """Whether the struct element whose Index nodes in `body` are `element_ids` (all of them: one element, one
    index) may be held in a local copy while the loop runs (module docstring)."""
    if record.is_union:
        return False  # a union's fields overlap: a store to one changes the others
    items = body.items if isinstance(body, ir.Compound) else (body,)
    mine, others = _Fields(), _Fields()
    for item in items:
        if isinstance(item, ir.NullStmt):
            continue
        call = unwrap(item.expr) if isinstance(item, ir.ExprStmt) else None
        if not isinstance(call, ir.Call) or not _call_fields(call, element_ids, record, functions, pure_library,
                                                             mine, others):
            return False
    if others.written or mine.written & others.read:
        return False
    return bool(mine.read or mine.written)


def _call_fields(call: ir.Call, element_ids, record, functions, pure_library, mine: _Fields, others: _Fields) -> bool:
    callee = unwrap(call.callee)
    fn = functions.get(callee.name) if isinstance(callee, ir.NameRef) and callee.kind == "function" else None
    if fn is None or fn.body is None or fn.type.variadic or len(fn.params) != len(call.args) \
            or not _contained(fn, functions, pure_library, {fn.name}):
        return False
    for arg, param in zip(call.args, fn.params):
        a = unwrap(arg)
        if isinstance(param.type, ir.PointerType):
            if not (isinstance(a, ir.Unary) and a.op == "&"):
                return False
            target = unwrap(a.operand)
            if target.type == record and param.type.pointee == record:
                if isinstance(target, ir.Index) and id(target) in element_ids:
                    into = mine
                elif _reads_no_memory_but_indexes(target, element_ids):
                    into = others  # another object of the element's type (`&particles[j]`): maybe the same one
                else:
                    return False
                fields = param_fields(fn, param)
                if fields is None:
                    return False
                into.read |= fields[0]
                into.written |= fields[1]
            elif isinstance(target, ir.NameRef) and target.kind in ("local", "param") and isinstance(target.type, _SCALARS) \
                    and target.type == param.type.pointee and _derefs_only(fn, param):
                continue  # `&dmin`: a scalar variable, an object of its own
            else:
                return False
        elif not (isinstance(param.type, _SCALARS) and _reads_no_memory(a)):
            return False
    return True


def _reads_no_memory(e: ir.Expr) -> bool:
    """Names, constants and arithmetic: a value that reads and writes no memory."""
    for n in ir.walk(e):
        if isinstance(n, (ir.Index, ir.Member, ir.Call, ir.Assign, ir.Conditional)) \
                or isinstance(n, ir.Unary) and (n.op in _STEPS or n.op in ("*", "&")) \
                or isinstance(n, ir.NameRef) and n.kind not in ("local", "param", "enum_const"):
            return False
    return True


def _reads_no_memory_but_indexes(target: ir.Expr, element_ids) -> bool:
    """`particles[j]`: an element of a named array at an index that reads no memory (and is not the held element)."""
    if not isinstance(target, ir.Index) or id(target) in element_ids:
        return False
    base = unwrap(target.base)
    return isinstance(base, ir.NameRef) and base.kind in ("local", "param", "global") and _reads_no_memory(target.index)


def _contained(fn: ir.Function, functions, pure_library, visiting: Set[str]) -> bool:
    """Whether `fn` reaches memory only through its parameters, its locals and scalar globals, and calls only
    pure library functions and functions of scalar parameters that are contained themselves."""
    for n in ir.walk(fn.body):
        if isinstance(n, ir.NameRef):
            if n.kind == "global" and not isinstance(n.type, _SCALARS):
                return False  # a global pointer, array or struct may be, or point into, the element
        elif isinstance(n, ir.Call):
            callee = unwrap(n.callee)
            if not isinstance(callee, ir.NameRef):
                return False
            if callee.kind == "library":
                if callee.name not in pure_library:
                    return False
            elif callee.kind == "function":
                other = functions.get(callee.name)
                if other is None or other.body is None or callee.name in visiting \
                        or any(not isinstance(p.type, _SCALARS) for p in other.params) \
                        or not _contained(other, functions, pure_library, visiting | {callee.name}):
                    return False
            else:
                return False
        elif isinstance(n, ir.VarDecl) and n.storage is not None:
            return False  # a static local may hold a pointer from an earlier call
    return True


def param_fields(fn: ir.Function, param: ir.VarDecl) -> Optional[Tuple[Set[str], Set[str]]]:
    """(the fields read, the fields written) through the struct pointer parameter `param` of `fn`, each `param->f` of
    a scalar field; None when the parameter is used any other way (copied, stepped, indexed, its field's address
    taken, the whole struct read)."""
    read: Set[str] = set()
    written: Set[str] = set()
    fields_at: Dict[int, str] = {}  # the `name->f` nodes
    bases: Set[int] = set()  # the NameRefs of `name` that are such a node's base
    for n in ir.walk(fn.body):
        if isinstance(n, ir.Member) and n.arrow and _is_param(unwrap(n.base), param):
            if not isinstance(n.type, _SCALARS):
                return None
            fields_at[id(n)] = n.name
            bases.add(id(unwrap(n.base)))
    plain_stores: Set[int] = set()
    for n in ir.walk(fn.body):
        if isinstance(n, ir.Assign) or isinstance(n, ir.Unary) and n.op in _STEPS:
            target = unwrap(n.target if isinstance(n, ir.Assign) else n.operand)
            if id(target) in fields_at:
                written.add(fields_at[id(target)])
                if isinstance(n, ir.Assign) and n.op == "=":
                    plain_stores.add(id(target))
        elif isinstance(n, ir.Unary) and n.op == "&" and id(unwrap(n.operand)) in fields_at:
            return None
        elif _is_param(n, param) and id(n) not in bases:
            return None
    read.update(f for at, f in fields_at.items() if at not in plain_stores)
    return read, written


def _derefs_only(fn: ir.Function, param: ir.VarDecl) -> bool:
    """Whether the scalar pointer parameter `param` is used only as `*param` (read or written)."""
    derefs = {id(unwrap(n.operand)) for n in ir.walk(fn.body) if isinstance(n, ir.Unary) and n.op == "*"}
    return all(id(n) in derefs for n in ir.walk(fn.body) if _is_param(n, param))


def _is_param(n: ir.Expr, param: ir.VarDecl) -> bool:
    return isinstance(n, ir.NameRef) and n.kind == "param" and n.name == param.name  # (a local of that name is "local")
