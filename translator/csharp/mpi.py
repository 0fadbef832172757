"""MPI calls -> cMPI calls, driven by the rows of rules/mpi.toml.

A C buffer argument is a pointer; cMPI takes an array and an offset, or a
`ref` to a scalar. The argument's shape decides which: `&x` -> `ref x`,
`a` / `&a[i]` / `a + i` -> `a, i`.
"""
from __future__ import annotations

import re
from typing import List, Optional

from .. import ir
from ..diagnostics import TranslationError
from ..rules import special
from ..passes.pointers import allocation_target
from ..passes.queries import split_marker_choice, strip_casts
from .exprs import (ADD, negated, COND, LOR, UNARY, CsExpr, PRIMARY, as_bool, coerce, coerce_at, convert_expr, element_address, is_null_pointer,
                    is_pure, paren, ref_param_name, refuse_handle_memory, slot_key, string_literal, strip_implicit)
from .pointer_exprs import array_field_pointer
from .attr_functions import convert_attribute_function, own_attribute_function
from .memory import convert_allocation, is_allocation
from .libc import without_pointer_casts
from . import registry
from .cstypes import CsType, array_of, ptr_of
from .types import HANDLE, cs_type, element_cs, managed_footprint, size_of


def _unparen(e: ir.Expr) -> ir.Expr:
    e = strip_implicit(e)
    while isinstance(e, ir.Paren):
        e = strip_implicit(e.inner)
    return e


def _refuse_pointer_as_handle(ptype, arg: ir.Expr, value: Optional[CsExpr], function: str) -> None:
    """A pointer that is no handle given for a handle parameter (a `void *` buffer, MPI_IN_PLACE as an MPI_Info):
    C converts any `void *` to the handle's pointer type; the port's handles are objects, and C# would refuse the
    line, so it is a located error (a `void *` holding a handle, passes/void_handles.py, is a Handle and goes on)."""
    if not isinstance(ptype, ir.OpaqueType) or \
            (value is not None and value.type in (HANDLE, cs_type(ptype, arg.loc))):
        return
    if isinstance(strip_implicit(arg).type, (ir.PointerType, ir.ArrayType)):
        raise TranslationError(arg.loc, f"a pointer given as {function}'s {ptype.name} argument cannot be "
                               f"translated: pass an {ptype.name}", "incompatible-pointer-types")


def _buffer_marker_in(arg: ir.Expr) -> Optional[str]:
    """MPI_BOTTOM or MPI_IN_PLACE anywhere in an argument (`MPI_BOTTOM + 2`, `&MPI_BOTTOM[1]`), or None."""
    for n in ir.walk(arg):
        if isinstance(n, ir.NameRef) and n.kind == "library" and n.name in ("MPI_BOTTOM", "MPI_IN_PLACE"):
            return n.name
    return None


def _refuse_buffer_marker_as_array(arg: ir.Expr, ptype, function: str) -> None:
    """MPI_BOTTOM or MPI_IN_PLACE, or arithmetic on them, where an array of values goes (`MPI_Waitall(2,
    MPI_BOTTOM + 2, ...)`, fuzz seed 5 input 1883: CS1503): C converts their `void *` to any pointer, but they are
    markers of a message buffer, no array of counts, requests or handles the port could pass: a located error."""
    name = _buffer_marker_in(arg)
    if name:
        raise TranslationError(arg.loc, f"{name} given as {function}'s {_param_kind(ptype)} array cannot be "
                               "translated: it marks a message buffer; pass an array", "incompatible-pointer-types")


def _param_kind(ptype) -> str:
    inner = ptype.element if isinstance(ptype, ir.ArrayType) else ptype.pointee
    return getattr(inner, "name", None) or "value"


def _is_library_pointer(e: ir.Expr) -> bool:
    """A pointer constant of the library (MPI_IN_PLACE, MPI_BOTTOM, MPI_STATUS_IGNORE...)."""
    e = _unparen(strip_implicit(e))
    return isinstance(e, ir.NameRef) and e.kind == "library" and isinstance(e.type, (ir.PointerType, ir.ArrayType))


def _is_library_name(e: ir.Expr, name: str) -> bool:
    e = _unparen(e)
    return isinstance(e, ir.NameRef) and e.kind == "library" and e.name == name


def _split(ctx, base: CsExpr, offset: CsExpr) -> List[str]:
    """cMPI takes (array, offset), and a row that takes_pointers a Ptr<T> as it is: the runtime finds its memory,
    staging a view (UserBuffer). For the other rows a Ptr<T> goes through CloudMpi.Libc's PtrBuffer: a plain
    pointer gives its own array and offset; a view (a struct field, an array inside a struct, a reinterpreted
    buffer) has no array of its own, so PtrBuffer.Of hands the call a staged copy that PtrBuffer.Done writes back
    after the call (see _with_staged_copies). A call that keeps its buffer (Isend, Recv_init, Win_create) takes
    PtrBuffer.Lasting, which refuses a struct field instead of staging it."""
    if offset.type in ("long", "ulong", "uint"):
        offset = coerce(offset, "int")  # `&vector[i + (j) * (n + 1)]` with long indices: cMPI's offsets are int
    rule = ctx.rules.mpi.get(ctx.expr.mpi_call)
    if base.cstype.is_ptr and rule is not None and rule.takes_pointers:
        return [_pointer_at(base, offset)]  # the pointer itself: cMPI's Ptr<T> overload stages a view
    if base.cstype.is_ptr and rule is not None and rule.takes_views:
        # a window's memory or its address (Win_create, Win_attach, Get_address...): cMPI's Ptr<T> overload takes
        # the array and offset of a plain pointer and exposes the bytes a view reads (`uint64_t *` aligned into a char
        # pool) in place, where PtrBuffer.Lasting would refuse it. Always the pointer: a `void *vp = &a[2]` is a view
        # the plan's view types do not list (its array and offset were NULL and 2: MPI_Get_address gave no address)
        return [_pointer_at(base, offset)]
    if base.cstype.is_ptr and _SIMPLE_CODE.match(base.code) and "++" not in base.code and "--" not in base.code \
            and not _may_be_view(ctx, base.cstype):
        # no pointer of this type is ever a view: the Ptr's own array and offset, read twice from a plain name
        return [f"{base.code}.Array", f"{base.code}.Offset" if offset.const == 0
                else f"{base.code}.Offset + {paren(offset, ADD + 1)}"]
    if base.cstype.is_ptr:
        ctx.mpi_buffer_count = n = ctx.mpi_buffer_count + 1
        at = f"cmpiAt{n}"
        staging = ctx.expr.mpi_staged
        if staging is None and rule is not None and rule.completes_views:
            # a view given to Isend/Irecv: a staged copy that the receive's completion writes back (PtrBuffer.Pending)
            array = f"PtrBuffer.Pending({base.code}, out var {at})"
        elif staging is None:
            array = f"PtrBuffer.Lasting({base.code}, out var {at})"
        else:
            staging.append(f"cmpiStaged{n}")
            array = f"PtrBuffer.Of({base.code}, out var cmpiStaged{n}, out var {at})"
        return [array, at if offset.const == 0 else f"{at} + {paren(offset, ADD + 1)}"]
    return [base.code, offset.code]


