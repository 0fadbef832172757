"""Function pointers C converts and C# does not: a function given where a pointer to another function type goes."""
from __future__ import annotations

from typing import Optional

from .. import ir
from ..diagnostics import TranslationError
from .types import element_cs


def refuse_other_function_type(value: ir.Expr, target: ir.FunctionType, loc: ir.Loc) -> None:
    """A located error where `value` (a function or a function pointer) has another type than `target`.

    C converts any function pointer to any other (clang only warns) and calling through the wrong type is undefined
    (C11 6.3.2.3p8); C#'s delegates of two types do not convert (fuzz seed 3 input 1881: a derivs(double,
    const long long *, double *) given for a (double, const double *, double *), CS1503; input 3354: `inc(unsigned
    *)` in an initializer of `int (*)(int *)` pointers, CS0123)."""
    source = function_type_of(value.type)
    if source is not None and not _delegates_agree(source, target):
        raise TranslationError(loc, "a function of another type than the function pointer it is given to cannot be "
                               "translated: give the function the pointer's parameter and result types",
                               "incompatible-function-pointer-types")


def function_type_of(t) -> Optional[ir.FunctionType]:
    """The function type of a function designator or of a pointer to a function, else None."""
    if isinstance(t, ir.PointerType):
        t = t.pointee
    return t if isinstance(t, ir.FunctionType) else None


def _delegates_agree(a: ir.FunctionType, b: ir.FunctionType) -> bool:
    """Whether a function of type `a` can go where one of type `b` goes in C#: the same parameter and result types
    as the port writes them. A `void *` on either side is taken as agreeing (the void pointer plan types it from
    the function stored: qsort's comparators), as is an unprototyped `f()` (K&R: no parameter types to compare)."""
    if len(a.params) != len(b.params) or a.variadic != b.variadic:
        return not a.params or not b.params
    return _slots_agree(a.result, b.result) and all(_slots_agree(x, y) for x, y in zip(a.params, b.params))


def _slots_agree(x, y) -> bool:
    if isinstance(x, ir.ArrayType) and x.size is None:
        x = ir.PointerType(x.element)  # a parameter `int a[]` is an `int *`
    if isinstance(y, ir.ArrayType) and y.size is None:
        y = ir.PointerType(y.element)
    if isinstance(x, ir.PointerType) and isinstance(y, ir.PointerType):
        if isinstance(x.pointee, ir.VoidType) or isinstance(y.pointee, ir.VoidType):
            return True
        fx, fy = function_type_of(x), function_type_of(y)
        if fx is not None or fy is not None:
            return fx is not None and fy is not None and _delegates_agree(fx, fy)
        return _slots_agree(x.pointee, y.pointee)
    if isinstance(x, ir.ArrayType) and isinstance(y, ir.ArrayType):
        return x.size == y.size and _slots_agree(x.element, y.element)
    if type(x) is not type(y):
        return False
    if isinstance(x, (ir.IntType, ir.FloatType, ir.ComplexType)):
        return element_cs(x) == element_cs(y)  # `long` and `long long` are one C# long
    return x == y
