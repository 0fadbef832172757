"""C expressions whose values are pointers -> C# (the plan that decides each pointer's shape is pointers.py).

Address-of (`&x`, `&a[i]`, `&s.f`), pointer arithmetic and comparison, and pointer casts. A pointer is a
`T[]` when it never moves and a `Ptr<T>` (array + offset) otherwise; a field or a struct's inline array
is a `Ptr<T>` holding a view (CloudMpi.Libc/PointerView.cs).
"""
from __future__ import annotations

import os
from typing import Optional

from .. import ir
from ..diagnostics import TranslationError
from .exprs import (ADD, cast, negated, BINARY_PREC, COMPARISONS, MUL, PRIMARY, UNARY, CsExpr, coerce, coerce_at, coerce_index, convert_expr,
                    convert_library_name, element_address, flat_size, is_null_pointer, paren, pointer_at, ref_param_name,
                    scaled_by, slot_key, unwrap, convert_call, null_member_offset)
from .function_types import function_type_of, refuse_other_function_type
from .memory import convert_allocation, is_allocation
from . import registry
from .cstypes import GENERIC_RESULT, array_of, ptr_of
from .types import HANDLE, INTEGER_CARRIER, PRIMITIVE_ELEMENTS, cs_type, element_cs, flexible_member, managed_footprint
from ..passes.pointers import struct_array_of
from ..passes.queries import is_pointer_value, strip_casts


def _pointee(t) -> ir.CType:
    return t.pointee if isinstance(t, ir.PointerType) else t.element


@registry.operation("pointee_stride")
def pointee_stride(ctx, t) -> CsExpr:
    """Flat elements one step of a pointer moves: 1, or a row's length for a pointer to rows
    (`double (*m)[N]`, whose buffer is the flattened 2-D array). An array of rows in pointer arithmetic decays to
    such a pointer: a parameter `double m[][N]` in `m + k`, whose expressions clang types as the array written."""
    if isinstance(t, ir.PointerType) and isinstance(t.pointee, ir.ArrayType):
        return flat_size(ctx, t.pointee)
    if isinstance(t, ir.ArrayType) and isinstance(t.element, ir.ArrayType):
        return flat_size(ctx, t.element)
    return CsExpr("1", "int", PRIMARY, 1)


@registry.operation("pointer_binary")
def convert_pointer_binary(ctx, e: ir.Binary) -> CsExpr:
    op = e.op
    prec = BINARY_PREC[op]
    if op in ("==", "!="):
        return _pointer_equality(ctx, e)
    lhs = convert_expr(ctx, e.lhs)
    rhs = convert_expr(ctx, e.rhs)
    if op in COMPARISONS:
        if HANDLE in (lhs.type, rhs.type) or _different_elements(lhs, rhs):
            # `void *` handles, or pointers to different types made `void *` (`(void *)&s.x < (void *)&s.y`): C# has no
            # `<` across Ptr<T> types (CS0019 before), so the runtime orders the addresses
            code = f"Handle.Order({coerce(lhs, HANDLE).code}, {coerce(rhs, HANDLE).code}) {op} 0"
            return CsExpr(code, "bool", prec)
        if not lhs.cstype.is_ptr and not rhs.cstype.is_ptr and op not in ("==", "!="):
            # two arrays (`a + 0 > a`): positions, as Ptr<T> (C# has no `<` on T[])
            if lhs.cstype.element is None or rhs.cstype.element is None:
                # `ot->fd < 0` of a `FILE *` (IOR's utilities.c: fopen's NULL tested as a descriptor's -1): an order
                # of objects that are no positions in memory (an internal error before)
                raise TranslationError(e.loc, f"the ordering comparison '{op}' of a pointer that points into no array "
                                       "(a FILE *, a handle, NULL) cannot be translated: compare it with == NULL",
                                       "pointer-comparison")
            lhs, rhs = (_as_position(x, ptr_of(x.cstype.element.text)) for x in (lhs, rhs))
        elif lhs.type != rhs.type:
            common = lhs.type if lhs.cstype.is_ptr else rhs.type
            lhs, rhs = coerce(lhs, common), coerce(rhs, common)
        return CsExpr(f"{paren(lhs, prec)} {op} {paren(rhs, prec + 1)}", "bool", prec)
    if op == "-" and is_pointer_value(e.lhs) and is_pointer_value(e.rhs):
        # p - q: elements between two positions in one buffer (ptrdiff_t)
        ptr = lhs.type if lhs.cstype.is_ptr else ptr_of(lhs.cstype.element.text)
        diff = CsExpr(f"{paren(coerce(lhs, ptr), ADD)} - {paren(coerce(rhs, ptr), ADD + 1)}", "long", ADD)
        stride = pointee_stride(ctx, e.lhs.type)
        return diff if stride.const == 1 else CsExpr(f"({diff.code}) / {paren(stride, MUL + 1)}", "long", MUL)
    if op in ("+", "-"):
        if is_pointer_value(e.lhs):
            base, k = lhs, coerce_index(rhs)
        else:
            base, k = rhs, coerce_index(lhs)
        ptr_type = e.lhs.type if is_pointer_value(e.lhs) else e.rhs.type
        k = scaled_by(k, pointee_stride(ctx, ptr_type))  # rows of a flattened 2-D array
        if op == "-":
            k = CsExpr(negated(k), k.type, UNARY, -k.const if k.const is not None else None)
        return pointer_at(ctx, base, k, ptr_type, e.loc)
    raise TranslationError(e.loc, f"the operator {op} on pointers cannot be translated", "unsupported-construct")