def _pointer_at(base: CsExpr, offset: CsExpr) -> str:
    """`p`, or `p + k`: a Ptr<T> buffer argument a cMPI overload takes as it is."""
    return base.code if offset.const == 0 else f"{paren(base, ADD)} + {paren(offset, ADD + 1)}"


# A C# expression that reads the same twice: a name, a member, indexing by names and arithmetic.
_SIMPLE_CODE = re.compile(r"^[A-Za-z_@][\w.]*(\[[\w .+\-*/]+\])*$")


def _may_be_view(ctx, ptr: CsType) -> bool:
    """Whether a Ptr<T> of this C# type may be a view (pointers.PointerPlan.view_pointees)."""
    element = ptr.element.text
    if element in ctx.plan.generic_buffers.values():
        return True  # a generic method's buffer may be any caller's pointer, a view too (generic_buffers.py)
    return any(cs_type(t) == element for t in ctx.plan.view_pointees)


def _with_staged_copies(ctx, callee: ir.NameRef, convert):
    """convert() gives the call's code; the staged copies its Ptr buffers made are written back after the call
    (PtrBuffer.Done, which passes the return code through), two per Done."""
    saved = ctx.expr.mpi_staged
    rule = ctx.rules.mpi.get(callee.name)
    # a call that keeps its buffer after it returns (its row's keeps_buffer): a staged copy would be written back
    # too early
    ctx.expr.mpi_staged = None if rule is not None and rule.keeps_buffer else []
    saved_call, ctx.expr.mpi_call = ctx.expr.mpi_call, callee.name
    try:
        code = convert()
        staged = ctx.expr.mpi_staged or []
    finally:
        ctx.expr.mpi_staged = saved
        ctx.expr.mpi_call = saved_call
    while staged:
        code = f"PtrBuffer.Done({code}, {', '.join(staged[:2])})"
        staged = staged[2:]
    return code


def _array_base(ctx, e: ir.Expr) -> CsExpr:
    """An array used as a buffer: a fixed array inside a struct (`s.arr`, `t[2].arr`) is C#'s inline array, which
    is no T[]; it is reached as a view of the struct's own elements (Ptr.ToArrayField), so writes reach the struct."""
    e = _unparen(e)
    if isinstance(e, ir.Member) and isinstance(e.type, ir.ArrayType):
        view = array_field_pointer(ctx, e)
        if view is not None:
            return view
    value = convert_expr(ctx, e)
    if value.type == "string":
        # a string literal (`MPI_Send("hello", 6, MPI_CHAR, ...)`, `&"x"`): C's char array, NUL included (fuzz seed
        # 2 input 4472: a C# string where cMPI takes sbyte[], CS1503). A call that writes it writes a copy: C's
        # program writes read-only memory there (undefined; gcc's crashes)
        return coerce(value, array_of("sbyte"))
    if value.type == HANDLE and ctx.expr.mpi_call:
        # MPI_Win_create(c_info->r_buffer, ...), MPI_Put(c_info->s_buffer, ...) of a `void *` field the program
        # reads as several types (the Intel MPI Benchmarks' EXT and RMA parts): the handle's bytes (Handle.Bytes), as
        # memcpy takes them: a window's Ptr overload exposes them in place, a message stages them as any view
        return coerce_at(value, ptr_of("byte"), e.loc)
    return refuse_handle_memory(value, e.loc, ctx.expr.mpi_call or "an MPI function")


def _element_buffer(ctx, target: ir.Index) -> List[str]:
    """`&a[i]`, `&a[i][j]`, `&s.arr[i]`: the buffer that holds the element and the element's flat offset."""
    base, offset = element_address(ctx, target)
    root = _unparen(target.base)
    while isinstance(root, ir.Index) and isinstance(root.type, ir.ArrayType):
        root = _unparen(root.base)
    if isinstance(root, ir.Member) and isinstance(root.type, ir.ArrayType):
        base = _array_base(ctx, root)
    return _split(ctx, base, offset)


def convert_buffer(ctx, arg: ir.Expr, takes_ref: bool = True) -> List[str]:
    parts = _convert_buffer(ctx, arg, takes_ref)
    rule = ctx.rules.mpi.get(ctx.expr.mpi_call)
    kept = any(p.startswith("PtrBuffer.Lasting(") for p in parts) or (rule is not None and rule.takes_views)
    if kept and _is_field_location(arg):
        # PtrBuffer.Lasting and PtrBuffer.Memory (a window's) throw for a field's view at run time ("use an
        # array"): said here, where it is known
        raise TranslationError(arg.loc, f"a struct field cannot be the buffer of {ctx.expr.mpi_call}: the call keeps "
                               "its buffer after it returns (until the request completes, or for the persistent "
                               "request's or window's life), and a field of a C# struct is no array it can keep; "
                               "use an array or a variable, copied to and from the field", "unsupported-buffer")
    return parts


def _is_field_location(arg: ir.Expr) -> bool:
    """`&s.f`, `&p->f`, `s.arr`, `&a[i].arr[j]`: a location inside a struct."""
    e = _unparen(arg)
    if isinstance(e, ir.Unary) and e.op == "&":
        target = _unparen(e.operand)
    elif isinstance(e, ir.Member) and isinstance(e.type, ir.ArrayType):
        target = e
    else:
        return False
    return _struct_holder(target) is not None


