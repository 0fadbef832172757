"""The C globals are the state of one rank: instance fields of the program class.

cmpi-run's inproc transport runs every rank as a thread of one process. The port's class is
instantiated once per rank (`new Program().main(...)`), so each rank has its own globals while all
ranks share one load of the compiled program, and the JIT compiles each function once for the job
instead of once per rank. Functions are instance methods for the same reason; C constants (`#define`,
never-written numbers: constants.py) stay `const`/`static readonly`, identical in every rank.

C# runs field initializers before the object exists, so an initializer may not name another field or
a method (CS0236). C allows constant initializers that do (`int *p = &g;`, `handler_t h = on_error;`,
a table of function pointers): those fields are declared bare and assigned in the constructor, in
source order, after every plain initializer has run (as C has all of them in place before `main`).
"""
from __future__ import annotations

from .. import ir
from .cstypes import parse as parse_cs_type


def names_instance_member(init: ir.Expr | None, static_globals) -> bool:
    """Whether the initializer of a global or static local names a function, a global (not a static one) or
    a static local (`static int *p = &count;`)."""
    if init is None:
        return False
    for node in ir.walk(init):
        if isinstance(node, ir.NameRef) and (
                node.kind in ("function", "static_local") or (node.kind == "global" and node.name not in static_globals)):
            return True
    return False


def instance_field(ctx, declaration: str, deferred: bool, box_named_before: bool = False) -> str:
    """`T name = init` as a field; when `deferred`, `T name;` and `name = init;` in the constructor.
    `box_named_before`: the field is a boxed scalar or struct (a one-element array) that an earlier initializer of
    the constructor names (`static struct node b = {2, &a}, a = {1, &b};`, a cycle C builds before main): its box is
    made first, before every initializer, and filled here, so the earlier one's pointer holds the box it fills."""
    if not deferred:
        return f"{declaration};"
    head, init = declaration.split(" = ", 1)  # no C# type contains " = "
    cs_type, cs_name = head.rsplit(" ", 1)
    box = parse_cs_type(cs_type)
    if box_named_before and box.is_array and init.startswith("{") and init.endswith("}"):
        ctx.constructor_lines.insert(0, f"{cs_name} = new {box.element}[1];")
        ctx.constructor_lines.append(f"{cs_name}[0] = {init[1:-1].strip()};")
        return f"{cs_type} {cs_name};"
    if init.startswith("{"):
        init = f"new {cs_type} {init}"  # an array initializer is only valid in a declaration
    ctx.constructor_lines.append(f"{cs_name} = {init};")
    return f"{cs_type} {cs_name};"
