"""`void *` that only ever carries an integer: C's idiom of passing a number where the interface says `void *`.

The tutorials start threads so (LLNL's posix samples, Pacheco's `pth_*.c`):

    for (i = 0; i < n; i++) pthread_create(&t[i], NULL, work, (void *)i);      /* long i */
    void *work(void *arg) { long rank = (long)arg; ...; pthread_exit((void *)(rank + 1)); }
    pthread_join(t[i], &status); printf("%ld\n", (long)status);                 /* void *status */

and a callback's user data is the same (`visit(item, (void *)offset)`, `long offset = (long)data`). C converts the
integer to a pointer and back, which gives the integer again. No pointer is made: this pass finds the `void *` slots
(pointers.py's variables, parameters and results, joined by assignment, argument passing and return) whose every
value is an integer cast to `void *` or NULL, and whose every use is a cast back to an integer, a truth test, a
comparison or a store into another such slot. Such a class is declared `nint` in C# (csharp/types.py's
INTEGER_CARRIER): `(void *)i` is `(nint)i`, `(long)arg` is `(long)arg`.

Library rows say where their `void *` values go (rules/__init__.py): pthread_create's `thread_start` runs its function
with its `void *` argument (the function's parameter joins that argument's class) and makes the function's result the
thread's value; pthread_exit's `thread_value` is the thread's value; pthread_join's `thread_value_out` receives one.
All threads' values are one class (a thread's value may reach any join).

A class that mixes an integer with a pointer (a value that is an address, a use that reads memory) is not one: the
cast that makes the integer a pointer stays a located error (-Winteger-to-pointer, csharp/pointer_exprs.py), as before.
"""
from __future__ import annotations

from typing import Dict, Optional, Set

from .. import ir
from ..rules import RuleTable
from .pointers import PointerPlan, SlotKey, is_pointer, slot_of_name, strip
from .queries import is_null_pointer

THREAD_VALUE: SlotKey = ("thread", "", "value")  # what pthread_exit and a thread function's return give, join reads


def _is_void_pointer(t) -> bool:
    return is_pointer(t) and isinstance(t.pointee, ir.VoidType)


class _Classes:
    """A union-find over the slots, started from pointers.py's classes, with the joins only this pass makes (a
    thread function's parameter and the argument pthread_create passes it): the plan's own classes stay as they are."""

    def __init__(self, plan: PointerPlan):
        self.plan = plan
        self.parent: Dict[SlotKey, SlotKey] = {}

    def find(self, k: SlotKey) -> SlotKey:
        k = self.plan.find(k) if k[0] in ("var", "ret") else k
        while self.parent.get(k, k) != k:
            k = self.parent[k]
        return k

    def union(self, a: SlotKey, b: SlotKey) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[ra] = rb


