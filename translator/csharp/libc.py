"""C library calls -> CloudMpi.Libc / System.Math calls (rules/libc.toml).

Arguments are converted to the prototype's parameter types; the variadic
arguments of the printf family are passed as C promoted them (clang already
inserted the default argument promotions), so the formatter sees C's types.
"""
from __future__ import annotations

import os
import re
from typing import Optional

from .. import ir
from ..diagnostics import TranslationError
from .exprs import (CsExpr, PRIMARY, UNARY, convert_expr, convert_value, int_literal, is_null_pointer,
                    ref_param_name, refuse_handle_memory, slot_key, strip_implicit, unwrap)
from .pointer_exprs import PRIMITIVE_ELEMENTS, array_field_pointer
from . import registry
from .cstypes import GENERIC_RESULT, ptr_of
from .types import HANDLE, INTEGER_CARRIER, INTEGRAL, cs_type, element_cs, managed_footprint
from ..passes.loop_shapes import constant_value
from ..passes.pointers import allocation_target
from ..passes.queries import strip_casts
from ..rules import load as load_rules


def readable_copy(value: CsExpr) -> str:
    """A fixed array inside a struct, read as a C string or buffer: a copy of its elements."""
    elem = value.type[value.type.index("<") + 1:-1]
    return f"CArray.Copy<{elem}>({value.code})"


def _struct_array_view(ctx, e: ir.Expr):
    """`r.name` given to the library: a view of the struct's own array, so a write (strcpy, sprintf)
    reaches it; None when the struct has no address (a call's result), which is then only read."""
    if isinstance(e, ir.Member) and isinstance(e.type, ir.ArrayType):
        return array_field_pointer(ctx, e)
    return None




def convert_pointer_arg(ctx, a: ir.Expr, untyped: bool = False, function: str = "", integer: bool = False) -> str:
    """A buffer given to a `const char *` or (`untyped`) a `void *` parameter of the library's `function`; `integer`:
    the parameter may carry an integer instead (a thread's argument or value: passes/void_integers.py)."""
    if not untyped and is_null_pointer(a):
        return "null"  # strtok(0, " "): NULL reached here as `null` through its (void *) cast, a 0 as the int 0
    inner = unwrap(a)
    if isinstance(inner, ir.Cast) and isinstance(inner.type, ir.PointerType) and \
            isinstance(inner.type.pointee, ir.VoidType) and not isinstance(unwrap(inner.operand).type, ir.IntType):
        inner = strip_implicit(inner.operand)  # (void *) buf
    view = _struct_array_view(ctx, inner)
    if view is not None:
        return view.code
    value = convert_expr(ctx, inner)
    if value.type == INTEGER_CARRIER and not integer:
        raise TranslationError(a.loc, f"an integer carried in a `void *` given to {function or 'a library function'}, "
                               "which reads the pointer as memory, cannot be translated", "integer-to-pointer")
    if value.type == HANDLE and function != "free" and function in load_rules().names("bytes"):
        # memcpy(dst, src, n) of an opaque handle (graph500's aml_send copies its `void *src` into a message):
        # the bytes of whatever numbers it holds, which is all memcpy reads (Handle.Bytes stops the port naming
        # this place when the handle holds objects, a struct with pointers)
        where = f"{os.path.basename(a.loc.file)}:{a.loc.line}:{a.loc.col}" if a.loc is not None else "?"
        return f"Handle.Bytes({value.code}, \"{where}\")"
    if function != "free":  # free(handle) frees whatever it holds (CMem.free(object))
        refuse_handle_memory(value, a.loc, function or "a library function")
    if untyped and value.type == "string":
        return f"CString.Lit({value.code})"  # memcpy(buf, "abc", 4): the generic overloads take a char array
    return readable_copy(value) if value.cstype.is_inline_array else value.code




