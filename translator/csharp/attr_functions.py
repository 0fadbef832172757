"""Attribute copy and delete functions of the program's own given to MPI_Comm_create_keyval (and the Type, Win and
MPI-1 forms): `int copy_fn(MPI_Comm comm, int keyval, void *extra, void *in, void *out, int *flag)` and `int
delete_fn(MPI_Comm comm, int keyval, void *value, void *extra)`.

The runtime calls them with the attribute's value as an object (the Ptr<T> set_attr stored, or null) and takes
the copy's value and flag back (cMPI.AttrCopyCallback / AttrDeleteCallback). The translated function's parameters
have the shapes the pointer plan gave them (`Ptr<int> in`, `Ptr<Ptr<int>> out`, `ref int flag`, an array...), so
the function is called from a lambda that adapts each one: the value read as the pointer the function takes
(cMPI.AttrPointer / AttrArray), `out` and `flag` a one-element cell read back after the call. extra_state is
nothing the port keeps (the rows' `unread` kind): a function that never uses it gets `default`, one that
does is refused.
"""
from __future__ import annotations

from typing import List, Tuple

from .. import ir
from ..diagnostics import TranslationError
from ..passes.queries import strip_casts
from .cstypes import parse, ptr_of
from .types import HANDLE, cs_type

# the C parameters of each kind of function, in order: what the runtime's callback gives each
_COPY_ROLES = ("handle", "keyval", "extra", "value", "out", "flag")
_DELETE_ROLES = ("handle", "keyval", "value", "extra")


def own_attribute_function(arg: ir.Expr):
    """The program's function an attribute-function argument names (`copy_fn`, `&copy_fn`, a cast of them), or None
    for a predefined one (MPI_COMM_DUP_FN, ...) or anything else."""
    named = strip_casts(arg)
    if isinstance(named, ir.Unary) and named.op == "&":
        named = strip_casts(named.operand)
    if isinstance(named, ir.NameRef) and named.kind == "function" and isinstance(named.type, ir.FunctionType):
        return named
    return None


def convert_attribute_function(ctx, arg: ir.Expr, position: int, mpi_name: str) -> str:
    """`cMPI.CopyFunction<Comm>((Comm cmpiHandle, ...) => { ... })` for the program's function `arg` names;
    position 0 is the copy function, 1 the delete function (the rows' order)."""
    named = own_attribute_function(arg)
    fn = next((f for f in ctx.tu.functions if f.name == named.name and f.body is not None), None)
    roles = _COPY_ROLES if position == 0 else _DELETE_ROLES
    what = "copy" if position == 0 else "delete"
    if fn is None or len(fn.params) != len(roles) or fn.type.variadic:
        raise TranslationError(arg.loc, f"{named.name}, given to {mpi_name} as the attribute {what} function, must be a "
                               f"function of the program with the {len(roles)} parameters of MPI's {what} function",
                               "incompatible-function-pointer-types")
    generic = dict(ctx.plan.type_parameters.get(fn.name, [])) if ctx.plan is not None else {}
    if fn.name in (ctx.plan.result_type_parameters if ctx.plan is not None else {}):
        raise _refusal(arg, named.name, mpi_name, "its result is a pointer")
    used = {n.name for n in ir.nodes_of(fn.body, ir.NameRef)}
    handle_cs = None
    setup: List[str] = []
    args: List[str] = []
    after: List[str] = []
    for i, (role, p) in enumerate(zip(roles, fn.params)):
        key = ("var", fn.name, p.name)
        is_ref = ctx.plan is not None and ctx.plan.is_ref_param(key)
        cs = "" if is_ref else ctx.slot_type(key, p.type, p.loc)
        if p.name not in used and role in ("extra", "value", "out"):
            args.append("default")  # a pointer the function never uses (a generic one's type argument: bytes)
            if role == "out":
                after.append("cmpiOut = null;")  # (a copy function that never writes it says flag 0, or MPI reads garbage)
            continue
        if i in generic and role != "extra":
            raise _refusal(arg, named.name, mpi_name, f"its parameter {p.name} passes the value on as a buffer")
        if role == "handle":
            handle_cs = cs_type(p.type, p.loc)
            args.append("cmpiHandle")
        elif role == "keyval":
            args.append("ref cmpiKeyval" if is_ref else "cmpiKeyval")
        elif role == "extra":
            # extra_state is not kept (the rows' `unread` kind): a function that uses it would get NULL
            raise _refusal(arg, named.name, mpi_name, f"it uses its extra_state parameter {p.name}, which the port "
                           "does not keep")
        elif role == "value":
            args.append(_value_argument(arg, named.name, mpi_name, p, is_ref, cs))
        elif role == "out":
            cell, code = _out_argument(ctx, arg, named.name, mpi_name, p, key, is_ref, cs)
            setup.append(f"var cmpiOutCell = new {cell}[1];")
            args.append(code)
            after.append(f"cmpiOut = {_boxed_pointer(cell, arg, named.name, mpi_name)};")
        else:  # flag: an int *
            setup.append("var cmpiFlagCell = new int[1];")
            args.append("ref cmpiFlagCell[0]" if is_ref else
                        "cmpiFlagCell" if parse(cs).is_array else "new Ptr<int>(cmpiFlagCell, 0)")
            after.append("cmpiFlag = cmpiFlagCell[0];")
    type_args = f"<{', '.join('byte' for _ in generic)}>" if generic else ""  # extra_state's: nothing is read
    call = f"{ctx.name(fn.name)}{type_args}({', '.join(args)})"
    if position == 0:
        params = f"{handle_cs} cmpiHandle, int cmpiKeyval, object cmpiIn, out object cmpiOut, out int cmpiFlag"
        body = " ".join(setup + [f"int cmpiCode = {call};"] + after + ["return cmpiCode;"])
        return f"cMPI.CopyFunction<{handle_cs}>(({params}) => {{ {body} }})"
    params = f"{handle_cs} cmpiHandle, int cmpiKeyval, object cmpiIn"
    return f"cMPI.DeleteFunction<{handle_cs}>(({params}) => {call})"