def _different_elements(lhs: CsExpr, rhs: CsExpr) -> bool:
    """Two pointers (Ptr<T> or T[]) to different element types."""
    a, b = lhs.cstype, rhs.cstype
    return (a.is_ptr or a.is_array) and (b.is_ptr or b.is_array) and a.element is not None and \
        b.element is not None and a.element.text != b.element.text


def _as_position(x: CsExpr, ptr: str) -> CsExpr:
    """An array as the Ptr<T> of its first element (the conversion is implicit, but C# looks for `<` on T[])."""
    return CsExpr(f"(({ptr}){x.code})", ptr, PRIMARY) if x.cstype.is_array else x


def _without_void_cast(e: ir.Expr) -> ir.Expr:
    """`(void *)p` compared with another pointer, or p converted implicitly to the other's type (C warns
    about `long *` == `unsigned long *`): the comparison is of p's address."""
    inner = e
    while True:
        if isinstance(inner, ir.Paren):
            inner = inner.inner
        elif isinstance(inner, ir.Cast) and isinstance(inner.type, ir.PointerType) and \
                (isinstance(inner.type.pointee, ir.VoidType) or inner.implicit) and \
                is_pointer_value(inner.operand) and not is_null_pointer(inner):
            inner = inner.operand
        else:
            break
    if inner is not e and is_pointer_value(inner) and not isinstance(_pointee(inner.type), ir.VoidType):
        return inner
    return e


def _typed_like(e: ir.Expr, other: ir.Expr) -> ir.Expr:
    """A `void *` comma or conditional compared with a `T *` is read as a `T *` (see _cast_inside)."""
    inner = unwrap(e)
    if isinstance(inner, (ir.Binary, ir.Conditional)) and isinstance(other.type, ir.PointerType) and \
            not isinstance(other.type.pointee, ir.VoidType) and not is_null_pointer(other):
        pushed = _cast_inside(inner, other.type, ir.Cast(e.loc, other.type, inner, True))
        if pushed is not None:
            return pushed
    return e


# MPI's pointer constants as the native MPI (Open MPI, mpi.h) defines them: `MPI_STATUS_IGNORE == 0` is a constant
# there (fuzz seed 4 input 7455: `null.IsNull`, CS0023). The port holds the first two as null.
_MPI_ADDRESSES = {"MPI_STATUS_IGNORE": 0, "MPI_STATUSES_IGNORE": 0, "MPI_BOTTOM": 0, "MPI_ERRCODES_IGNORE": 0,
                  "MPI_IN_PLACE": 1, "MPI_UNWEIGHTED": 2, "MPI_WEIGHTS_EMPTY": 3}
_HELD_AS_NULL = ("MPI_STATUS_IGNORE", "MPI_STATUSES_IGNORE")


def _constant_address(e: ir.Expr) -> Optional[int]:
    """The address a null pointer constant or one of MPI's pointer constants is, else None."""
    if is_null_pointer(e):
        return 0
    while isinstance(e, (ir.Cast, ir.Paren)):
        e = e.operand if isinstance(e, ir.Cast) else e.inner
    if isinstance(e, ir.NameRef) and e.kind == "library":
        return _MPI_ADDRESSES.get(e.name)
    return None


def _is_null_like(e: ir.Expr) -> bool:
    """NULL, or an MPI constant the port holds as null (a status pointer given MPI_STATUS_IGNORE is null)."""
    while isinstance(e, (ir.Cast, ir.Paren)):
        e = e.operand if isinstance(e, ir.Cast) else e.inner
    return is_null_pointer(e) or isinstance(e, ir.NameRef) and e.kind == "library" and e.name in _HELD_AS_NULL


def _comparison_side(ctx, e: ir.Expr) -> CsExpr:
    """A side of a pointer comparison; MPI_IN_PLACE there is the marker (`b == MPI_IN_PLACE` of a handle that may
    hold it), which the expression core refuses anywhere it would be memory."""
    inner = e
    while isinstance(inner, (ir.Cast, ir.Paren)):
        inner = inner.operand if isinstance(inner, ir.Cast) else inner.inner
    if isinstance(inner, ir.NameRef) and inner.kind == "library" and inner.name == "MPI_IN_PLACE":
        return convert_library_name(ctx, inner)
    return convert_expr(ctx, e)


def _typed_in_place(marker_ir: ir.Expr, marker: CsExpr, other_ir: ir.Expr, other: CsExpr) -> CsExpr:
    """MPI_IN_PLACE compared with a typed pointer (`sendbuf == MPI_IN_PLACE` of a `float *` that may hold it): the
    marker in that pointer's type (in_place_pointer); the marker object itself beside anything else (a handle)."""
    if isinstance(other_ir.type, ir.PointerType) and _is_in_place(marker_ir):
        typed = in_place_pointer(marker_ir, other_ir.type, marker_ir.loc)
        if typed is not None and other.cstype.points_to(typed.cstype.element.text):
            return typed
    return marker