def _buffer_element(a: ir.Expr, ctx=None):
    """The C# element type of the buffer a `void *` argument names, or None (NULL, a void buffer of no type)."""
    inner = strip_implicit(a)
    while isinstance(inner, (ir.Paren, ir.Cast)) and isinstance(inner.type, (ir.PointerType, ir.ArrayType)):
        pointee = inner.type.pointee if isinstance(inner.type, ir.PointerType) else inner.type.element
        if not isinstance(pointee, ir.VoidType):
            break
        inner = strip_implicit(inner.inner if isinstance(inner, ir.Paren) else inner.operand)
    while isinstance(inner, ir.Binary) and inner.op in ("+", "-") and isinstance(inner.type, ir.PointerType) and \
            isinstance(inner.type.pointee, ir.VoidType):
        # `buf + i * size` on a `void *` byte buffer (GNU C counts bytes): the buffer's own element type
        inner = strip_implicit(inner.lhs if isinstance(strip_implicit(inner.lhs).type, ir.PointerType) else inner.rhs)
    t = inner.type
    pointee = t.pointee if isinstance(t, ir.PointerType) else t.element if isinstance(t, ir.ArrayType) else None
    if isinstance(pointee, ir.VoidType) and isinstance(inner, ir.Unary) and inner.op == "*" and ctx is not None \
            and ctx.plan is not None:
        # `*v` of a generic `void **` out-parameter (`memcpy(*v, values, n)` after `*v = malloc(n)`): its type parameter
        target = strip_implicit(inner.operand)
        if isinstance(target, ir.NameRef):
            generic = ctx.plan.generic_buffers.get(slot_key(ctx, target))
            if generic is not None:
                return generic
    if isinstance(pointee, ir.VoidType) and isinstance(inner, ir.NameRef) and ctx is not None:
        if ctx.plan is None:
            return None
        key = slot_key(ctx, inner)
        typed = ctx.plan.void_type(key)
        # a type parameter, or the one type (or bytes) the pointer plan gave the void *
        if key in ctx.plan.generic_buffers or typed is not None:
            return ctx.plan.generic_buffers.get(key) or element_cs(typed, a.loc)
        # an opaque handle, which the library reads as its bytes (Handle.Bytes, convert_pointer_arg)
        return "byte" if ctx.slot_type(key, t, a.loc) == HANDLE else None
    if isinstance(pointee, ir.VoidType) and isinstance(inner, ir.Member):
        return "byte"  # a struct's `void *` field is an opaque handle (void_handles.py): its bytes
    if pointee is None or isinstance(pointee, ir.VoidType):
        return None
    return element_cs(pointee, a.loc)


def _read_as_first_buffer(ctx, call: ir.Call, args: list) -> None:
    first, second = _buffer_element(call.args[0], ctx), _buffer_element(call.args[1], ctx)
    if first is None or second is None or first == second:
        return
    parameters = set(ctx.plan.generic_buffers.values()) if ctx.plan is not None else set()
    if first in parameters or second in parameters:
        # a generic method's buffers (`copy_buffer<TDst, TSrc>`): the source's memory as the destination's type
        args[1] = f"Ptr.Reinterpret<{second}, {first}>({args[1]})"
        return
    if first in PRIMITIVE_ELEMENTS and second in PRIMITIVE_ELEMENTS:
        args[1] = f"Ptr.Reinterpret<{second}, {first}>({args[1]})"
    elif second in _BYTE_ELEMENTS:
        # a struct and bytes (`memcpy(&rec.number, (char *)buf + i * size, size)`): the struct's memory as bytes,
        # so any byte count and position work
        args[0] = f"Ptr.Reinterpret<{first}, {second}>({args[0]})"
    elif first in _BYTE_ELEMENTS:
        args[1] = f"Ptr.Reinterpret<{second}, {first}>({args[1]})"