def _convert_buffer(ctx, arg: ir.Expr, takes_ref: bool = True) -> List[str]:
    """takes_ref: cMPI has a `ref` overload for this buffer (the row's ref_buffers); where it has none, a scalar
    `&x` is x's one-element array (the pointer plan boxed x) and a struct's scalar field `&s.f` a view of the field
    (Ptr.ToField), which _split stages: copied back after a blocking call, at completion for Isend/Irecv."""
    zero = CsExpr("0", "int", PRIMARY, 0)
    e = _unparen(arg)
    if isinstance(e, ir.Unary) and e.op == "&":
        target = _unparen(e.operand)
        if isinstance(target, ir.Index):
            return _element_buffer(ctx, target)
        if isinstance(target, (ir.NameRef, ir.Member)) and not isinstance(target.type, ir.ArrayType):
            if not takes_ref and isinstance(target, ir.Member):
                view = convert_expr(ctx, e)
                if view.cstype.is_ptr:
                    return _split(ctx, view, zero)
            value = convert_expr(ctx, target)
            if isinstance(target, ir.NameRef) and value.code.endswith("[0]") and ctx.is_boxed(slot_key(ctx, target)):
                return [value.code[:-3], "0"]  # a boxed scalar: its one-element array
            if not takes_ref:
                raise TranslationError(arg.loc, f"cmpi cannot pass the address of {value.code} as this buffer: "
                                       f"{ctx.expr.mpi_call} takes an array here", "unsupported-buffer")
            return [f"ref {value.code}"]
        if isinstance(target, ir.Unary) and target.op == "*":
            return _convert_buffer(ctx, target.operand, takes_ref)
        if isinstance(target.type, ir.ArrayType):
            return _split(ctx, _array_base(ctx, target), zero)
        raise TranslationError(arg.loc, "this buffer address is not supported yet", "unsupported-buffer")
    if isinstance(e, ir.Binary) and e.op in ("+", "-") and isinstance(e.lhs.type, (ir.PointerType, ir.ArrayType)):
        base = _array_base(ctx, e.lhs)
        offset = coerce(convert_expr(ctx, e.rhs), "int")
        if e.op == "-":
            offset = CsExpr(negated(offset), "int", UNARY)
        return _split(ctx, base, offset)
    if isinstance(e, ir.Index) and isinstance(e.type, ir.ArrayType):
        return _element_buffer(ctx, e)  # a row of a 2-D array
    if isinstance(e.type, (ir.ArrayType, ir.PointerType)):
        return _split(ctx, _array_base(ctx, e), zero)
    raise TranslationError(arg.loc, "this buffer argument is not supported yet", "unsupported-buffer")


def convert_address(ctx, arg: ir.Expr) -> List[str]:
    """The location MPI_Get_address takes, as an array the runtime can name (cMPI.Get_address, Addresses.cs):
    `a`, `&a[i]`, `p + i` -> `a, i`; `&x` -> `x, 0` (the pointer plan gives x a one-element array); a field
    `&a[i].f`, `&x.f`, `&p->f`, `p->arr` -> `a, ref a[i].f`: the array that holds the struct, and the field."""
    if is_null_pointer(arg):
        return ["(byte[])null", "0"]
    e = _unparen(arg)
    if isinstance(e, ir.Unary) and e.op == "&":
        target = _unparen(e.operand)
    elif isinstance(e.type, ir.ArrayType):
        target = ir.Index(e.loc, e.type.element, e, ir.IntLit(e.loc, ir.IntType("int"), 0, "0"))  # `s.arr` is &s.arr[0]
    else:
        target = None
    holder = _struct_holder(target)
    if holder is None:
        parts = convert_buffer(ctx, arg)
        if len(parts) == 2 or (len(parts) == 1 and not parts[0].startswith("ref ")):
            return parts  # an array and offset, or a Ptr that may be a view (the row takes_views)
    else:
        location = f"ref {convert_expr(ctx, target).code}"
        if isinstance(holder, ir.Member):  # p->f: the array p points into
            return [convert_buffer(ctx, holder.base)[0], location]
        if isinstance(holder, ir.Index) or \
                (isinstance(holder, ir.NameRef) and ctx.is_boxed(slot_key(ctx, holder))):
            whole = convert_buffer(ctx, ir.Unary(holder.loc, ir.PointerType(holder.type), "&", holder))
            if len(whole) == 2:
                return [whole[0], location]
    raise TranslationError(arg.loc, "cmpi cannot give an address of this location (MPI_Get_address takes a variable, "
                           "an array element, or a field of either)", "unsupported-buffer")


def _struct_holder(target):
    """For a location inside a struct (`x.f`, `a[i].f.g`, `p->arr[2]`): the struct variable, array element or
    `p->f` whose memory holds it; None for any other location."""
    e, inside = target, False
    while True:
        if isinstance(e, ir.Member) and not e.arrow:
            e, inside = _unparen(e.base), True
        elif isinstance(e, ir.Index) and isinstance(_unparen(e.base), ir.Member) \
                and isinstance(_unparen(e.base).type, ir.ArrayType):
            e, inside = _unparen(e.base), True  # an element of an array field
        else:
            break
    if isinstance(e, ir.Member):  # p->f
        return e
    return e if inside else None


def convert_user_function(ctx, arg: ir.Expr) -> str:
    """A C function passed as MPI_User_function*: `(MPI_User_function *) addem` -> `(UserFunction<int>)addem`.

    The translator turns the function's pointer parameters into arrays, so `void addem(int *in, int *inout,
    int *len, MPI_Datatype *dt)` becomes `addem(int[] in, int[] inout, ref int len, Datatype[] dt)`, which is
    cMPI.UserFunction<int>; T comes from the first parameter's pointee. The standard's form, `void f(void *in,
    void *inout, int *len, MPI_Datatype *dt)` casting inside, takes T from the cast (pointers.py's void_type); a
    function whose parameters are other shapes (a Ptr<T> it moves, an int[] length) is called from a lambda.
    """
    e = arg
    while isinstance(e, (ir.Cast, ir.Paren)) or (isinstance(e, ir.Unary) and e.op == "&"):
        e = e.operand if isinstance(e, (ir.Cast, ir.Unary)) else e.inner
    if not (isinstance(e, ir.NameRef) and e.kind == "function" and isinstance(e.type, ir.FunctionType)):
        raise TranslationError(arg.loc, "a user op must name a C function", "unsupported-construct")
    params = e.type.params
    handled = _errhandler_object(params)
    if handled is not None:
        handle, delegate = _ERRHANDLER_DELEGATES[handled]
        if e.type.variadic:  # MPI never passes the variadic tail; the C# method's params array stays empty
            return f"(ref {handle} cmpi{handle}, ref int cmpiCode) => {ctx.name(e.name)}(ref cmpi{handle}, ref cmpiCode)"
        return f"({delegate}){ctx.name(e.name)}"
    if len(params) == 4 and not _is_user_function(params):
        raise TranslationError(arg.loc, f"the user op {e.name} must take the parameters of MPI_User_function: "
                               "(T *invec, T *inoutvec, int *len, MPI_Datatype *datatype), T one type or void",
                               "incompatible-function-pointer-types")
    fn = next((f for f in ctx.tu.functions if f.name == e.name and f.body is not None), None)
    keys = [("var", e.name, p.name) for p in fn.params] if fn is not None and len(fn.params) == 4 else None
    element = _user_op_element(ctx, params, keys)
    if element is None:
        raise TranslationError(arg.loc, f"the user op {e.name} needs typed pointer parameters (e.g. int *invec, "
                               "int *inoutvec, int *len, MPI_Datatype *dtype), or void * ones it casts to one type",
                               "unsupported-construct")
    t = cs_type(element, arg.loc)
    if keys is None or (all(ctx.plan.rep(k) == "array" and not ctx.plan.is_ref_param(k) for k in keys[:2])
                        and ctx.plan.is_ref_param(keys[2]) and not ctx.plan.is_ref_param(keys[3])):
        return f"(UserFunction<{t}>){ctx.name(e.name)}"
    # the method's own shapes: Ptr<T> takes the array as is, a `ref` parameter the element, an array one element
    length = "ref cmpiLen" if ctx.plan.is_ref_param(keys[2]) else "new[] { cmpiLen }"
    dtype = "ref cmpiType[0]" if ctx.plan.is_ref_param(keys[3]) else "cmpiType"
    vectors = [f"ref {n}[0]" if ctx.plan.is_ref_param(k) else n for k, n in zip(keys[:2], ("cmpiIn", "cmpiInout"))]
    return (f"(UserFunction<{t}>)(({t}[] cmpiIn, {t}[] cmpiInout, ref int cmpiLen, Datatype[] cmpiType) => "
            f"{ctx.name(e.name)}({vectors[0]}, {vectors[1]}, {length}, {dtype}))")