def _pointer_equality(ctx, e: ir.Binary) -> CsExpr:
    op, prec = e.op, BINARY_PREC[e.op]
    lhs_ir, rhs_ir = _without_void_cast(e.lhs), _without_void_cast(e.rhs)
    lhs_ir, rhs_ir = _typed_like(lhs_ir, rhs_ir), _typed_like(rhs_ir, lhs_ir)
    a, b = _constant_address(lhs_ir), _constant_address(rhs_ir)
    if a is not None and b is not None:
        # two constants (`MPI_STATUS_IGNORE == NULL`): known as C compiles it, written as a call so that C# sees no
        # constant condition to warn about
        same = (a == b) == (op == "==")
        return CsExpr("Handle.IsNull(null)" if same else "!Handle.IsNull(null)", "bool",
                      PRIMARY if same else UNARY)
    # Comparing with NULL: an array is null, a Ptr<T> IsNull, a handle may hold either.
    for ptr_side, other in ((lhs_ir, rhs_ir), (rhs_ir, lhs_ir)):
        if _is_null_like(other) and is_pointer_value(ptr_side):
            p = convert_expr(ctx, ptr_side)
            if p.type == HANDLE:
                code = f"Handle.IsNull({p.code})"
                return CsExpr(code if op == "==" else "!" + code, "bool", PRIMARY if op == "==" else UNARY)
            if p.type == INTEGER_CARRIER:
                return CsExpr(f"{paren(p, prec)} {op} 0", "bool", prec)  # a `void *` that carries an integer
            if p.cstype.is_ptr:
                code = f"{paren(p, PRIMARY)}.IsNull"
                return CsExpr(code if op == "==" else "!" + code, "bool", PRIMARY if op == "==" else UNARY)
            return CsExpr(f"{paren(p, prec)} {op} null", "bool", prec)
    lhs, rhs = _comparison_side(ctx, lhs_ir), _comparison_side(ctx, rhs_ir)
    lhs, rhs = _typed_in_place(lhs_ir, lhs, rhs_ir, rhs), _typed_in_place(rhs_ir, rhs, lhs_ir, lhs)
    if HANDLE in (lhs.type, rhs.type):
        # a handle against a handle or a pointer: the same address, however each holds it (a boxed Ptr<T> is
        # a new object each time it is stored)
        code = f"Handle.Same({coerce(lhs, HANDLE).code}, {coerce(rhs, HANDLE).code})"
        return CsExpr(code if op == "==" else f"!{code}", "bool", PRIMARY if op == "==" else UNARY)
    if is_pointer_value(lhs_ir) and is_pointer_value(rhs_ir) and \
            not isinstance(_pointee(lhs_ir.type), ir.VoidType) and not isinstance(_pointee(rhs_ir.type), ir.VoidType):
        a, b = element_cs(_pointee(lhs_ir.type), e.loc), element_cs(_pointee(rhs_ir.type), e.loc)
        if a != b:
            # Pointers to different types (C warns, csmith writes it): equal only when both are NULL,
            # since no cast here makes one object readable as two types.
            code = f"Ptr.SameAddress<{a}, {b}>({coerce(lhs, ptr_of(a)).code}, {coerce(rhs, ptr_of(b)).code})"
            return CsExpr(code if op == "==" else f"!{code}", "bool", PRIMARY if op == "==" else UNARY)
    if lhs.type != rhs.type:
        common = lhs.type if lhs.cstype.is_ptr else rhs.type
        lhs, rhs = coerce(lhs, common), coerce(rhs, common)
    return CsExpr(f"{paren(lhs, prec)} {op} {paren(rhs, prec + 1)}", "bool", prec)


@registry.operation("address_of")
def convert_address_of(ctx, e: ir.Unary) -> CsExpr:
    """`&x`: a boxed variable's array; `&a[i]`: a Ptr into a; `&*p`: p; `&f`: the function."""
    target = unwrap(e.operand)
    if isinstance(target, ir.NameRef):
        if target.kind == "function":
            return CsExpr(ctx.name(target.name), "function")
        if isinstance(target.type, ir.ArrayType):
            return convert_expr(ctx, target)  # &arr is the array itself
        key = slot_key(ctx, target)
        if ctx.is_boxed(key):
            name = ctx.static_local_name(target.name) if target.kind == "static_local" \
                else ctx.local_name(target.name, target.decl)
            return CsExpr(name, array_of(ctx.slot_type(key, target.type, target.loc)))
    if isinstance(target, ir.Index):
        base, offset = element_address(ctx, target)
        if base.cstype.is_inline_array:
            array = struct_array_of(target)
            view = array_field_pointer(ctx, array) if array is not None else None
            if view is not None:
                base = view  # &s.arr[i]: i elements into the struct's array
        return pointer_at(ctx, base, offset, ir.PointerType(target.type), e.loc)
    if isinstance(target, ir.Unary) and target.op == "*":
        return convert_expr(ctx, target.operand)
    if isinstance(target, ir.Member) and not isinstance(target.type, ir.ArrayType):
        field = field_address(ctx, target)
        if field is not None:
            return field
    if isinstance(target, ir.CompoundLiteral) and not isinstance(target.type, ir.ArrayType):
        return compound_literal_object(ctx, target)
    raise TranslationError(e.loc, "taking the address of this expression cannot be translated "
                           "(a temporary value, or an array inside a struct)", "unsupported-address")


def compound_literal_object(ctx, target: ir.CompoundLiteral) -> CsExpr:
    """`&(int){7}`, `&(struct pt){1, 2}`: the unnamed object C makes for a compound literal, here a one-element array
    of its own (a Ptr to it reads and writes that object as C's pointer does). Each evaluation makes one, as each
    entry of the literal's block makes C's; at file scope it is made once, as C's static one."""
    elem = element_cs(target.type, target.loc)
    value = coerce(convert_expr(ctx, target), elem)
    # (an array creation is no primary C# indexes: `(new int[] { 7 })[0]`, parenthesized where it is indexed)
    return CsExpr(f"new {elem}[] {{ {value.code} }}", array_of(elem), UNARY)