_BYTE_ELEMENTS = {"sbyte", "byte"}
# the runtime classes whose overloads (or generic type) follow the argument's C# width
_WIDTH_TYPED = ("CBuiltins.", "CSync.")
# a function without a row whose `const char *` parameter C defines for a null pointer (rows say it: null_string)
_NULL_STRING_DEFINED = frozenset({"setlocale"})


def _is_struct_array(a: ir.Expr) -> bool:
    inner = strip_implicit(a)
    return isinstance(inner, ir.Member) and isinstance(inner.type, ir.ArrayType)





def _out_argument(ctx, a: ir.Expr):
    """`&x` for a typed pointer parameter (frexp(x, &e), time(&t), gettimeofday(&tv, NULL)) where x lives
    in no box (the pointer plan lets library calls take refs): `ref x`. None for anything else."""
    inner = unwrap(a)
    if not (isinstance(inner, ir.Unary) and inner.op == "&"):
        return None
    target = strip_implicit(inner.operand)
    if isinstance(target, ir.NameRef) and target.kind in ("local", "param", "global", "static_local") and \
            not isinstance(target.type, ir.ArrayType) and not ctx.is_boxed(slot_key(ctx, target)):
        return "ref " + convert_expr(ctx, target).code
    return None


def _scan_target(ctx, a: ir.Expr) -> str:
    """`&x` -> `ref x`; a pointer variable -> `ref p` (scanned through); another pointer -> ref Target(p)."""
    inner = unwrap(a)
    if isinstance(inner, ir.Unary) and inner.op == "&":
        return "ref " + convert_expr(ctx, inner.operand).code
    view = _struct_array_view(ctx, strip_implicit(inner))
    if view is not None:
        return f"ref Target({view.code})"  # a struct's char array (scanf("%15s", p.name)): a view of it
    value = convert_expr(ctx, inner)
    if isinstance(inner, ir.NameRef) and not value.code.endswith("]"):
        return "ref " + value.code
    return f"ref Target({value.code})"