def _user_op_element(ctx, params, keys):
    """The element type of a user op's vectors: the pointee of its first parameter, or what a `void *` one is cast to."""
    if len(params) != 4 or not all(isinstance(p, ir.PointerType) for p in params[:2]):
        return None
    first = params[0].pointee
    if not isinstance(first, ir.VoidType):
        return first
    if keys is None:
        return None
    types = {ctx.plan.void_type(k) for k in keys[:2]}
    return types.pop() if len(types) == 1 and None not in types else None


def _is_user_function(params) -> bool:
    """(T *, T *, int *, MPI_Datatype *), T one type or void on either side: what cMPI.UserFunction<T> can call.

    C converts another function pointer to MPI_User_function * and MPI calls it with those types anyway (undefined,
    C11 6.3.2.3p8); a `float *len` (fuzz seed 3 input 9949) or an `int *in, double *inout` exited 0 with C# that did
    not compile (CS1503)."""
    if not all(isinstance(p, ir.PointerType) for p in params):
        return False
    invec, inoutvec, length, datatype = (p.pointee for p in params)
    vectors_agree = (isinstance(invec, ir.VoidType) or isinstance(inoutvec, ir.VoidType)
                     or _cs_element(invec) == _cs_element(inoutvec))
    return (vectors_agree and isinstance(length, ir.IntType) and length.name == "int"
            and isinstance(datatype, ir.OpaqueType) and datatype.name == "MPI_Datatype")


def _cs_element(t):
    """What a vector's element is in C#: `long` and `long long` are one C# long; a struct is itself."""
    return element_cs(t) if isinstance(t, (ir.IntType, ir.FloatType)) else t


# An error handler's C function by the handle it gets: the C# handle type and the runtime's delegate (Errhandler.cs)
_ERRHANDLER_DELEGATES = {"MPI_Comm": ("Comm", "CommErrhandlerFunction"), "MPI_Win": ("Win", "WinErrhandlerFunction"),
                         "MPI_File": ("MpiFile", "FileErrhandlerFunction")}


def _errhandler_object(params):
    """(MPI_Comm *, int *[, ...]) and the same with MPI_Win or MPI_File: an MPI_{Comm,Win,File}_errhandler_function,
    translated as (ref Comm, ref int) and so on. The handle's C type, or None."""
    if (len(params) == 2 and all(isinstance(p, ir.PointerType) for p in params)
            and isinstance(params[0].pointee, ir.OpaqueType) and params[0].pointee.name in _ERRHANDLER_DELEGATES
            and isinstance(params[1].pointee, ir.IntType) and params[1].pointee.name == "int"):
        return params[0].pointee.name
    return None


def _is_errhandler_function(params) -> bool:
    """Any error handler's C function (communicator, window, file): its pointers are ref parameters."""
    return _errhandler_object(params) is not None


def _buffer_element(e: ir.Expr):
    """The C element type a buffer argument points at, or None (void *, NULL)."""
    e = _unparen(e)
    if isinstance(e, ir.Unary) and e.op == "&":
        return e.operand.type
    t = e.type
    if isinstance(t, ir.ArrayType):
        return t.element
    if isinstance(t, ir.PointerType) and not isinstance(t.pointee, ir.VoidType):
        return t.pointee
    return None


# The size in bytes of each predefined MPI datatype a C number matches (Open MPI 4.1 on x86-64: long double is the x87
# 80-bit type in 16 bytes, as the port has it). MPI_BYTE and MPI_PACKED carry any type's bytes and are not checked.
_DATATYPE_SIZES = {
    "MPI_CHAR": 1, "MPI_SIGNED_CHAR": 1, "MPI_UNSIGNED_CHAR": 1, "MPI_C_BOOL": 1, "MPI_INT8_T": 1, "MPI_UINT8_T": 1,
    "MPI_SHORT": 2, "MPI_UNSIGNED_SHORT": 2, "MPI_INT16_T": 2, "MPI_UINT16_T": 2,
    "MPI_INT": 4, "MPI_UNSIGNED": 4, "MPI_FLOAT": 4, "MPI_INT32_T": 4, "MPI_UINT32_T": 4, "MPI_WCHAR": 4,
    "MPI_LONG": 8, "MPI_UNSIGNED_LONG": 8, "MPI_LONG_LONG_INT": 8, "MPI_LONG_LONG": 8, "MPI_UNSIGNED_LONG_LONG": 8,
    "MPI_INT64_T": 8, "MPI_UINT64_T": 8, "MPI_DOUBLE": 8, "MPI_AINT": 8, "MPI_OFFSET": 8, "MPI_COUNT": 8,
    "MPI_LONG_DOUBLE": 16, "MPI_C_FLOAT_COMPLEX": 8, "MPI_C_COMPLEX": 8, "MPI_C_DOUBLE_COMPLEX": 16,
    "MPI_INTEGER": 4, "MPI_LOGICAL": 4, "MPI_CHARACTER": 1, "MPI_INTEGER1": 1, "MPI_INTEGER2": 2, "MPI_INTEGER4": 4,
    "MPI_INTEGER8": 8, "MPI_REAL": 4, "MPI_REAL4": 4, "MPI_DOUBLE_PRECISION": 8, "MPI_REAL8": 8,
}