@registry.operation("flexible_elements")
def flexible_elements(ctx, target: ir.Member) -> CsExpr:
    """`p->v`, `(*p).v`, `s.v` of a flexible array member (types.flexible_member): a Ptr<T> to its elements."""
    view = field_address(ctx, target, array=True)
    if view is None:
        raise TranslationError(target.loc, "a flexible array member of a struct that has no address (returned by a "
                               "call) cannot be read", "struct-array-pointer")
    return view


def array_field_pointer(ctx, target: ir.Member) -> Optional[CsExpr]:
    """`s.name` (a fixed array inside a struct) used as a pointer: a Ptr<T> over the struct's inline array,
    `Ptr.ToArrayField(container, static Span<T> (ref S s) => s.name)`; None when the struct has no address."""
    return field_address(ctx, target, array=True)


def field_address(ctx, target: ir.Member, array: bool = False) -> Optional[CsExpr]:
    """`&s.f`, `&a[i].f.g`, `&p->f`: a Ptr<T> that reaches the field through the struct holding it,
    `Ptr.ToField(container, static ref T (ref S s) => ref s.f.g)`; None when the struct has no address."""
    path = []
    m = target
    while True:
        path.append(ctx.name(m.name))
        if m.arrow:
            container_ir, struct_t = m.base, m.base.type.pointee if isinstance(m.base.type, ir.PointerType) \
                else m.base.type.element
            container = convert_expr(ctx, container_ir)
            break
        base = unwrap(m.base)
        if isinstance(base, ir.Member):
            m = base
            continue
        struct_t = base.type
        if isinstance(base, ir.Unary) and base.op == "*":
            container = convert_expr(ctx, base.operand)
        elif isinstance(base, (ir.NameRef, ir.Index)):
            try:
                container = convert_address_of(ctx, ir.Unary(base.loc, ir.PointerType(base.type), "&", base))
            except TranslationError:
                return None
        elif isinstance(base, ir.CompoundLiteral) and not isinstance(base.type, ir.ArrayType):
            container = compound_literal_object(ctx, base)  # `&(struct pt){3, 4}.y`
        else:
            return None  # a struct returned by a call or an assignment has no address
        break
    struct_cs = element_cs(struct_t)
    field_cs = element_cs(target.type)
    container = coerce(container, ptr_of(struct_cs))
    fields = '.'.join(reversed(path))
    flexible = flexible_member(ctx, struct_t) if len(path) == 1 else None
    if flexible is not None and flexible.name == target.name:
        # `p->v` of a struct's flexible array member: its elements after the struct, in the same block of bytes
        offset = flexible.bit_offset // 8
        return CsExpr(f"Flexible.Elements<{struct_cs}, {field_cs}>({container.code}, {offset})", ptr_of(field_cs), PRIMARY)
    if array:
        lam = f"static Span<{field_cs}> (ref {struct_cs} s) => s.{fields}"
        return CsExpr(f"Ptr.ToArrayField({container.code}, {lam})", ptr_of(field_cs), PRIMARY)
    lam = f"static ref {field_cs} (ref {struct_cs} s) => ref s.{fields}"
    return CsExpr(f"Ptr.ToField({container.code}, {lam})", ptr_of(field_cs), PRIMARY)


def _callee_name(call: ir.Expr) -> str:
    callee = unwrap(call.callee) if isinstance(call, ir.Call) else None
    return callee.name if isinstance(callee, ir.NameRef) else "the call"


def _generic_call_element(call: ir.Expr) -> Optional[str]:
    """The one element type of the buffers a library call gives its `void *` parameters (the type the runtime's
    generic method infers, and so the type of the pointer it returns), or None where it is not that simple."""
    if not isinstance(call, ir.Call) or not isinstance(unwrap(call.callee).type, ir.FunctionType):
        return None
    found = set()
    for arg, param in zip(call.args, unwrap(call.callee).type.params):
        if not (isinstance(param, ir.PointerType) and isinstance(param.pointee, ir.VoidType)):
            continue
        a = arg
        while isinstance(a, ir.Paren) or isinstance(a, ir.Cast) and isinstance(a.type, ir.PointerType) and \
                isinstance(a.type.pointee, ir.VoidType):
            a = a.inner if isinstance(a, ir.Paren) else a.operand
        t = a.type
        while isinstance(t, ir.ArrayType):
            t = t.element
        if isinstance(a, ir.StringLit):
            found.add("sbyte")
        elif a.type is not t or isinstance(t, ir.PointerType) and not isinstance(t.pointee, ir.VoidType):
            scalar = t if a.type is not t else t.pointee
            while isinstance(scalar, ir.ArrayType):
                scalar = scalar.element
            try:
                found.add(element_cs(scalar, call.loc))
            except TranslationError:
                return None
        else:
            return None
    return found.pop() if len(found) == 1 else None


