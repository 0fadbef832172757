"""Handlers the expression core (exprs.py) dispatches to without importing them.

As mypyc's primitives registry: a handler module imports the core and registers itself with a decorator;
the core looks handlers up here by IR node type, by call kind or by operation name, so no module of
translator/csharp/ needs the one that imports it (tests/test_architecture.py checks the graph has no cycle).
decls.py, the program's entry point, imports every handler module once, which registers them.

- `@registry.expression(ir.InitList)`: converts one kind of IR expression node, `(ctx, e) -> CsExpr`.
- `@registry.call("mpi")`, `@registry.call("libc")`: converts a call of a library function with a row in rules/*.toml,
  `(ctx, call, callee, rule) -> CsExpr`.
- `@registry.builtin("__builtin_va_start", ...)`: converts a call of a builtin without a row, by its name,
  `(ctx, call, name) -> CsExpr`.
- `@registry.operation("pointer_cast")`: one operation the core delegates (pointer arithmetic, address-of, a
  generic method's type arguments, ...), `delegate(name)(...)` in the core; KNOWN_OPERATIONS lists each
  with its arguments.
"""
from __future__ import annotations

from typing import Callable, Dict

EXPRESSIONS: Dict[type, Callable] = {}
CALLS: Dict[str, Callable] = {}
BUILTINS: Dict[str, Callable] = {}
# The operations the core delegates, with the module that registers each (pointer_exprs.py, memory.py,
# generic_calls.py).
OPERATIONS: Dict[str, Callable] = {}
KNOWN_OPERATIONS = {
    "pointer_cast": "pointer_exprs",          # (ctx, e: ir.Cast) -> CsExpr, a cast to or from a pointer
    "pointer_binary": "pointer_exprs",        # (ctx, e: ir.Binary) -> CsExpr, p + k, p - q, p < q, p == q
    "address_of": "pointer_exprs",            # (ctx, e: ir.Unary) -> CsExpr, &x
    "pointee_stride": "pointer_exprs",
    "flexible_elements": "pointer_exprs",     # (ctx, e: ir.Member) -> CsExpr, a Ptr to a flexible array member's elements        # (ctx, c_type) -> CsExpr, flat elements one step of a pointer moves
    "ref_argument": "pointer_exprs",          # (ctx, arg, any_type=False) -> str, the target of a `ref` argument
    "allocation_into_void_slot": "memory",    # (ctx, value, key) -> Optional[CsExpr]
    "allocation_into_handle": "memory",       # (ctx, value) -> Optional[CsExpr], malloc into an `object` handle
    "generic_call_arguments": "generic_calls",  # (ctx, fn) -> {argument index: type parameter}
    "type_argument": "generic_calls",         # (ctx, arg) -> str
    "result_type_argument": "generic_calls",  # (ctx, call) -> Optional[str], a generic result's default
}


def expression(node_type: type):
    def register(fn: Callable) -> Callable:
        EXPRESSIONS[node_type] = fn
        return fn
    return register


def call(kind: str):
    def register(fn: Callable) -> Callable:
        CALLS[kind] = fn
        return fn
    return register


def builtin(*names: str):
    def register(fn: Callable) -> Callable:
        for name in names:
            BUILTINS[name] = fn
        return fn
    return register


def operation(name: str):
    if name not in KNOWN_OPERATIONS:
        raise KeyError(f"{name!r} is no operation of translator/csharp/registry.py (KNOWN_OPERATIONS)")

    def register(fn: Callable) -> Callable:
        OPERATIONS[name] = fn
        return fn
    return register


def delegate(name: str) -> Callable:
    """The handler of an operation; a clear error when its module was never imported."""
    try:
        return OPERATIONS[name]
    except KeyError:
        raise LookupError(f"no handler registered for the operation {name!r}: translator/csharp/"
                          f"{KNOWN_OPERATIONS.get(name, '?')}.py registers it when imported (decls.py imports "
                          f"every handler module)") from None