def _warn_type_mismatches(ctx, call: ir.Call, callee: ir.NameRef, rule) -> None:
    """-Wmpi-type-mismatch: a buffer whose C element type differs in size from the predefined datatype that
    describes it (`int n; MPI_Bcast(&n, 1, MPI_LONG_LONG_INT, ...)`), as clang's type-safety attributes warn.
    C moves count * extent bytes from the buffer's address whatever its type; the port moves the same bytes of the
    buffer's own storage, reading zeros and dropping writes past its end where C reaches a neighbour's bytes
    (Buffers.CheckType, DataBuf.Clipped; docs/runtime-contract.md); a number described by a datatype of the other
    kind (ATPESC's `double` halos as 2 * n MPI_INT) too, its bytes read as the datatype's elements, as Open MPI
    reads them. A buffer of packed bytes (the row's packed_buffers: MPI_Unpack's inbuf) is described by no
    datatype: the one after it is the other buffer's."""
    params = list(rule.params)
    for i, kind in enumerate(params):
        if kind != "buffer" or i >= len(call.args) or i in rule.packed_buffers:
            continue
        element = _buffer_element(call.args[i])
        while isinstance(element, ir.ArrayType):
            element = element.element
        if not isinstance(element, (ir.IntType, ir.FloatType, ir.ComplexType)):
            continue
        datatype = next((a for a in call.args[i + 1:] if isinstance(_unparen(a), ir.NameRef)
                         and isinstance(a.type, ir.OpaqueType) and a.type.name == "MPI_Datatype"), None)
        if datatype is None:
            continue
        name = _unparen(datatype).name
        want = _DATATYPE_SIZES.get(name)
        have = size_of(ctx, element)
        if want is not None and have is not None and want != have:
            c_name = element.name if not isinstance(element, ir.ComplexType) else f"{element.element.name} complex"
            what = (f"the call moves count * {want} bytes from its address, as natively; past the buffer's end "
                    "(a neighbour's bytes natively) the port reads zeros and drops what it receives; give the "
                    "buffer's own datatype")
            ctx.diagnostics.warn(call.args[i].loc, f"{callee.name}'s buffer holds {c_name} ({have} bytes) but "
                                 f"{name} describes {want}-byte elements: {what}", "mpi-type-mismatch")


def _numeric_element_cs(ctx, arg: ir.Expr) -> Optional[str]:
    """The C# element type of a buffer of numbers (int, long, double...), or None for anything else."""
    if is_null_pointer(arg):
        return None
    element = _buffer_element(arg)
    while isinstance(element, ir.ArrayType):
        element = element.element
    if not isinstance(element, (ir.IntType, ir.FloatType)):
        return None
    return element_cs(element, arg.loc)


def _written_buffer_cs(ctx, call: ir.Call, rule) -> Optional[str]:
    """In a call whose buffers share one datatype (Reduce, Allreduce, Scan, Reduce_local, Fetch_and_op, Compare_and_
    swap...), the C# element type of the buffer it writes: the last one, the others being read only. cMPI's
    overloads take one element type for all of them: a read buffer of other numbers goes as a copy of its bytes of
    that type (_retyped_read_buffer). None for a call of another shape."""
    if "buffer, buffer" not in ", ".join(rule.params):
        return None
    last = max(i for i, kind in enumerate(rule.params) if kind == "buffer")
    return _numeric_element_cs(ctx, call.args[last]) if last < len(call.args) else None


def _retyped_read_buffer(ctx, arg: ir.Expr, buffer: List[str], written: Optional[str]) -> List[str]:
    """`MPI_Allreduce(&my_int, &my_long, 1, MPI_LONG, ...)`: the int's bytes as a long[] (BufferBytes.As), which
    the runtime then reads as it reads any buffer: the same bytes C reads, zeros past the variable's end."""
    mine = _numeric_element_cs(ctx, arg)
    if written is None or mine is None or mine == written:
        return buffer
    if len(buffer) == 1 and buffer[0].startswith("ref "):  # `ref x`: its value's bytes
        return [f"BufferBytes.As<{mine}, {written}>({buffer[0][len('ref '):]})", "0"]
    if len(buffer) == 1:
        # a Ptr<T> itself (a row that takes_pointers, e.g. a struct's array `s.arr`): its memory as array and offset,
        # a view staged as a copy, which a read buffer never writes back
        ctx.mpi_buffer_count = n = ctx.mpi_buffer_count + 1
        return [f"BufferBytes.As<{mine}, {written}>(PtrBuffer.Of({buffer[0]}, out _, out var cmpiAt{n}), cmpiAt{n})",
                "0"]
    return [f"BufferBytes.As<{mine}, {written}>({buffer[0]}, {buffer[1]})", "0"]


def _null_buffer(call: ir.Call, rule, arg: ir.Expr) -> List[str]:
    """NULL as a buffer (a non-root's recvbuf of Reduce or Gather, an empty message): a null array, typed like the
    call's other buffer so that a generic cMPI overload over both resolves; the runtime rejects it if used."""
    for kind, other in zip(rule.params, call.args):
        if kind == "buffer" and other is not arg and not is_null_pointer(other):
            element = _buffer_element(other)
            if element is not None:
                return [f"({array_of(cs_type(element, arg.loc))})null", "0"]
    # `MPI_Send(NULL, 0, MPI_INT, ...)`, a message that is all envelope: the runtime matches no element type for a
    # NULL buffer (and reports MPI_ERR_BUFFER if the count is not 0)
    return ["(byte[])null", "0"]


def _status_variable(ctx, arg: ir.Expr) -> str:
    """The status MPI writes: `&st` -> st; a pointer variable (a wrapper's `MPI_Status *st`), which may hold
    MPI_STATUS_IGNORE (null in the port), -> its first element, or a status of its own when it is null:
    `(st == null ? ref (new Status[1])[0] : ref st[0])`, C#'s conditional variable."""
    lvalue = _lvalue_of_pointer(ctx, arg, "status")
    e = _unparen(strip_implicit(arg))
    if not (isinstance(e, ir.NameRef) and isinstance(e.type, ir.PointerType)):
        return lvalue
    pointer = convert_expr(ctx, e)
    if pointer.cstype.is_array:
        is_null = f"{paren(pointer, PRIMARY)} == null"
    elif pointer.cstype.is_ptr:
        is_null = f"{paren(pointer, PRIMARY)}.IsNull"
    else:
        return lvalue
    return f"({is_null} ? ref (new {pointer.cstype.element.text}[1])[0] : ref {lvalue})"