class _Walk:
    def __init__(self, tu: ir.TranslationUnit, plan: PointerPlan, rules: RuleTable):
        self.tu, self.plan, self.rules = tu, plan, rules
        self.functions = {f.name: f for f in tu.functions}
        self.classes = _Classes(plan)
        self.slots: Set[SlotKey] = set()
        self.integer_in: Set[SlotKey] = set()   # slots given `(void *)n`
        self.integer_out: Set[SlotKey] = set()  # slots read as `(long)p`
        self.pointer: Set[SlotKey] = set()      # slots given an address or read as memory
        self.casts = []                          # (where, slot): `(void *)n` stored into the slot
        self.joins = []                          # (slot, slot) pairs to union once the walk is done
        self.fn: Optional[str] = None

    # ------------------------------------------------------------ values stored into a `void *` slot

    def _value(self, dst: SlotKey, e: ir.Expr) -> None:
        """The value e is stored into the slot dst (an assignment, an initializer, an argument, a return)."""
        self.slots.add(dst)
        e = strip(e)
        if is_null_pointer(e):
            return
        if isinstance(e, ir.Cast) and _is_void_pointer(e.type):
            inner = strip(e.operand)
            if isinstance(inner.type, ir.IntType):
                self.integer_in.add(dst)
                self.casts.append((e.loc, dst))
                return
            if _is_void_pointer(inner.type):
                return self._value(dst, inner)
            self.pointer.add(dst)
            return
        source = self._slot_of(e)
        if source is not None:
            self.joins.append((dst, source))
            return
        self.pointer.add(dst)

    def _slot_of(self, e: ir.Expr) -> Optional[SlotKey]:
        """The `void *` slot an expression reads: a variable or parameter, a program function's result."""
        e = strip(e)
        if isinstance(e, ir.NameRef) and _is_void_pointer(e.type):
            return slot_of_name(self.fn, e)
        if isinstance(e, ir.Call) and _is_void_pointer(e.type):
            callee = strip(e.callee)
            if isinstance(callee, ir.NameRef) and callee.kind == "function" and callee.name in self.functions:
                return ("ret", callee.name, "")
        return None

    # ------------------------------------------------------------ the walk

    def run(self) -> None:
        for g in self.tu.globals:
            if g.init is not None and _is_void_pointer(g.type):
                self.fn = None
                self._value(("var", "", g.name), g.init)
                self._expr(g.init, handled=True)
        for f in self.tu.functions:
            self.fn = f.name
            for p in f.params:
                if _is_void_pointer(p.type):
                    self.slots.add(("var", f.name, p.name))
            if _is_void_pointer(f.type.result):
                self.slots.add(("ret", f.name, ""))
            if f.body is not None:
                self._node(f.body)
        self.fn = None

    def _node(self, node) -> None:
        if isinstance(node, ir.VarDecl):
            if node.init is not None and _is_void_pointer(node.type):
                self._value(("var", self.fn or "", node.name), node.init)
                self._expr(node.init, handled=True)
            elif node.init is not None:
                self._expr(node.init)
            return
        if isinstance(node, ir.Return):
            if node.value is not None and self.fn is not None and _is_void_pointer(self.functions[self.fn].type.result):
                self._value(("ret", self.fn, ""), node.value)
                self._expr(node.value, handled=True)
            elif node.value is not None:
                self._expr(node.value)
            return
        if isinstance(node, ir.ExprStmt) and isinstance(strip(node.expr), ir.Call):
            self._call(strip(node.expr))  # a result no one reads
            return
        if isinstance(node, ir.Expr):
            self._expr(node)
            return
        if isinstance(node, (ir.If, ir.While, ir.DoWhile, ir.For)) and node.cond is not None:
            self._condition(node.cond)
            for x in ir.children(node):
                if x is not node.cond:
                    self._node(x)
            return
        for x in ir.children(node):
            self._node(x)

    def _expr(self, e, handled: bool = False) -> None:
        """The uses of `void *` slots in e. handled: e's own value was given to _value (a store into a slot)."""
        e = strip(e)
        if handled and self._slot_of(e) is not None:
            # the value itself, stored into a slot (joined there); a call's arguments are still uses
            if isinstance(e, ir.Call):
                self._call(e)
            return
        if handled and isinstance(e, ir.Cast) and _is_void_pointer(e.type):
            inner = strip(e.operand)
            if _is_void_pointer(inner.type):
                return self._expr(inner, handled=True)
            return self._expr(inner)
        if isinstance(e, ir.NameRef):
            k = slot_of_name(self.fn, e) if _is_void_pointer(e.type) else None
            if k is not None:
                self.slots.add(k)
                self.pointer.add(k)  # a use no rule below accepts: memory, an address, printf's %p
            return
        if isinstance(e, ir.Cast):
            inner = strip(e.operand)
            k = self._slot_of(inner)
            if k is not None and isinstance(e.type, ir.IntType):
                self.slots.add(k)
                if e.type.name != "_Bool":
                    self.integer_out.add(k)  # `(long)arg`; `(_Bool)arg` is a truth test
                if isinstance(inner, ir.Call):
                    self._call(inner)
                return
            if k is not None and _is_void_pointer(e.type):
                return self._expr(inner, handled=False)  # `(void *)p`: p's own use, as it is
            return self._expr(e.operand)
        if isinstance(e, ir.Assign):
            if _is_void_pointer(e.target.type) and e.op == "=":
                target = self._slot_of(e.target)
                if target is not None:
                    self.slots.add(target)
                    self._value(target, e.value)
                    self._expr(e.value, handled=True)
                    return
            self._expr(e.target)
            self._expr(e.value)
            return
        if isinstance(e, ir.Unary) and e.op == "!":
            return self._condition(e.operand)
        if isinstance(e, ir.Binary) and e.op in ("&&", "||"):
            self._condition(e.lhs)
            self._condition(e.rhs)
            return
        if isinstance(e, ir.Binary) and e.op in ("==", "!="):
            sides = [e.lhs, e.rhs]
            keys = [self._slot_of(s) for s in sides]
            for s, k, other in ((e.lhs, keys[0], e.rhs), (e.rhs, keys[1], e.lhs)):
                if k is not None and (is_null_pointer(other) or self._slot_of(other) is not None):
                    self._condition(s)  # compared with NULL or with another such slot
                else:
                    self._expr(s)
            if None not in keys:
                self.joins.append((keys[0], keys[1]))  # compared: one kind of value
            return
        if isinstance(e, ir.Call):
            k = self._slot_of(e)
            if k is not None:
                self.slots.add(k)
                self.pointer.add(k)  # `double *b = align_buffer(...)`: the result used as memory
            return self._call(e)
        if isinstance(e, ir.Conditional):
            self._condition(e.cond)
            self._expr(e.then)
            self._expr(e.otherwise)
            return
        for x in ir.children(e):
            self._node(x)

    def _condition(self, e: ir.Expr) -> None:
        """e as a truth value (`if (arg)`, `while (p)`, `arg ? a : b`): a `void *` slot there is only tested."""
        k = self._slot_of(e)
        if k is None:
            return self._expr(e)
        self.slots.add(k)
        if isinstance(strip(e), ir.Call):
            self._call(strip(e))

    def _call(self, call: ir.Call) -> None:
        callee = strip(call.callee)
        name = callee.name if isinstance(callee, ir.NameRef) else None
        fn = self.functions.get(name) if name is not None and callee.kind == "function" else None
        if fn is None and isinstance(callee, ir.NameRef) and callee.kind != "function" and callee.kind != "library":
            # a call through a function-pointer variable: the function stored in it takes the arguments
            k = slot_of_name(self.fn, callee)
            source = self.plan.function_source(k) if k is not None else None
            fn = self.functions.get(source) if source is not None else None
            if fn is None:
                self._expr(call.callee)
        elif fn is None and not isinstance(callee, ir.NameRef):
            self._expr(call.callee)
        rule = self.rules.libc.get(name) if fn is None and name is not None else None
        for i, a in enumerate(call.args):
            if fn is not None and i < len(fn.params) and _is_void_pointer(fn.params[i].type):
                self._value(("var", fn.name, fn.params[i].name), a)
                self._expr(a, handled=True)
            elif rule is not None and self._library_value(call, rule, i, a):
                pass
            elif rule is not None and self._variadic(callee, i) and self._slot_of(a) is not None:
                # printf("%ld", arg) of a `void *` (the tutorials' hello32.c prints its thread number so): the number
                self.slots.add(self._slot_of(a))
                if isinstance(strip(a), ir.Call):
                    self._call(strip(a))
            else:
                self._expr(a)

    @staticmethod
    def _variadic(callee: ir.NameRef, i: int) -> bool:
        """Argument i of a library call is one of its variadic arguments (printf's values)."""
        ftype = callee.type
        return isinstance(ftype, ir.FunctionType) and ftype.variadic and i >= len(ftype.params)

    def _library_value(self, call: ir.Call, rule, i: int, a: ir.Expr) -> bool:
        """A `void *` argument whose row says where it goes (thread_start, thread_value, thread_value_out)."""
        if rule.thread_start is not None and i == rule.thread_start[1] and _is_void_pointer(a.type):
            start = strip(call.args[rule.thread_start[0]]) if rule.thread_start[0] < len(call.args) else None
            while isinstance(start, ir.Cast) or (isinstance(start, ir.Unary) and start.op == "&"):
                start = strip(start.operand)
            f = self.functions.get(start.name) if isinstance(start, ir.NameRef) and start.kind == "function" else None
            if f is None or not f.params or not _is_void_pointer(f.params[0].type):
                return False
            self._value(("var", f.name, f.params[0].name), a)
            self._expr(a, handled=True)
            if _is_void_pointer(f.type.result):
                self.joins.append((("ret", f.name, ""), THREAD_VALUE))
            return True
        if rule.thread_value is not None and i == rule.thread_value and _is_void_pointer(a.type):
            self._value(THREAD_VALUE, a)
            self._expr(a, handled=True)
            return True
        if rule.thread_value_out is not None and i == rule.thread_value_out:
            target = strip(a)
            while isinstance(target, ir.Cast):
                target = strip(target.operand)
            if isinstance(target, ir.Unary) and target.op == "&":
                k = self._slot_of(target.operand)
                if k is not None and isinstance(strip(target.operand), ir.NameRef):
                    self.slots.add(k)
                    self.joins.append((k, THREAD_VALUE))
                    return True
        return False

    # ------------------------------------------------------------ the classes

    def integer_slots(self) -> frozenset:
        for a, b in self.joins:
            self.classes.union(a, b)
        every = set(self.slots) | {k for k in self.plan.parent if k[0] in ("var", "ret")}
        by_root: Dict[SlotKey, Set[SlotKey]] = {}
        for k in every:
            by_root.setdefault(self.classes.find(k), set()).add(k)
        out = set()
        for members in by_root.values():
            if not members & (self.integer_in | self.integer_out) or members & self.pointer:
                continue
            if any(self._typed_elsewhere(k) for k in members):
                continue
            out |= {k for k in members if k[0] in ("var", "ret")}
        return frozenset(out)

    def _typed_elsewhere(self, k: SlotKey) -> bool:
        """A slot another pass gave a pointer's type: a handle, a generic buffer parameter, a `void *` read as one
        type. (A generic result, `void *f(...)` returning `(void *)n` or NULL, is generic_buffers.py's address made
        from an integer only if a caller reads it as memory: a pointer use here.)"""
        if k[0] not in ("var", "ret"):
            return False
        generic = k in self.plan.generic_buffers and not self._generic_result(k)
        typed = self.plan.void_type(k) is not None and not (k[0] == "ret" and self._returns_only_null(k[1]))
        return self.plan.is_handle(k) or generic or typed

    def _returns_only_null(self, name: str) -> bool:
        """The function returns NULL or nothing (a thread function that ends in pthread_exit): pointers.py's bytes
        for such a result are a default, no type the program gives it."""
        fn = self.functions.get(name)
        return fn is not None and fn.body is not None and \
            all(r.value is None or is_null_pointer(r.value) for r in ir.nodes_of(fn.body, ir.Return))

    def _generic_result(self, k: SlotKey) -> bool:
        """k is a generic result's slot: the result, or a local it returns (generic_buffers.py)."""
        name = self.plan.result_type_parameters.get(k[1])
        return name is not None and self.plan.generic_buffers.get(k) == name