@registry.operation("pointer_cast")
def convert_pointer_cast(ctx, e: ir.Cast) -> CsExpr:
    target_t = e.type
    if is_null_pointer(e.operand):
        # a function pointer too: `fn f = 0`, `{1, 0}` for a function-pointer field (fuzz seed 2 input 1722: the 0
        # stayed an int, CS0029)
        return CsExpr("null", "null")
    in_place = in_place_pointer(e.operand, target_t, e.loc)
    if in_place is not None:
        return in_place
    if isinstance(target_t.pointee, ir.FunctionType):
        refuse_other_function_type(e.operand, target_t.pointee, e.loc)
        value = convert_expr(ctx, e.operand)
        if value.type == HANDLE:
            # a function a `void *` holds (IOR's option table: `void (*fp)(void *) = o->variable`), called through
            # this type: the delegate it holds, adapted where its `char *` parameters take this type's `void *`
            delegate = cs_type(target_t, e.loc)
            where = f"{os.path.basename(e.loc.file)}:{e.loc.line}:{e.loc.col}" if e.loc is not None else "?"
            return CsExpr(f"Handle.Function<{delegate}>({value.code}, \"{where}\")", delegate, PRIMARY)
        return value
    if e.checked:
        # a table of rows read as another element type than its callers give it (passes/row_tables.py: the
        # `MPI_DOUBLE` branch of a table given as `int **`): the pointer held, checked where the cast runs
        return handle_cast(convert_expr(ctx, e.operand), element_cs(target_t.pointee, e.loc), e.loc)
    inner_ir = unwrap(e.operand)
    container = _container_of(ctx, e, inner_ir)
    if container is not None:
        return container
    pushed = _cast_inside(inner_ir, target_t, e)
    if pushed is not None:
        return convert_expr(ctx, pushed)
    through = _through_void(inner_ir, target_t)
    if through is not None:
        # `struct hdr *h = (void *)dst` of a `char *dst`: the cast from the typed pointer itself
        return convert_pointer_cast(ctx, ir.Cast(e.loc, target_t, through, e.implicit))
    if isinstance(inner_ir, ir.Member) and isinstance(inner_ir.type, ir.ArrayType) and \
            (isinstance(target_t.pointee, ir.VoidType) or
             element_cs(inner_ir.type, e.loc) == element_cs(target_t.pointee, e.loc)):
        # a struct's array as its own element type, or into a `void *` (an opaque handle holds the view)
        view = array_field_pointer(ctx, inner_ir)
        if view is None:
            raise TranslationError(e.loc, "an array inside a struct that has no address (returned by a call) "
                                   "cannot be used as a pointer", "struct-array-pointer")
        return view
    if not isinstance(target_t.pointee, ir.VoidType) and is_allocation(_without_void_casts(inner_ir)):
        # `int *a = (void *) malloc(n)` (Using Advanced MPI's window examples): malloc's result is a `void *`
        # already, so the cast changes nothing: the memory is the pointer's type, as without it
        inner_ir = _without_void_casts(inner_ir)
    if is_allocation(inner_ir):
        return convert_allocation(ctx, inner_ir, target_t.pointee, e.loc)
    if isinstance(inner_ir, ir.Call) and _generic_result(ctx, inner_ir) and \
            not isinstance(target_t.pointee, ir.VoidType):
        # `double *a = xmalloc(n * sizeof(double))`: the generic allocator gives the type converted to
        return convert_call(ctx, inner_ir, element_cs(target_t.pointee, e.loc))
    inner = convert_expr(ctx, e.operand)
    src = inner_ir.type
    if isinstance(target_t.pointee, ir.VoidType) and function_type_of(src) is not None:
        # `&decodeDirectiveWrapper` into a `void *` (IOR's option table): the function's delegate, typed (a method
        # group has no type until cast), which Handle.Function gives back
        delegate = cs_type(ir.PointerType(function_type_of(src)), e.loc)
        return CsExpr(f"(({delegate}){paren(inner, PRIMARY)})", HANDLE, PRIMARY)
    if isinstance(src, (ir.PointerType, ir.ArrayType)):
        if isinstance(_pointee(src), ir.VoidType) and not isinstance(target_t.pointee, ir.VoidType):
            want = element_cs(target_t.pointee)
            if inner.type == HANDLE:
                return handle_cast(inner, want, e.loc, _read_as_several_types(ctx, inner_ir))
            if inner.type == GENERIC_RESULT:
                # a library call's generic result (bsearch, memcpy): C# infers its element type from the buffers
                # the call is given, which need not be the type C converts the result to (fuzz seed 4 input 8874:
                # `const int *found = bsearch("ca", names, ...)` of a char table, CS0029)
                given = _generic_call_element(inner_ir)
                if given is not None and given != want:
                    if given in PRIMITIVE_ELEMENTS and want in PRIMITIVE_ELEMENTS:
                        return CsExpr(f"Ptr.Reinterpret<{given}, {want}>({inner.code})", ptr_of(want), PRIMARY)
                    raise TranslationError(e.loc, f"the pointer {_callee_name(inner_ir)} returns points into a "
                                           f"buffer of another type than this one: C reinterprets the memory, "
                                           "which cannot be translated", "void-pointer")
                return CsExpr(inner.code, ptr_of(want), inner.prec)
            if inner.cstype.points_to(want):
                return inner  # a void * that is only ever used as this type (pointers.py)
            if inner.cstype.points_to("byte") and (want in PRIMITIVE_ELEMENTS or
                                                   _bytes_as_struct(ctx, ir.IntType("unsigned char"), target_t.pointee,
                                                                    "byte", want) is not None):
                # a void * read as several types holds bytes (pointers.py): this cast is a view of them (of a
                # struct of numbers only, whose C# layout is its bytes)
                return CsExpr(f"Ptr.Reinterpret<byte, {want}>({inner.code})", ptr_of(want), PRIMARY)
        if isinstance(target_t.pointee, ir.VoidType) and isinstance(_pointee(src), ir.VoidType):
            return inner  # void * to const void *: the same buffer
        if isinstance(target_t.pointee, ir.VoidType) and not isinstance(_pointee(src), ir.VoidType):
            # a buffer given to a `void *`: the slot's own type (pointers.py) takes it as it is, or as
            # bytes (exprs.coerce) when the void * is read as several number types
            return inner
        if isinstance(_pointee(src), ir.VoidType) or isinstance(target_t.pointee, ir.VoidType):
            raise TranslationError(e.loc, "a void pointer used as more than one type cannot be translated",
                                   "void-pointer")
        src_cs, dst_cs = element_cs(_pointee(src), e.loc), element_cs(target_t.pointee, e.loc)
        if src_cs == dst_cs:
            return inner  # const, or a row type: same buffer
        if src_cs in PRIMITIVE_ELEMENTS and dst_cs in PRIMITIVE_ELEMENTS:
            # An integer read through its other-signedness type (which C's aliasing rules allow), or a
            # number's bytes or bits (`(unsigned char *)&d`): a view of the same buffer
            source = coerce(inner, ptr_of(src_cs)) if inner.type == "string" else inner  # `(unsigned char *) "---"`
            return CsExpr(f"Ptr.Reinterpret<{src_cs}, {dst_cs}>({source.code})", ptr_of(dst_cs), PRIMARY)
        first = _first_member_cast(ctx, e, inner, _pointee(src), target_t.pointee, src_cs, dst_cs)
        if first is not None:
            return first
        bytes_struct = _bytes_as_struct(ctx, _pointee(src), target_t.pointee, src_cs, dst_cs)
        if bytes_struct is not None:
            return CsExpr(f"Ptr.Reinterpret<{src_cs}, {dst_cs}>({inner.code})", ptr_of(dst_cs), PRIMARY)
        raise TranslationError(e.loc, "a cast between pointers to different types reinterprets memory and "
                               "cannot be translated", "pointer-cast")
    if isinstance(src, ir.IntType) and not isinstance(target_t.pointee, (ir.VoidType, ir.FunctionType)):
        # (T *)(intptr_t)p: the array and element at that address (an address cMPI.AddressOf gave)
        want = element_cs(target_t.pointee, e.loc)
        return CsExpr(f"cMPI.PointerAt<{want}>({coerce(inner, 'long').code})", ptr_of(want), PRIMARY)
    if isinstance(src, ir.IntType) and isinstance(target_t.pointee, ir.VoidType):
        # `(void *)i`: an integer carried in a `void *` (passes/void_integers.py), a C# nint, where it goes into a
        # slot that only carries integers
        if ctx.plan is not None and e.loc not in ctx.plan.integer_casts:
            raise TranslationError(e.loc, "an integer converted to a pointer (`(void *)n`) where the pointer also "
                                   "holds addresses or is read as memory cannot be translated: a `void *` may carry "
                                   "an integer only if every value it holds is one", "integer-to-pointer")
        return cast(coerce(inner, "long") if inner.type == "bool" else inner, INTEGER_CARRIER)
    raise TranslationError(e.loc, "converting an integer to a pointer cannot be translated", "integer-to-pointer")