def _lvalue_of_pointer(ctx, arg: ir.Expr, what: str) -> str:
    """The C# variable a pointer argument designates: `&x` -> x, `&a[i]` -> a[i], `p` -> p[0]."""
    e = _unparen(arg)
    if is_null_pointer(arg):
        raise TranslationError(arg.loc, f"NULL as an MPI {what} argument: MPI writes or reads through it (the C "
                               "program fails there)", "null-argument")
    if isinstance(e, ir.Unary) and e.op == "&":
        target = _unparen(e.operand)
        if not isinstance(target, (ir.NameRef, ir.Index, ir.Member)) and \
                not (isinstance(target, ir.Unary) and target.op == "*"):
            # `&"text"`, `&(int){0}`, `&f()`: C takes the address of an object the port holds no variable for (a
            # string literal is read-only memory natively; fuzz seed 8 input 6258: out "caf", CS1510)
            raise TranslationError(arg.loc, f"the address of {_object_kind(target)} as an MPI {what} argument "
                                   "cannot be translated: MPI writes through it; pass the address of a variable",
                                   "unsupported-construct")
        return convert_expr(ctx, e.operand).code
    if isinstance(e.type, (ir.PointerType, ir.ArrayType)):
        return f"{paren(convert_expr(ctx, e), PRIMARY)}[0]"
    raise TranslationError(arg.loc, f"this {what} argument is not supported yet", "unsupported-construct")


def _object_kind(e: ir.Expr) -> str:
    if isinstance(e, ir.StringLit):
        return "a string literal"
    if isinstance(e, ir.CompoundLiteral):
        return "a compound literal"
    return "a value that is no variable"


def _address_storage(ctx, arg: ir.Expr, ptype) -> Optional[str]:
    """A `void *` out-parameter that receives an address (MPI_Win_allocate's baseptr is a `void **` in
    disguise) given a pointer to memory of numbers instead of `&p` (`char *buf; MPI_Win_allocate(n, 1, info,
    comm, buf, &win)`): C stores the address in the bytes buf points to, and so does the runtime given the Ptr
    itself. None for the usual `&p`."""
    if not (isinstance(ptype, ir.PointerType) and isinstance(ptype.pointee, ir.VoidType)):
        return None
    e = _unparen(arg)
    while isinstance(e, ir.Cast) and isinstance(e.type, ir.PointerType) and isinstance(e.type.pointee, ir.VoidType):
        e = _unparen(e.operand)
    if isinstance(e, ir.Unary) and e.op == "&" or not isinstance(e.type, ir.PointerType):
        return None
    if isinstance(e.type.pointee, ir.VoidType):
        # a `void *` the port holds as bytes (a parameter passed on to MPI, as PRK's PRK_Win_allocate does): the
        # address goes into those bytes, as in C; a `void *` of another representation is the usual `&p` path
        value = convert_expr(ctx, e)
        return value.code if value.cstype.is_ptr else None
    if not isinstance(e.type.pointee, (ir.IntType, ir.FloatType)):
        return None
    value = convert_expr(ctx, e)
    return value.code if value.cstype.is_ptr else f"new {ptr_of(element_cs(e.type.pointee, arg.loc))}({value.code}, 0)"


@registry.call("mpi")
def convert_mpi_call(ctx, call: ir.Call, callee: ir.NameRef, rule) -> CsExpr:
    choice = split_marker_choice(call)
    if choice is not None:
        cond, then, other = choice
        a, b = convert_expr(ctx, then), convert_expr(ctx, other)
        code = f"{paren(as_bool(convert_expr(ctx, cond)), LOR)} ? {paren(a, COND)} : {paren(b, COND)}"
        return CsExpr(code, cs_type(call.type, call.loc), COND)
    if rule.removed:
        ctx.diagnostics.warn(call.loc, f"{callee.name} was removed in MPI-3.0 (Open MPI 4.1 declares it only when "
                             f"OMPI_OMIT_MPI1_COMPAT_DECLS is 0): translated as {rule.removed}", "removed-mpi")
    code = _with_staged_copies(ctx, callee, lambda: _call_code(ctx, call, callee, rule))
    return CsExpr(_error_code_view(ctx, call, callee, rule, code), cs_type(call.type, call.loc), PRIMARY)