def _value_argument(arg, name, mpi_name, p: ir.VarDecl, is_ref: bool, cs: str) -> str:
    """The attribute's value as the function's `void *` parameter takes it."""
    if cs == HANDLE:
        return "cmpiIn"  # a `void *` only passed on (`*(void **)out = in`): the runtime's value object as is
    t = parse(cs) if cs else None
    if is_ref or t is None or not t.is_memory:
        raise _refusal(arg, name, mpi_name, f"its parameter {p.name} is read as no pointer to memory ({cs or 'ref'})")
    helper = "AttrPointer" if t.is_ptr else "AttrArray"
    return f"cMPI.{helper}<{t.element.text}>(cmpiIn)"


def _out_argument(ctx, arg, name, mpi_name, p, key, is_ref: bool, cs: str) -> Tuple[str, str]:
    """(the pointer type the copy's value is, the argument): `void *out` is a `void **` in disguise, written through
    `*(T **)out = v`; the function gets a one-element cell for it."""
    if is_ref:
        cell = cs_type(p.type.pointee, p.loc) if not isinstance(p.type.pointee, ir.VoidType) else None
        if cell is None:
            raise _refusal(arg, name, mpi_name, f"its parameter {p.name} is a `void *` written as an out-parameter")
        return cell, "ref cmpiOutCell[0]"
    t = parse(cs)
    if not t.is_memory:
        raise _refusal(arg, name, mpi_name, f"its parameter {p.name} is no pointer to the copy's value ({cs})")
    cell = t.element.text
    return cell, "cmpiOutCell" if t.is_array else f"new {ptr_of(cell)}(cmpiOutCell, 0)"


def _boxed_pointer(cell: str, arg, name, mpi_name) -> str:
    """The copy's value as the runtime keeps attribute values: a Ptr<T> (an array the function stored is its start)."""
    t = parse(cell)
    if t.is_ptr or cell == HANDLE:  # (a `void *` stored: the value object the function was given, or null)
        return "cmpiOutCell[0]"
    if t.is_array:
        return f"cmpiOutCell[0] is null ? null : new {ptr_of(t.element.text)}(cmpiOutCell[0], 0)"
    raise _refusal(arg, name, mpi_name, f"it stores a {cell} as the copy's value, not a pointer")


def _refusal(arg, name, mpi_name, why: str) -> TranslationError:
    return TranslationError(arg.loc, f"{name}, an attribute function of the program's own given to {mpi_name}, cannot "
                            f"be translated: {why}", "unsupported-construct")