@registry.call("libc")
def convert_libc_call(ctx, call: ir.Call, callee: ir.NameRef, rule) -> CsExpr:
    ftype = callee.type
    if not isinstance(ftype, ir.FunctionType):
        raise TranslationError(call.loc, f"'{callee.name}' is not a function here", "unmapped-function")
    if callee.name == "posix_memalign":
        return _posix_memalign(ctx, call, rule)
    folded = _folded_comparison(call, callee.name)
    if folded is not None:
        return CsExpr(str(folded), cs_type(call.type, call.loc), PRIMARY if folded >= 0 else UNARY)
    _refuse_callback_of_other_element(ctx, call, ftype, callee.name)
    sorts = _hands_out_element_pointers(ftype)
    args = []
    for i, a in enumerate(call.args):
        if callee.name == "free" or (sorts and i < len(ftype.params) and _is_void_pointer(ftype.params[i])):
            # free((char *)(m + nrl - 1)), Numerical Recipes' way: the same block; qsort((char *)v, ...) and
            # qsort((void **)names, ...), the sorts of pre-ANSI C and their heirs: the array itself
            a = without_pointer_casts(a)
        if rule.family == "strto" and i == 1 and is_null_pointer(a):
            continue  # strtol(s, NULL, base) is the runtime's strtol(s, base)
        if i < len(ftype.params):
            p = ftype.params[i]
            if isinstance(p, ir.PointerType) and (isinstance(p.pointee, ir.VoidType) or
                                                  (isinstance(p.pointee, ir.IntType) and p.pointee.name == "char")):
                # const char * parameters: string literals stay C# strings; void * takes the buffer as it is
                # (the runtime's generic overloads take T[] and Ptr<T>).
                if p.const_pointee and not isinstance(p.pointee, ir.VoidType) and is_null_pointer(a) and \
                        callee.name not in _NULL_STRING_DEFINED and not rule.null_string:
                    # printf(NULL), puts(0), fputs(NULL, f): undefined in C (glibc's program crashes); the runtime's
                    # string and char-array overloads make `null` ambiguous (fuzz seed 3 input 4197: printf(0), CS1503)
                    raise TranslationError(a.loc, f"a null pointer given as {callee.name}'s string argument: C's "
                                           "behaviour is undefined; pass a string", "null-argument")
                if isinstance(p.pointee, ir.VoidType) and is_null_pointer(a) and rule.needs_memory:
                    # memcpy(0, src, n), memset(NULL, ...): undefined in C (glibc's program crashes); the runtime's
                    # generic overloads name no element type for it (fuzz seed 11 input 9974: CS1503)
                    raise TranslationError(a.loc, f"a null pointer given as {callee.name}'s memory argument: C's "
                                           "behaviour is undefined; pass a buffer", "null-argument")
                if rule.null_string and is_null_pointer(a):
                    # system(NULL), perror(NULL): C's null string, as the runtime's C-string overload takes it (a bare
                    # null would fit its .NET string overload too: CS0121)
                    args.append(f"default({ptr_of('sbyte')})")
                    continue
                if not isinstance(p.pointee, ir.VoidType):
                    _refuse_object_bytes_as_string(a, callee.name)
                # strtol("12x", &end, 10): the end pointer points into the string, so a literal is its char array
                # (a .NET string chose the runtime's `out int` overload: CS1620)
                into = rule.family == "strto" and i == 0 and len(call.args) > 1 and not is_null_pointer(call.args[1])
                integer = i == rule.thread_value or (rule.thread_start is not None and i == rule.thread_start[1])
                if integer and rule.thread_start is not None and is_null_pointer(a):
                    nothing = _null_thread_argument(ctx, call, rule.thread_start[0])
                    if nothing is not None:
                        args.append(nothing)
                        continue
                args.append(convert_pointer_arg(ctx, a, isinstance(p.pointee, ir.VoidType) or into, callee.name,
                                                integer))
            else:
                over_bytes = _comparator_over_bytes(ctx, call, a, p) if sorts else None
                code = over_bytes or _out_argument(ctx, a)
                if not code:
                    value = convert_value(ctx, a, p)
                    if i == rule.rounding_mode:
                        _refuse_directed_rounding(a, value, callee.name)
                    # CBuiltins is overloaded per width, CSync generic in the object's type: a constant takes the
                    # parameter's type (`__sync_fetch_and_add(&byte_counter, 10)`: 10 as a byte, or C# infers no T)
                    code = (_typed_constant(value) if rule.target.startswith(_WIDTH_TYPED) else value).code
                args.append(code)
        elif rule.family == "scanf":
            args.append(_scan_target(ctx, a))
        else:
            view = _struct_array_view(ctx, strip_implicit(a))
            value = view or convert_expr(ctx, strip_implicit(a) if _is_struct_array(a) else a)
            if value.type == "null":
                # printf("%p", NULL): a bare null as the only variadic argument is C#'s null params array itself,
                # no argument ("missing argument 1 for %p" at run time); one null element prints "(nil)" as glibc does
                args.append("(object)null")
                continue
            args.append(readable_copy(value) if value.cstype.is_inline_array else value.code)
    if rule.family == "byte_pair" and len(args) == 3:
        _read_as_first_buffer(ctx, call, args)
    keyed = _key_and_element_types(ctx, call, ftype) if sorts else None
    if keyed is not None:
        # bsearch(&id, recs, ...): the runtime's search by a key of its own type (bsearch_by_key<TKey, T>; as an
        # overload of bsearch it would make a search by an element ambiguous), both types named
        return CsExpr(f"{rule.target}_by_key<{keyed[0]}, {keyed[1]}>({', '.join(args)})", GENERIC_RESULT, PRIMARY)
    if rule.handle_result:
        ret = HANDLE  # pthread_getspecific: whatever pointer was stored, cast back at use (Handle.As)
    elif isinstance(call.type, ir.PointerType) and isinstance(call.type.pointee, ir.VoidType):
        ret = GENERIC_RESULT  # bsearch, memcpy...: the runtime's generic result; the cast around the call types it
    else:
        ret = cs_type(call.type, call.loc)
    return CsExpr(f"{rule.target}({', '.join(args)})", ret, PRIMARY)