def _call_code(ctx, call: ir.Call, callee: ir.NameRef, rule) -> str:
    """The cMPI call for an MPI call, without the error-code view."""
    ftype = callee.type
    if rule.special:
        code = special.REGISTRY[rule.special](ctx, call, rule, SPECIAL_API)
        if code is not None:
            return code
    if len(call.args) != len(rule.params):
        raise TranslationError(call.loc, f"{callee.name} takes {len(rule.params)} arguments", "mpi-arguments")
    _warn_type_mismatches(ctx, call, callee, rule)
    args: List[str] = []
    buffers = []  # (index in args, 1 for `ref x` or 2 for an array and offset) of each buffer converted
    written = _written_buffer_cs(ctx, call, rule)
    last_buffer = max((i for i, kind in enumerate(rule.params) if kind == "buffer"), default=-1)
    for i, (kind, arg) in enumerate(zip(rule.params, call.args)):
        if kind == "attribute_function" and own_attribute_function(arg) is not None:
            args.append(convert_attribute_function(ctx, arg, i, callee.name))
            continue
        if kind == "attribute_function":
            kind = "value"  # MPI_COMM_DUP_FN and the other predefined ones are cMPI's values
        if kind == "value":
            if (is_null_pointer(arg) or _is_library_name(strip_implicit(arg), "MPI_BOTTOM")) and \
                    isinstance(ftype.params[i], ir.OpaqueType):
                # (MPI_BOTTOM is Open MPI's ((void *) 0): C converts it to any handle, fuzz seed 1 input 6583)
                raise TranslationError(arg.loc, f"0, NULL or MPI_BOTTOM as {callee.name}'s {ftype.params[i].name} argument: no "
                                       "handle (the C program fails there)", "null-argument")
            if _is_library_pointer(arg):
                _refuse_pointer_as_handle(ftype.params[i], arg, None, callee.name)  # MPI_IN_PLACE as a communicator
            if _is_array_parameter(ftype.params[i]):
                _refuse_buffer_marker_as_array(arg, ftype.params[i], callee.name)
            _refuse_literal_where_mpi_writes(arg, ftype.params[i], callee.name)
            kept = _kept_as_is(ctx, arg)
            if kept is None:
                value = convert_expr(ctx, arg)
                _refuse_pointer_as_handle(ftype.params[i], arg, value, callee.name)
                if (_is_array_parameter(ftype.params[i]) or _is_written_string(ftype.params[i])) and value.cstype.is_ptr:
                    # (a `char *` MPI writes a name into takes an sbyte[] too: an `unsigned char key[]` read as char,
                    # a view, was given as it is, fuzz seed 15 input 9890: CS1503)
                    kept = _whole_array(ctx, value)
                else:
                    kept = coerce(value, cs_type(ftype.params[i], arg.loc)).code
            args.append(kept)
        elif kind == "buffer":
            if _is_library_name(arg, "MPI_IN_PLACE"):
                args.append("cMPI.IN_PLACE")  # the overloads that allow it take the marker instead of (array, offset)
            elif _is_library_name(arg, "MPI_BOTTOM"):
                args.extend(["cMPI.BOTTOM", "0"])  # an empty byte[] the runtime knows: blocks found by address
            elif is_null_pointer(arg):
                args.extend(_null_buffer(call, rule, arg))
            elif is_allocation(strip_implicit(arg)):
                # `MPI_Buffer_attach(malloc(size), size)`: fresh untyped memory, bytes
                fresh = convert_allocation(ctx, strip_implicit(arg), ir.IntType("unsigned char"), arg.loc)
                args.extend([fresh.code, "0"])
            else:
                if not rule.frees:
                    _refuse_pointer_structs(ctx, arg, callee.name)
                buffer = convert_buffer(ctx, arg, i in rule.ref_buffers)
                if i != last_buffer:
                    buffer = _retyped_read_buffer(ctx, arg, buffer, written)
                buffers.append((len(args), len(buffer)))
                args.extend(buffer)
        elif kind == "address":
            args.extend(convert_address(ctx, arg))
        elif kind == "unread":
            args.append(_unread_pointer(arg, callee.name))
        elif kind == "string":
            # a literal given to a `const char datarep[]` parameter (MPI_Pack_external) reaches here cast to the
            # array type: the literal itself is the C# string
            text = convert_expr(ctx, arg)
            literal = strip_casts(arg)
            if text.type != "string" and isinstance(literal, ir.StringLit):
                text = convert_expr(ctx, literal)
            args.append(text.code if text.type == "string" else f"CString.Str({coerce(text, 'Ptr<sbyte>').code})")
        elif kind == "function":
            args.append(convert_user_function(ctx, arg))
        elif kind in ("out", "ref", "status") and not _is_library_pointer(arg) and _buffer_marker_in(arg):
            # `&MPI_BOTTOM[1]` as MPI_Comm_free's communicator (fuzz seed 6 input 2007: ref cMPI.BOTTOM[1], CS1503)
            raise TranslationError(arg.loc, f"{_buffer_marker_in(arg)} in {rule.c_name}'s {kind} argument cannot be "
                                   "translated: it marks a message buffer; pass the address of a variable",
                                   "incompatible-pointer-types")
        elif kind in ("out", "ref", "status") and _is_library_pointer(arg) and \
                not (kind == "status" and (_is_library_name(arg, "MPI_STATUS_IGNORE") or
                                           _is_library_name(arg, "MPI_STATUSES_IGNORE"))):
            # MPI_IN_PLACE or MPI_BOTTOM where a status or an output goes (Open MPI's `(void *) 1`, which C converts
            # to any pointer): the port has no such variable to write (fuzz seed 3 input 3309: out cMPI.IN_PLACE[0],
            # CS0021)
            name = _unparen(strip_implicit(arg)).name
            raise TranslationError(arg.loc, f"{name} given as {rule.c_name}'s {kind} argument cannot be translated: "
                                   f"pass the address of a variable", "incompatible-pointer-types")
        elif kind == "out" and i == rule.allocates_into and allocation_target(call) is not None:
            # MPI_Alloc_mem(n, info, (void *)&p): p gets fresh memory of its own type (pointers.py keeps p a plain
            # slot, and a wrapper's returned `void *` local is its generic result's Ptr<T>)
            args.append(f"out {convert_expr(ctx, allocation_target(call)).code}")
        elif kind == "out" and i == rule.allocates_into and ref_param_name(ctx, without_pointer_casts(arg)):
            # MPI_Alloc_mem(n, info, b) with b a `void **` out-parameter (`ref Ptr<TB> b`): *b gets the memory
            args.append(f"out {ref_param_name(ctx, without_pointer_casts(arg))}")
        elif kind == "out":
            storage = _address_storage(ctx, arg, ftype.params[i])
            args.append(storage if storage is not None else f"out {_lvalue_of_pointer(ctx, arg, 'output')}")
        elif kind == "ref":
            args.append(f"ref {_lvalue_of_pointer(ctx, arg, 'in/out')}")
        elif kind == "status":
            if _is_library_name(arg, "MPI_STATUS_IGNORE") or _is_library_name(arg, "MPI_STATUSES_IGNORE"):
                args.append("out _")  # MPI_STATUSES_IGNORE where one status goes: C accepts it, as MPI ignores it
            else:
                args.append(f"out {_status_variable(ctx, arg)}")
    if "buffer, buffer" in ", ".join(rule.params):  # one count for both buffers: Reduce, Allreduce, Scan, ...
        _same_buffer_forms(args, buffers, rule.mixed_forms)
    return f"{rule.target}({', '.join(args)})"


def _refuse_pointer_structs(ctx, arg: ir.Expr, function: str) -> None:
    """A message buffer of structs that hold pointers (`MPI_Bcast(list, sizeof list, MPI_BYTE, ...)` of a `struct
    { char *name; ... }` array): a pointer means nothing in another rank, and cMPI moves numbers only (C# would refuse
    the call, CS8377). MPI_Free_mem takes such memory back (rows that free), as MPI_Alloc_mem gives it."""
    e = _unparen(arg)
    while isinstance(e, (ir.Cast, ir.Paren)):
        e = _unparen(e.operand if isinstance(e, ir.Cast) else e.inner)
    t = e.type
    element = t.pointee if isinstance(t, ir.PointerType) else t.element if isinstance(t, ir.ArrayType) else None
    while isinstance(element, ir.ArrayType):
        element = element.element
    if not isinstance(element, ir.RecordType) or not any(r.name == element.name for r in ctx.tu.records):
        return
    if managed_footprint(ctx, element)[0]:
        raise TranslationError(arg.loc, f"{function} would move struct {element.name}, which holds pointers: a pointer "
                               "means nothing in another rank (send the numbers only)", "mpi-buffer-references")


def _same_buffer_forms(args: List[str], buffers, mixed: bool) -> None:
    """A reduction of two buffers (one count and datatype for both), one a scalar's address and the other an
    element of an array (`MPI_Scan(&bin[k], &i, 1, MPI_INT, ...)`): cMPI's overloads take both as `ref` or both as
    arrays, so the element is passed as `ref a[offset]`, the variable it is (the count, one element for the
    scalar, fits either). Gather and the others with a count per buffer have overloads for each mix.
    A read buffer's bytes retyped (BufferBytes.As, _retyped_read_buffer) stay an array where the call takes the
    mix (`mixed`): all its bytes reach the call, where `ref copy[0]` would give one element's."""
    if not any(n == 1 and args[i].startswith("ref ") for i, n in buffers):
        return
    for i, n in reversed(buffers):
        if n == 2 and not (mixed and args[i].startswith("BufferBytes.As<")):
            args[i:i + 2] = [f"ref {args[i]}[{args[i + 1]}]"]