def _is_in_place(e: ir.Expr) -> bool:
    """`e` is MPI_IN_PLACE, through parentheses and casts."""
    e = strip_casts(e)
    return isinstance(e, ir.NameRef) and e.kind == "library" and e.name == "MPI_IN_PLACE"


def in_place_pointer(operand: ir.Expr, target_t: ir.PointerType, loc) -> Optional[CsExpr]:
    """`(float *)MPI_IN_PLACE`, or MPI_IN_PLACE converted implicitly to a typed pointer (`sendbuf = MPI_IN_PLACE` on
    the root, `sendbuf = &x` elsewhere, then MPI_Reduce(sendbuf, ...): Eijkhout's reduceinplace.c): the marker in
    the pointer's own type, cMPI.InPlaceAs<T>(), which the collectives that allow MPI_IN_PLACE recognise in an array
    or a Ptr<T>. None for anything else (a `void *` keeps MPI_IN_PLACE's refusal: it holds no element type)."""
    if not _is_in_place(operand) or isinstance(target_t.pointee, (ir.VoidType, ir.FunctionType)):
        return None
    want = element_cs(target_t.pointee, loc)
    if want not in PRIMITIVE_ELEMENTS:
        return None
    return CsExpr(f"cMPI.InPlaceAs<{want}>()", array_of(want), PRIMARY)


def _first_member(ctx, outer: ir.CType) -> Optional[ir.Field]:
    """The first field of a struct (not a union, whose members all start at its start)."""
    if not isinstance(outer, ir.RecordType) or outer.is_union:
        return None
    rec = next((r for r in ctx.tu.records if r.name == outer.name), None)
    return rec.fields[0] if rec is not None and rec.fields and rec.fields[0].bits is None else None


def _offset_constant(ctx, e: ir.Expr) -> Optional[int]:
    """The value of `offsetof(S, m)` (or another integer constant) through parentheses, casts and its macro; also of
    the pre-C89 spelling of offsetof, `(size_t)&((S *)0)->m` (a member of S itself, by clang's offset)."""
    e = strip_casts(e)
    if isinstance(e, ir.Unary):
        return null_member_offset(ctx, e)
    return e.value if isinstance(e, ir.IntLit) else None