def _typed_constant(value: CsExpr) -> CsExpr:
    """A constant argument written as a literal of the parameter's C# type: a bare `1` given to a runtime function
    overloaded per width (CBuiltins) picks the narrowest overload C# converts it to (`__builtin_bswap64(1)` swapped a
    ushort: 256 where gcc gives 2^56; `__builtin_clzll(1)` counted in an int)."""
    if value.const is None or value.type not in INTEGRAL or value.type in ("int", "char") or \
            not re.fullmatch(r"-?\d+", value.code):
        return value
    if value.type in ("sbyte", "byte", "short", "ushort"):
        return CsExpr(f"(({value.type}){value.code})", value.type, PRIMARY, value.const)
    return int_literal(value.const, value.type)


# glibc's <fenv.h> on x86: FE_TONEAREST is 0, FE_DOWNWARD 0x400, FE_UPWARD 0x800, FE_TOWARDZERO 0xc00 (another value
# is no direction: fesetround fails, changing nothing, as the runtime's does)
_DIRECTED_ROUNDING = (0x400, 0x800, 0xC00)


def _refuse_directed_rounding(a: ir.Expr, value: CsExpr, name: str) -> None:
    """fesetround(FE_UPWARD): a port computes in round-to-nearest only (CFenv), so a constant other direction is
    refused where the call is; one known only at run time the runtime checks."""
    if value.const in _DIRECTED_ROUNDING:
        raise TranslationError(a.loc, f"{name} to a rounding direction other than FE_TONEAREST ({value.code}): a port "
                               "computes in round-to-nearest only (.NET has no rounding-mode control: its JIT folds "
                               "constants and its code formats numbers to nearest)", "unsupported-rounding-mode")


def _string_constant(e: ir.Expr) -> Optional[bytes]:
    """The bytes of a string literal argument (through its decay, parentheses, casts and macros), NUL included."""
    e = strip_casts(e)
    return e.value + b"\0" if isinstance(e, ir.StringLit) else None


def _folded_comparison(call: ir.Call, name: str) -> Optional[int]:
    """strcmp of two string literals, memcmp of two with a constant length within both: gcc 12 folds the call to -1,
    0 or 1 at every -O level, where glibc's function (as the runtime's) returns the difference of the first
    differing bytes; the program prints gcc's value. strncmp is not folded so (gcc gives the difference: measured,
    `strncmp("hello", "help", 4)` is -4 at -O0 and -O2), nor strcasecmp; a memcmp past a literal's end is
    undefined, left to the run time."""
    if name == "strcmp" and len(call.args) == 2 or name == "memcmp" and len(call.args) == 3:
        a, b = _string_constant(call.args[0]), _string_constant(call.args[1])
        if a is None or b is None:
            return None
        if name == "strcmp":
            a, b = a[:a.index(0) + 1], b[:b.index(0) + 1]
        else:
            n = constant_value(call.args[2])
            if n is None or n < 0 or n > min(len(a), len(b)):
                return None
            a, b = a[:n], b[:n]
        return (a > b) - (a < b)
    return None


def _null_thread_argument(ctx, call: ir.Call, function_at: int) -> Optional[str]:
    """NULL given as a thread's `void *` argument (`pthread_create(&t, NULL, work, NULL)`): the default of the thread
    function's parameter type (`default(Ptr<T>)`, `default(nint)`), which C#'s inference cannot take from a bare null."""
    start = strip_implicit(call.args[function_at]) if function_at < len(call.args) else None
    while isinstance(start, (ir.Cast, ir.Paren)) or (isinstance(start, ir.Unary) and start.op == "&"):
        start = strip_implicit(start.inner if isinstance(start, ir.Paren) else start.operand)
    fn = next((f for f in ctx.tu.functions if isinstance(start, ir.NameRef) and start.kind == "function" and
               f.name == start.name), None)
    if fn is None or len(fn.params) != 1:
        return None
    p = fn.params[0]
    return f"default({ctx.slot_type(('var', fn.name, p.name), p.type, call.loc)})"


