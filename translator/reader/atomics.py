"""C11's `_Atomic T` (and stdatomic.h's `atomic_int`...) in a program without threads: a plain T.

A rank of the port is one thread unless the program starts threads itself (pthread_create, C11 thrd_create, an
OpenMP pragma: CloudMpi's CThreads and OpenMp run them), so where it starts none an atomic object is touched by one
thread only and its plain operators (`n++`, `n += 2`, `n = 4`, reads) give what C's atomic ones give. With threads
the plain variable would race where C's would not: a located error there. stdatomic.h's atomic_init, atomic_load,
atomic_store, atomic_fetch_add and atomic_fetch_sub (clang's `__c11_atomic_*` builtins, which libclang shows as no
call) are read as the plain operations (stdatomic_operation); its other functions stay the reader's located error.
"""
from __future__ import annotations

import functools
import os
import re
from typing import Optional

from ..diagnostics import TranslationError
from .clang_setup import ci
from .file_macros import _blank_comments
from .rewrite import _unsaved_text
from .shared_guards import program_headers

_THREADS = re.compile(r"\b(pthread_create|thrd_create)\b|^[ \t]*#[ \t]*pragma[ \t]+(omp)\b", re.M)


@functools.lru_cache(maxsize=None)
def _value_type_api():
    """libclang's clang_Type_getValueType (the T of `_Atomic(T)`), which the Python binding does not declare."""
    lib = ci.conf.lib
    lib.clang_Type_getValueType.argtypes = [ci.Type]
    lib.clang_Type_getValueType.restype = ci.Type
    return lib


def value_type(t: ci.Type) -> ci.Type:
    v = _value_type_api().clang_Type_getValueType(t)
    v._tu = getattr(t, "_tu", None)  # (as clang.cindex's own results keep their unit alive)
    return v


def thread_start(fe) -> Optional[str]:
    """What in the program's own files starts threads (`pthread_create`, `#pragma omp`), or None; once per reader."""
    known = getattr(fe, "_cmpi_thread_start", False)
    if known is not False:
        return known
    found = None
    for path in [fe.path] + [os.path.abspath(p) for p in fe.paths[1:]] + program_headers(fe):
        m = _THREADS.search(_blank_comments(_unsaved_text(fe, path)))
        if m:
            found = m.group(1) or "#pragma omp"
            break
    fe._cmpi_thread_start = found
    return found


def atomic_as_plain(fe, t: ci.Type, cur) -> ci.Type:
    """The type an `_Atomic(T)` is read as: T, where the program starts no thread."""
    start = thread_start(fe)
    if start is not None:
        raise TranslationError(fe.loc(cur) if cur is not None else None,
                               f"an _Atomic object in a program that starts threads ({start}): cmpi reads _Atomic as "
                               "a plain variable, which threads would race on", "unsupported-construct")
    return value_type(t)


# stdatomic.h's generic functions a program without threads uses: clang's `__c11_atomic_*` builtins, which libclang
# shows as an expression of no kind of its own (the object's pointer, the memory order where there is one, then the
# value), named by the macro the program wrote
# (a macro of stdatomic.h, or the builtin an object-like one names: `#define atomic_init __c11_atomic_init`)
_LOADS = {"atomic_load", "atomic_load_explicit", "__c11_atomic_load"}
_STORES = {"atomic_store", "atomic_store_explicit", "atomic_init", "__c11_atomic_store", "__c11_atomic_init"}
_FETCHES = {"atomic_fetch_add": ("+=", "-"), "atomic_fetch_add_explicit": ("+=", "-"), "__c11_atomic_fetch_add": ("+=", "-"),
            "atomic_fetch_sub": ("-=", "+"), "atomic_fetch_sub_explicit": ("-=", "+"), "__c11_atomic_fetch_sub": ("-=", "+")}


def stdatomic_operation(fe, cur, kids) -> Optional["ir.Expr"]:
    """`atomic_load(&c)`, `atomic_store(&c, v)`, `atomic_init(&c, v)`, `atomic_fetch_add(&c, v)` (and _sub, the
    _explicit forms) in a program that starts no thread: `*p`, `*p = v`, `(*p += v) - v` (the old value: C's integer
    arithmetic wraps as the port's does); None for any other expression. The exchanges and the other fetches keep the
    reader's located error."""
    from .. import ir
    name = fe.macro_uses.get(fe._extent_key(cur)) or _word_at_start(fe, cur)
    if name not in _LOADS and name not in _STORES and name not in _FETCHES or len(kids) < 2:
        return None
    start = thread_start(fe)
    if start is not None:
        raise TranslationError(fe.loc(cur), f"{name} in a program that starts threads ({start}): cmpi reads _Atomic "
                               "as a plain variable, which threads would race on", "unsupported-construct")
    loc = fe.loc(cur)
    pointer = fe.expr(kids[0])
    if not isinstance(pointer.type, ir.PointerType):
        return None
    target = ir.Unary(loc, pointer.type.pointee, "*", pointer)
    if name in _LOADS:
        return target
    value = fe.expr(kids[-1])
    if name in _STORES:
        return ir.Assign(loc, target.type, "=", target, value)
    from ..passes.queries import is_pure
    if not is_pure(value) or not isinstance(target.type, ir.IntType):
        raise TranslationError(loc, f"{name} of a value with side effects or of no integer object is not supported: "
                               "give the value a variable", "unsupported-construct")
    assign, undo = _FETCHES[name]
    updated = ir.Paren(loc, target.type, ir.Assign(loc, target.type, assign, target, value))
    return ir.Binary(loc, fe.type_of(cur), undo, updated, value)


def _word_at_start(fe, cur) -> Optional[str]:
    """The token where `cur` starts, as written (`atomic_init` of `#define atomic_init __c11_atomic_init`)."""
    start = cur.extent.start
    token = next(fe.tu.get_tokens(extent=ci.SourceRange.from_locations(start, start)), None)
    return token.spelling if token is not None else None