def _container_of(ctx, e: ir.Cast, inner_ir: ir.Expr) -> Optional[CsExpr]:
    """container_of, Linux list.h's idiom in user code: `(S *)((char *)p - offsetof(S, m))` (also through
    `unsigned char *`, GNU `void *` arithmetic, or an address as `uintptr_t`) of a pointer p to S's member m: the S
    holding the member, `Ptr.Container` of p's field view with the path to m (checked at run time to be p's field:
    a p that is not an S's m fails naming this cast, where C would read other memory as an S). None for other
    casts."""
    outer = e.type.pointee
    if not isinstance(inner_ir, ir.Binary) or inner_ir.op != "-" or not isinstance(outer, ir.RecordType) or \
            outer.is_union:
        return None
    offset = _offset_constant(ctx, inner_ir.rhs)
    lhs = unwrap(inner_ir.lhs)
    if offset is None or not isinstance(lhs, ir.Cast):
        return None
    through = lhs.type.pointee if isinstance(lhs.type, ir.PointerType) else lhs.type
    if not (isinstance(through, ir.VoidType) or isinstance(through, ir.IntType) and
            (through.name in ("char", "signed char", "unsigned char") or
             isinstance(lhs.type, ir.IntType) and through.name in ("unsigned long", "long", "unsigned long long"))):
        return None
    member_ptr = unwrap(lhs.operand)
    if not isinstance(member_ptr.type, ir.PointerType):
        return None
    rec = next((r for r in ctx.tu.records if r.name == outer.name), None)
    if rec is None:
        return None
    field = next((f for f in rec.fields if f.bits is None and f.bit_offset == 8 * offset and
                  not isinstance(f.type, ir.ArrayType) and
                  element_cs(f.type, e.loc) == element_cs(member_ptr.type.pointee, e.loc)), None)
    if field is None:
        return None
    outer_cs, member_cs = element_cs(outer, e.loc), element_cs(field.type, e.loc)
    where = f"{os.path.basename(e.loc.file)}:{e.loc.line}:{e.loc.col}" if e.loc is not None else "?"
    path = f"static ref {member_cs} (ref {outer_cs} s) => ref s.{ctx.name(field.name)}"
    pointer = convert_expr(ctx, member_ptr)
    return CsExpr(f"Ptr.Container<{outer_cs}, {member_cs}>({pointer.code}, {path}, \"{where}\")", f"Ptr<{outer_cs}>",
                  PRIMARY)


def _first_member_cast(ctx, e: ir.Cast, inner: CsExpr, src: ir.CType, dst: ir.CType, src_cs: str, dst_cs: str):
    """C's struct "inheritance" by a first member (C11 6.7.2.1p15): `(Base *) lj` of an `Lj *` whose first member
    is a Base is `&lj->base`, a view of that field; `(Lj *) base` back is the struct holding it (Ptr.Container,
    which checks at run time that the Base is an Lj's first member). None for other casts."""
    up = _first_member(ctx, src)
    if up is not None and isinstance(up.type, ir.RecordType) and up.type.name == getattr(dst, "name", None):
        member = ir.Member(e.loc, up.type, e.operand, up.name, True)
        view = field_address(ctx, member)
        if view is not None:
            return view
    down = _first_member(ctx, dst)
    if down is not None and isinstance(down.type, ir.RecordType) and down.type.name == getattr(src, "name", None):
        where = f"{os.path.basename(e.loc.file)}:{e.loc.line}:{e.loc.col}" if e.loc is not None else "?"
        path = f"static ref {src_cs} (ref {dst_cs} s) => ref s.{ctx.name(down.name)}"
        return CsExpr(f"Ptr.Container<{dst_cs}, {src_cs}>({inner.code}, {path}, \"{where}\")", f"Ptr<{dst_cs}>",
                      PRIMARY)
    return None


def _bytes_as_struct(ctx, src: ir.CType, dst: ir.CType, src_cs: str, dst_cs: str):
    """A char buffer read as an array of structs, or a struct's memory as chars (CoMD's halo messages: `AtomMsg
    *buf = (AtomMsg *) charBuf` filled and sent as bytes), or as the numbers it holds (Sandia SMB's mpi_overhead:
    `MPI_Send((int *)&message, 2, MPI_INT, ...)` of a `struct { int command; int iterations; }`; a `double *`
    buffer read as points): the struct, when it holds numbers only (no pointer, whose C# form holds references),
    so its C# layout is its bytes, which Ptr.Reinterpret views; else None."""
    pairs = ((src_cs, dst), (dst_cs, src))
    for number_side, struct in pairs:
        if number_side in PRIMITIVE_ELEMENTS and isinstance(struct, ir.RecordType) and not struct.is_union and \
                not managed_footprint(ctx, struct)[0]:
            return struct
    return None


def handle_cast(handle: CsExpr, element: str, loc: Optional[ir.Loc], view: bool = False) -> CsExpr:
    """`(T *) h` of an opaque handle: the pointer it holds, checked at run time to be a `T *` (a wrong cast
    stops the port naming this C location, where C would read the memory as the wrong type), or a view of a
    char buffer's bytes. `view`: the handle's memory is read as several types (an active message's payload:
    `*(int *)data`, `((float *)data)[3]`), so the cast is a view of whatever numbers it holds (Handle.View)."""
    where = f"{os.path.basename(loc.file)}:{loc.line}:{loc.col}" if loc is not None else "?"
    method = "View" if view else "As"
    return CsExpr(f"Handle.{method}<{element}>({handle.code}, \"{where}\")", f"Ptr<{element}>", PRIMARY)


def _read_as_several_types(ctx, operand: ir.Expr) -> bool:
    """Whether the `void *` variable cast here is read as more than one type, or with GNU C's byte arithmetic
    (pointers.py records `p + k` as a read of unsigned char), in its function."""
    e = operand
    while isinstance(e, (ir.Paren, ir.Cast)) and not isinstance(e, ir.NameRef):
        e = e.inner if isinstance(e, ir.Paren) else e.operand
    if not isinstance(e, ir.NameRef) or ctx.plan is None:
        return False
    return len(ctx.plan.void_casts.get(slot_key(ctx, e), ())) > 1