def _is_void_pointer(t) -> bool:
    return isinstance(t, ir.PointerType) and isinstance(t.pointee, ir.VoidType)


def _hands_out_element_pointers(ftype: ir.FunctionType) -> bool:
    """A library function that gives its callback pointers into its `void *` buffer (qsort, bsearch: the callback
    takes two `const void *`), read from its prototype."""
    return any(_is_void_pointer(p) for p in ftype.params) and any(
        isinstance(p, ir.PointerType) and isinstance(p.pointee, ir.FunctionType) and len(p.pointee.params) == 2 and
        all(_is_void_pointer(q) for q in p.pointee.params) for p in ftype.params)


def _key_and_element_types(ctx, call: ir.Call, ftype: ir.FunctionType) -> Optional[tuple]:
    """(the key's C# element type, the buffer's) of a search whose callback compares a key with the buffer's elements
    (bsearch(key, base, ...): two `void *` buffers before the callback) when they differ (`bsearch(&id, recs, ...)`,
    `bsearch(name, table, ...)`, the comparator reading its first pointer as an int or a string and its second as a
    struct); None for a search by an element of the buffer's own type, or a sort."""
    if not _hands_out_element_pointers(ftype):
        return None
    buffers = [i for i, p in enumerate(ftype.params) if _is_void_pointer(p)]
    if len(buffers) != 2 or buffers[1] >= len(call.args):
        return None
    key, element = (_buffer_element(without_pointer_casts(call.args[i]), ctx) for i in buffers)
    if key is None or element is None or key == element:
        return None
    return key, element


def _struct_of_bytes(ctx, buffer: ir.Expr) -> bool:
    """Whether a buffer holds structs whose C# layout is their bytes (numbers and fixed arrays of them, no pointer):
    a `char *` view of one reads C's bytes, and a cast back to the struct is a view of it again."""
    t = buffer.type
    element = t.element if isinstance(t, ir.ArrayType) else t.pointee if isinstance(t, ir.PointerType) else None
    return isinstance(element, ir.RecordType) and not element.is_union and not managed_footprint(ctx, element)[0]


def _comparator_over_bytes(ctx, call: ir.Call, a: ir.Expr, p) -> Optional[str]:
    """A comparator whose parameters are `char *` given to qsort or bsearch of numbers (`int cmp(a, b) char *a, *b;`,
    pre-ANSI C's generic pointer, cast inside to `(long *)a`; `qsort((char *)v, n, sizeof(long), (int (*)())cmp)`):
    a lambda that hands it byte views of the elements (`Ptr.Reinterpret`), as C hands it their addresses. The
    runtime's qsort names one element type for the buffer and the comparator's pointers. None for anything else."""
    if not (isinstance(p, ir.PointerType) and isinstance(p.pointee, ir.FunctionType)):
        return None
    # the array's elements (bsearch(key, base, ...): the key is one, the same type)
    element = _buffer_element(without_pointer_casts(call.args[0]), ctx)
    if (element not in PRIMITIVE_ELEMENTS and not _struct_of_bytes(ctx, without_pointer_casts(call.args[0]))) or \
            element in _BYTE_ELEMENTS:
        return None
    f = unwrap(a)
    while isinstance(f, (ir.Cast, ir.Paren)) or (isinstance(f, ir.Unary) and f.op == "&"):
        f = strip_implicit(f.inner if isinstance(f, ir.Paren) else f.operand)
    if not (isinstance(f, ir.NameRef) and f.kind == "function"):
        return None
    definition = next((fn for fn in ctx.tu.functions if fn.name == f.name and fn.body is not None), None)
    if definition is None or len(definition.params) != 2:
        return None
    views = []
    for q in definition.params:
        t = q.type
        if not (isinstance(t, ir.PointerType) and isinstance(t.pointee, ir.IntType) and "char" in t.pointee.name):
            return None
        views.append(element_cs(t.pointee, a.loc))
    ptr = f"Ptr<{element}>"
    return (f"({ptr} cmpiLeft, {ptr} cmpiRight) => {ctx.name(f.name)}(Ptr.Reinterpret<{element}, {views[0]}>(cmpiLeft), "
            f"Ptr.Reinterpret<{element}, {views[1]}>(cmpiRight))")