def plan_integer_carriers(tu: ir.TranslationUnit, plan: PointerPlan, rules: RuleTable) -> None:
    """Fills plan.integer_slots with the `void *` slots that only carry integers (the module's comment); a generic
    result among them (generic_buffers.py) is no longer one: it has no type parameter."""
    if not _casts_void_pointers(tu):
        # (issue 28: the walk below visits every node of the program, and finds nothing without such a cast)
        plan.integer_slots = plan.integer_casts = frozenset()
        return
    walk = _Walk(tu, plan, rules)
    walk.run()
    plan.integer_slots = walk.integer_slots()
    integer_roots = {walk.classes.find(k) for k in plan.integer_slots}
    plan.integer_casts = frozenset(where for where, slot in walk.casts if walk.classes.find(slot) in integer_roots)
    for k in plan.integer_slots:
        if walk._generic_result(k):
            name = plan.result_type_parameters.pop(k[1])
            for slot in [s for s, t in plan.generic_buffers.items() if s[1] == k[1] and t == name]:
                del plan.generic_buffers[slot]
            plan.unmanaged_type_parameters.discard((k[1], name))


def _casts_void_pointers(tu: ir.TranslationUnit) -> bool:
    """Whether the program writes a cast of an integer to `void *` (`(void *)i`) or of a `void *` to an integer
    (`(long)arg`): a slot's integers come in and go out through such casts only (_Walk's `integer_in` and
    `integer_out`; the implicit ones are stripped), so without one no slot is an integer carrier. NULL's `(void *)0`
    brings none in: _Walk's `_value` takes it for no value."""
    roots = [g.init for g in tu.globals if g.init is not None] + [f.body for f in tu.functions if f.body is not None]
    for root in roots:
        for c in ir.nodes_of(root, ir.Cast):
            if c.implicit:
                continue
            operand = strip(c.operand).type
            if _is_void_pointer(c.type) and isinstance(operand, ir.IntType) and not is_null_pointer(c) or \
                    isinstance(c.type, ir.IntType) and _is_void_pointer(operand):
                return True
    return False