def _without_void_casts(e: ir.Expr) -> ir.Expr:
    """e without the casts to `void *` around it (`(void *)(void *)malloc(n)` -> `malloc(n)`)."""
    while isinstance(e, ir.Cast) and isinstance(e.type, ir.PointerType) and isinstance(e.type.pointee, ir.VoidType):
        e = unwrap(e.operand)
    return e


def _through_void(inner: ir.Expr, target_t: ir.PointerType) -> Optional[ir.Expr]:
    """`p` of `(T *)(void *)p` for a pointer p to another non-void type, else None (a `void *` in the middle
    changes nothing C reads)."""
    if isinstance(target_t.pointee, ir.VoidType) or not isinstance(inner, ir.Cast) or inner.implicit or \
            not isinstance(inner.type, ir.PointerType) or not isinstance(inner.type.pointee, ir.VoidType):
        return None
    source = unwrap(inner.operand)
    if isinstance(source.type, (ir.PointerType, ir.ArrayType)) and not isinstance(_pointee(source.type), ir.VoidType):
        return source
    return None


def _cast_inside(inner: ir.Expr, target_t: ir.PointerType, cast: ir.Cast) -> Optional[ir.Expr]:
    """`(int *)(x, (void *)0)` is `(x, (int *)(void *)0)`, and likewise for both arms of `?:`: a void
    pointer chosen by a comma or a condition takes the type the cast gives it, arm by arm."""
    if not (isinstance(inner.type, ir.PointerType) and isinstance(inner.type.pointee, ir.VoidType)):
        return None
    if isinstance(inner, ir.Binary) and inner.op == ",":
        return ir.Binary(cast.loc, target_t, ",", inner.lhs, ir.Cast(cast.loc, target_t, inner.rhs, cast.implicit))
    if isinstance(inner, ir.Conditional):
        return ir.Conditional(cast.loc, target_t, inner.cond, ir.Cast(cast.loc, target_t, inner.then, cast.implicit),
                              ir.Cast(cast.loc, target_t, inner.otherwise, cast.implicit))
    return None


@registry.operation("ref_argument")
def ref_argument(ctx, a: ir.Expr, any_type: bool = False) -> str:
    """The variable a `ref` parameter gets: `&x` -> x, `&a[i]` -> a[i], an array a -> a[0], a pointer q -> q.Target.
    any_type: the parameter is a generic `void **` out-parameter (`ref Ptr<TB>`, generic_buffers.py), which takes
    the address of an opaque handle too (`(void **)&c_info->s_buffer` of a `void *` field): the handle as a pointer
    to its bytes, stored back into it in place (Handle.Slot)."""
    target = unwrap(a)
    while isinstance(target, ir.Cast) and isinstance(target.type, ir.PointerType) and \
            (isinstance(target.type.pointee, ir.PointerType) or any_type and isinstance(target.type.pointee, ir.VoidType))\
            and isinstance(unwrap(target.operand).type, ir.PointerType) \
            and isinstance(unwrap(target.operand).type.pointee, ir.PointerType):
        # (`(void *) &b` too for a generic `void **` out-parameter, as Quinn's callers write it: C converts the
        # `void *` to the parameter's `void **`)
        # `(void **)&p`, `(char **)&p` for an out-parameter: p itself, of its own type, which the call's type
        # argument names when the parameter is generic (generic_buffers.py)
        target = unwrap(target.operand)
    if isinstance(target, ir.Unary) and target.op == "&":
        literal = unwrap(target.operand)
        if isinstance(literal, ir.CompoundLiteral) and not isinstance(literal.type, ir.ArrayType):
            return f"({compound_literal_object(ctx, literal).code})[0]"  # `f(&(int){0})`: its own object
        value = convert_expr(ctx, target.operand)
        if any_type and value.type == HANDLE:
            where = f"{os.path.basename(a.loc.file)}:{a.loc.line}:{a.loc.col}" if a.loc is not None else "?"
            return f"Handle.Slot(ref {value.code}, \"{where}\")"
        return value.code
    ref = ref_param_name(ctx, target)
    if ref is not None:
        return ref
    value = convert_expr(ctx, target)
    if value.type == "string":
        # a literal for a `char word[]` parameter that only reads word[0] (a `ref` to its first char): the first
        # element of the literal's char array (`ref "quiet"[0]`, a .NET string's read-only char, CS0206 before)
        return f"{coerce(value, array_of('sbyte')).code}[0]"
    if isinstance(target.type, ir.ArrayType):
        return f"{paren(value, PRIMARY)}[0]"  # a C array is never NULL
    # A pointer value may be NULL, and passing it on does not dereference it in C: the reference faults only where
    # the callee uses it (a parameter the callee never uses, or uses on a branch not taken, takes NULL).
    if value.type == HANDLE and isinstance(a.type, ir.PointerType) and not isinstance(a.type.pointee, ir.VoidType):
        # a `void *` converted to the parameter's pointer type (`f((x, (void *)0))`, csmith seed 2690011: `object[0]`,
        # CS0021): the pointer it holds
        value = coerce_at(value, ptr_of(element_cs(a.type.pointee, a.loc)), a.loc)
    if value.cstype.is_array:  # a pointer held as an array (of Ptr<T> too: `int **` as Ptr<int>[])
        return f"Ptr.Target({value.code})"
    if value.cstype.is_ptr:
        return f"{paren(value, PRIMARY)}.Target"
    return f"{paren(value, PRIMARY)}[0]"


def _generic_result(ctx, call: ir.Call) -> bool:
    callee = unwrap(call.callee)
    return ctx.plan is not None and isinstance(callee, ir.NameRef) and callee.kind == "function" and \
        callee.name in ctx.plan.result_type_parameters