def _refuse_callback_of_other_element(ctx, call: ir.Call, ftype: ir.FunctionType, function: str) -> None:
    """`qsort(keys, n, sizeof *keys, by_value)` of an int array where by_value takes a `const float *`: C converts
    the function pointer (clang and gcc only warn) and the comparator then reads the ints through its own type. The
    runtime's qsort and bsearch name one element type for the buffers and the callback's pointers
    (`qsort<T>(T[], ..., Func<Ptr<T>, Ptr<T>, int>)`), so a callback whose typed pointer parameter names another
    element is a located error (fuzz seed 10 input 1040: CS1503). Its `void *` parameters take the buffers' type."""
    void_params = [i for i, p in enumerate(ftype.params) if _is_void_pointer(p)]
    sorts = _hands_out_element_pointers(ftype)
    elements = {_buffer_element(without_pointer_casts(call.args[i]) if sorts else call.args[i], ctx)
                for i in void_params if i < len(call.args)} - {None}
    if not elements:
        return
    keyed = _key_and_element_types(ctx, call, ftype)
    for a, p in zip(call.args, ftype.params):
        target = p.pointee if isinstance(p, ir.PointerType) else None
        if not isinstance(target, ir.FunctionType):
            continue
        f = unwrap(a)
        while isinstance(f, (ir.Cast, ir.Paren)) or (isinstance(f, ir.Unary) and f.op == "&"):
            f = strip_implicit(f.inner if isinstance(f, ir.Paren) else f.operand)
        if not (isinstance(f, ir.NameRef) and f.kind == "function" and isinstance(f.type, ir.FunctionType)):
            continue
        definition = next((fn for fn in ctx.tu.functions if fn.name == f.name and fn.body is not None), None)
        names = [p.name for p in definition.params] if definition is not None else []
        for i, (wanted, given) in enumerate(zip(target.params, f.type.params)):
            if not (isinstance(wanted, ir.PointerType) and isinstance(wanted.pointee, ir.VoidType)):
                continue
            if keyed is not None:
                # a search by a key of another type: the comparator's first pointer is the key, its second an element
                elements = {keyed[min(i, 1)]}
            if isinstance(given, ir.PointerType) and isinstance(given.pointee, ir.VoidType) and i < len(names) and \
                    ctx.plan is not None:
                # a `const void *` parameter the comparator casts (`*(const unsigned long *)b`) is read as the
                # type of its casts (pointers.py), which must be the buffer's too (fuzz seed 13 input 423: a
                # comparator casting one parameter to int and the other to unsigned long, CS1503)
                typed = ctx.plan.void_type(("var", f.name, names[i]))
                if typed is not None and element_cs(typed, a.loc) not in elements:
                    what = f"{function}'s key" if keyed is not None and i == 0 else "the buffer's element"
                    raise TranslationError(a.loc, f"{f.name} reads its `void *` parameter '{names[i]}' as "
                                           f"{element_cs(typed, a.loc)} where {function} passes pointers into a "
                                           f"buffer of {' or '.join(sorted(elements))}: cast it to {what} type",
                                           "incompatible-function-pointer-types")
            if isinstance(given, ir.PointerType) and not isinstance(given.pointee, (ir.VoidType, ir.FunctionType)) \
                    and element_cs(given.pointee, a.loc) not in elements:
                raise TranslationError(a.loc, f"{f.name} takes a pointer to {element_cs(given.pointee, a.loc)} where "
                                       f"{function} passes pointers into a buffer of "
                                       f"{' or '.join(sorted(elements))}: give it the buffer's element type or "
                                       "`const void *`", "incompatible-function-pointer-types")