def _unread_pointer(arg: ir.Expr, function: str) -> str:
    """A `void *` argument nothing reads (a keyval's extra_state, a split collective _end's buffer, which MPI
    requires to be its _begin's): `null`, when computing the pointer has no effect to keep (`&state`,
    `(void *) &table[i]`, `p`, NULL)."""
    e = _unparen(arg)
    while isinstance(e, (ir.Cast, ir.Paren)) or (isinstance(e, ir.Unary) and e.op == "&"):
        e = e.operand if not isinstance(e, ir.Paren) else e.inner
    if not is_pure(e):
        raise TranslationError(arg.loc, f"{function}'s pointer argument has side effects: compute it before the "
                               "call (cMPI does not read this pointer)", "unsupported-construct")
    return "null"


def _is_array_parameter(ptype) -> bool:
    """An MPI parameter that takes an array of values (`const int counts[]`, `MPI_Request reqs[]`): cMPI takes a T[]."""
    if isinstance(ptype, ir.ArrayType):
        return True
    return isinstance(ptype, ir.PointerType) and not isinstance(ptype.pointee, (ir.VoidType, ir.FunctionType)) and \
        not (isinstance(ptype.pointee, ir.IntType) and ptype.pointee.name == "char")


def _is_written_string(ptype) -> bool:
    """A `char *` (not const) parameter MPI writes a string into (MPI_Comm_get_name's name): cMPI takes an sbyte[]."""
    return isinstance(ptype, ir.PointerType) and not ptype.const_pointee and isinstance(ptype.pointee, ir.IntType) \
        and ptype.pointee.name == "char"


def _whole_array(ctx, arg: CsExpr) -> str:
    """A Ptr<T> given for a T[] parameter: its array when it starts one, else a copy written back after the call
    (PtrBuffer.Whole)."""
    if ctx.expr.mpi_staged is None:  # the call keeps the array: a snapshot (PtrBuffer.Whole)
        return f"PtrBuffer.Whole({arg.code}, out _)"
    ctx.mpi_buffer_count = n = ctx.mpi_buffer_count + 1
    ctx.expr.mpi_staged.append(f"cmpiStaged{n}")
    return f"PtrBuffer.Whole({arg.code}, out var cmpiStaged{n})"


def _refuse_literal_where_mpi_writes(arg: ir.Expr, param, function: str) -> None:
    """A string literal given for a `char *` (not const) an MPI function writes its answer into (MPI_Comm_get_name's
    name, MPI_Get_processor_name's): C lets the literal convert, the write is undefined (gcc's program crashes on
    the read-only page), and cMPI's array parameter takes no C# string (fuzz seed 15 input 8360: CS1503)."""
    if isinstance(_unparen(strip_implicit(arg)), ir.StringLit) and _is_written_string(param):
        raise TranslationError(arg.loc, f"a string literal given where {function} writes its answer (a char * "
                               "parameter): writing into a literal is undefined in C; pass a char array",
                               "string-literal-write")


def _kept_as_is(ctx, arg: ir.Expr):
    """Value arguments that keep their own C# form, or None.

    Pointer constants (MPI_STATUSES_IGNORE -> null, MPI_UNWEIGHTED -> cMPI.UNWEIGHTED) are sentinels the runtime
    tells apart by reference, so no conversion may copy them; string literals (MPI_Comm_set_name) are C# strings
    in cMPI's signatures.
    """
    e = _unparen(arg)
    if isinstance(e, ir.NameRef) and e.kind == "library" and isinstance(e.type, ir.PointerType):
        return ctx.rules.constants.get(e.name)
    if isinstance(e, ir.StringLit):
        return string_literal(e.value)
    return None


def _error_code_view(ctx, call: ir.Call, callee: ir.NameRef, rule, code: str) -> str:
    """Route an MPI call through cMPI.Try where its error handler can matter.

    cMPI reports errors by exception; a C program that set MPI_ERRORS_RETURN reads them from the return value
    (`rc = MPI_Recv(...)`). cMPI.Try(comm, () => call) runs the handler of the first communicator or window
    the call is given (`cMPI.Try(win, ...)`: a window has a handler of its own, MPI-3.1 8.3.3): a user handler's
    function is called, MPI_ERRORS_RETURN gives the error class, MPI_ERRORS_ARE_FATAL lets the error end the job.
    A call used as a statement needs the same when the program can install a handler that returns (its code is
    then discarded and the program goes on); in a program that never sets one, every handler is the fatal
    default, so such calls stay plain (no closure on a hot path).
    """
    if not (isinstance(call.type, ir.IntType) and call.type.name == "int") or rule.value_result:
        return code  # MPI_Wtime, MPI_Wtick, MPI_Comm_c2f: a value, not an error code
    if ctx.expr.discarded is call and not (_sets_errhandler(ctx) and _may_capture(ctx)):
        return code
    if not _sets_errhandler(ctx) and _uses_ref_parameter(ctx, call):
        # A lambda cannot capture a ref parameter (`char **win_base` used only as `*win_base`, pointers.py): with
        # no handler that returns anywhere in the program, every error ends the job and the call returns
        # MPI_SUCCESS, which is what the plain call gives (`MPI_CHECK(MPI_Win_create(*win_base, ...))`).
        return code
    params = getattr(callee.type, "params", ())
    for kind, arg, ptype in zip(rule.params, call.args, params):
        # a call on a window reports to the window's handler (MPI-3.1 8.3.3), one on a communicator to its own
        if (kind == "value" and isinstance(ptype, ir.OpaqueType) and ptype.name in ("MPI_Comm", "MPI_Win")
                and is_pure(arg)):
            return f"cMPI.Try({convert_expr(ctx, arg).code}, () => {code})"
    return f"cMPI.Try(() => {code})"


def _uses_ref_parameter(ctx, call: ir.Call) -> bool:
    """Whether an argument of the call names a parameter of the current function that is a C# ref parameter."""
    f = ctx.fn.function
    if f is None or ctx.plan is None:
        return False
    return any(isinstance(n, ir.NameRef) and n.kind == "param" and ctx.plan.is_ref_param(("var", f.name, n.name))
               for a in call.args for n in ir.walk(a))


def _sets_errhandler(ctx) -> bool:
    """Whether the program installs an error handler anywhere (passes/plan.py)."""
    return ctx.program.sets_errhandler


def _may_capture(ctx) -> bool:
    """A lambda cannot capture ref parameters: inside an error handler's own function (translated with
    `ref Comm, ref int`) a call used as a statement stays plain, so an error there ends the job."""
    f = ctx.fn.function
    return f is None or not _is_errhandler_function(f.type.params)


class SPECIAL_API:
    """What a handler of rules/special.py may use (it imports nothing of the translator)."""
    @staticmethod
    def expr(ctx, e: ir.Expr) -> str:
        return convert_expr(ctx, e).code

    lvalue_of_pointer = staticmethod(_lvalue_of_pointer)