def _refuse_object_bytes_as_string(a: ir.Expr, function: str) -> None:
    """An object pointer given without a cast where a library function takes `char *` (`printf(x, "fmt")` of a
    `double *x`, snprintf into an `int tag[8]`): C converts it (a warning; the reader lets the conversion through
    for the program's own functions, whose parameter the port reads as a byte view), but the runtime's string
    functions take strings and char arrays (fuzz seed 9 inputs 3168 and 5996: CS1503). A located error, as clang's
    -Wincompatible-pointer-types: a written `(char *)` cast is the way to mean the bytes."""
    source = strip_implicit(a)
    t = source.type
    element = t.pointee if isinstance(t, ir.PointerType) else t.element if isinstance(t, ir.ArrayType) else None
    if element is None or isinstance(element, ir.VoidType) or \
            (isinstance(element, ir.IntType) and "char" in element.name):
        return
    # (a written cast to another object pointer, `strncpy((long *) o->ptr, ...)`, is converted to char * all the same:
    # fuzz seed 15 input 2054, CS1503)
    what = getattr(element, "name", None) or "a pointer"
    raise TranslationError(a.loc, f"incompatible pointer types passing a pointer to {what} to {function}'s string "
                           "parameter (char *): cast it to (char *) if its bytes are meant", "incompatible-pointer-types")


def without_pointer_casts(a: ir.Expr) -> ir.Expr:
    """A pointer with the casts between pointer types around it taken off (parentheses too)."""
    while True:
        if isinstance(a, ir.Paren):
            a = a.inner
        elif isinstance(a, ir.Cast) and isinstance(a.type, ir.PointerType) and \
                isinstance(a.operand.type, (ir.PointerType, ir.ArrayType)):
            a = a.operand
        else:
            return a


def _posix_memalign(ctx, call: ir.Call, rule) -> CsExpr:
    """posix_memalign((void **)&p, alignment, size): `CMem.PosixMemalign(out p, alignment, size)`, which checks the
    alignment as glibc does and gives p size bytes' worth of its element type (pointers.py keeps p a plain slot)."""
    target = allocation_target(call)
    out = ref_param_name(ctx, without_pointer_casts(call.args[0])) if call.args else None
    if target is None and out is not None:
        # posix_memalign(buf, ...) with buf an out-parameter (`ref Ptr<T> buf`, `void **buf` or `char **buf`)
        args = [convert_value(ctx, a, t).code for a, t in zip(call.args[1:], callee_params(call)[1:])]
        return CsExpr(f"{rule.target}(out {out}, {', '.join(args)})", "int", PRIMARY)
    generic = target is not None and ctx.plan is not None and slot_key(ctx, target) in ctx.plan.generic_buffers
    if target is None or (isinstance(target.type.pointee, ir.VoidType) and not generic):
        # a `void *` local of a generic result (`void *p; posix_memalign(&p, ...); return p;`) is `Ptr<T>`
        raise TranslationError(call.loc, "posix_memalign is translated for `&p` with p a typed pointer variable",
                               "unsupported-construct")
    p = convert_expr(ctx, target)
    args = [convert_value(ctx, a, t).code for a, t in zip(call.args[1:], callee_params(call)[1:])]
    return CsExpr(f"{rule.target}(out {p.code}, {', '.join(args)})", "int", PRIMARY)


def callee_params(call: ir.Call):
    """The parameter types of a library call's prototype."""
    return strip_implicit(call.callee).type.params
