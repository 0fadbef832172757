"""libclang for the reader: loading the library, the options cmpi parses C with, and the small questions put to
clang outside the program's own parse (which standard header declares a name, what a header declares, the value
of a constant expression).
"""
from __future__ import annotations

import contextlib
import ctypes
import functools
import os
import re
from typing import Dict, FrozenSet, List, Optional, Sequence, Tuple

import clang.cindex as ci


def _bytes_as_text(self):
    """libclang's strings as Python text, a byte that is not UTF-8 (a Latin-1 comment, `"caf\xe9"` written with the
    raw byte) kept as its surrogate escape (U+DC80 + byte) instead of a UnicodeDecodeError."""
    v = ctypes.c_char_p.value.__get__(self)
    return None if v is None else v.decode("utf-8", "surrogateescape")


def _text_as_bytes(x):
    return x if isinstance(x, bytes) else x.encode("utf-8", "surrogateescape")


ci.c_interop_string.value = property(_bytes_as_text)  # type: ignore[attr-defined]
ci.b = _text_as_bytes  # type: ignore[attr-defined]  # unsaved file contents and names


_CURSOR_KINDS = ci.CursorKind._kinds  # CursorKind by id (None where libclang has no such kind)


def _cursor_kind(self):
    """Cursor.kind as clang.cindex gives it, without the classmethod call of CursorKind.from_id: the reader asks
    every cursor its kind several times (issue 28: 160k times for a 5,000-statement program)."""
    kind_id = self._kind_id
    if 0 <= kind_id < len(_CURSOR_KINDS):
        kind = _CURSOR_KINDS[kind_id]
        if kind is not None:
            return kind
    return ci.CursorKind.from_id(kind_id)  # (its error for a kind it does not know)


ci.Cursor.kind = property(_cursor_kind)  # type: ignore[assignment]

_LIBCLANG_CANDIDATES = (
    "/usr/lib/llvm-16/lib/libclang.so.1",
    "/usr/lib/llvm-14/lib/libclang.so.1",
)

# Mismatches C accepts with a warning that have no C# translation (`int *s = "abc"`, `printf(n, "fmt")`, an int
# or MPI_INT as a communicator): located errors, as gcc 14 makes the first two. (`unsigned *` for a library or MPI
# call's `int *` is pointer-sign, a warning: the call reads it as a written cast, _sign_only_pointer_conversion.)
# A user function's pointer type differing from MPI_User_function's stays a warning (cmpi's mpi.h is stricter).
TYPE_ERRORS = ["-Werror=int-conversion", "-Werror=incompatible-pointer-types",
               "-Wno-error=incompatible-function-pointer-types",
               # `volatile uint8_t **v = &p` of a `uint8_t *p`: a pointer to a pointer whose pointed-to type only adds
               # const or volatile below the first level, which C takes with a warning (gcc 12) and the port stores as
               # the same pointer (its types drop both qualifiers); csmith --strict-volatile-rule writes it
               "-Wno-error=incompatible-pointer-types-discards-qualifiers",
               # `c ? comm : 0x7fff`, `c ? &x : 12`: an integer that is no null constant becomes a pointer (or handle)
               # in a conditional, which C only warns about (fuzz seed 4 input 6426: CS0029)
               "-Werror=conditional-type-mismatch",
               # `found ? found : "absent"` of an `int *` and a `char *`: C makes both `void *` (a warning); the port's
               # pointers are typed (fuzz seed 4 input 8874: printf's %s given the Ptr<int>)
               "-Werror=pointer-type-mismatch"]
# -Wincompatible-pointer-types' messages, by the form of conversion, with the type converted to
_INCOMPATIBLE_POINTER_TARGET = re.compile(
    r"incompatible pointer types (?:passing '.*' to parameter of type '(?P<param>[^']*)'(?: \(aka '(?P<param_aka>[^']*)'\))?"
    r"|initializing '(?P<init>[^']*)'(?: \(aka '(?P<init_aka>[^']*)'\))? with"
    r"|assigning to '(?P<assign>[^']*)'(?: \(aka '(?P<assign_aka>[^']*)'\))? from"
    r"|returning '.*' from a function with result type '(?P<ret>[^']*)'(?: \(aka '(?P<ret_aka>[^']*)'\))?)")
_CHARACTER_POINTER = re.compile(r"(?:(?:const|volatile) )*(?:(?:signed|unsigned) )?char(?: (?:const|volatile))* \*"
                                r"(?: ?(?:const|volatile|restrict|__restrict))*")


def is_object_to_character_pointer(d) -> bool:
    """A -Wincompatible-pointer-types diagnostic for an object pointer converted implicitly to a character pointer
    (`dump(&f)` of a `float f` for a `char *` parameter: csmith --float's transparent_crc_bytes(&g, ...)). C reads
    any object's bytes through a character pointer (C11 6.3.2.3p7, 6.5p7) and gcc before 14 only warns; the port
    reads the conversion as the written cast `(char *)&f`, a byte view (pointer_exprs.convert_pointer_cast), or
    its located error where there is none (a pointer's own bytes). Other incompatible pointers stay errors."""
    m = _INCOMPATIBLE_POINTER_TARGET.match(d.spelling)
    if m is None:
        return False
    groups = m.groupdict()
    target = next((groups[k + "_aka"] or groups[k] for k in ("param", "init", "assign", "ret") if groups[k]), None)
    return target is not None and _CHARACTER_POINTER.fullmatch(target) is not None


_TABLE_TO_VOID_TABLE = re.compile(r"incompatible pointer types passing '(?P<arg>(?:const )?[a-z_][a-z_0-9 ]*?) ?(?P<arg_stars>\*{2,})'"
                                  r" to parameter of type '(?P<param>void) ?(?P<param_stars>\*{2,})'")


def is_table_to_void_table(d) -> bool:
    """A -Wincompatible-pointer-types diagnostic for a table of typed pointers passed to a `void **` or `void ***`
    parameter of the same depth (`read_row_striped_matrix(s, &sub, ...)` of an `int **sub` for Quinn's `void ***subs`,
    which gcc before 14 only warns about): read as the written `(void *)` cast the book's own callers write;
    passes/row_tables.py types such a parameter as the caller's table, and any other use is the cast's located
    error in the emission."""
    m = _TABLE_TO_VOID_TABLE.match(d.spelling)
    return m is not None and len(m.group("arg_stars")) == len(m.group("param_stars"))


# cmpi's own headers (mpi.h, omp.h, ...): translator/include
INCLUDE_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "include")


def clang_options(user_args: Sequence[str], forced_headers: Sequence[str], implicit_ok: bool) -> List[str]:
    """The arguments of a parse of the program: cmpi's headers first, then the user's flags, then the standard
    headers the program calls into without including them (read first, as if it included them).

    __NO_CTYPE: glibc's ctype.h then declares isdigit/toupper/... as functions (rules/libc.toml maps them)
    instead of macros over its locale tables, whose operators libclang cannot show.
    long double is gcc's x87 80-bit type (16 bytes, aligned to 16), as clang has it on x86-64 by default: the port
    holds it as the runtime's CLongDouble (csharp/types.py), and structs holding one are laid out at clang's offsets.
    An undeclared function is an error (C99), unless the program calls its own functions before declaring
    them (`implicit_ok`: K&R style, which gcc 12 accepts with a warning)."""
    implicit = "-Wno-error=implicit-function-declaration" if implicit_ok else "-Werror=implicit-function-declaration"
    # Errors up to 1,000: many of clang's are the reader's to settle (an implicit character-pointer view, an
    # undeclared library function, an MPI constant initializer), and at clang's default of 20 the parse stopped
    # with "too many errors emitted", at no location, where the program had no error (csmith --float: 21 calls of
    # transparent_crc_bytes(&g_float, ...)) or before the error that did count. A bound still: text that is no C
    # (a macro bomb's 2^21 stray tokens) stops soon, as before.
    args = ["-I", INCLUDE_DIR, "-D__NO_CTYPE", "-fparse-all-comments", "-std=gnu11",
            "-ferror-limit=1000", implicit] + TYPE_ERRORS + list(user_args)
    for h in forced_headers:
        args += ["-include", h]
    return args


def _configure_libclang() -> None:
    if ci.Config.loaded:
        return
    for path in _LIBCLANG_CANDIDATES:
        if os.path.exists(path):
            ci.Config.set_library_file(path)
            return


_configure_libclang()
K = ci.CursorKind

# The standard headers a program may forget to include, in the order they are tried.
_STANDARD_HEADERS = ("stdio.h", "stdlib.h", "string.h", "strings.h", "math.h", "time.h", "ctype.h", "unistd.h",
                     "sys/time.h", "stdint.h", "inttypes.h", "complex.h", "signal.h", "errno.h", "getopt.h")
_declaring_headers: Dict[Tuple[str, tuple], Optional[str]] = {}
_header_declarations: Dict[str, FrozenSet[Tuple[int, str]]] = {}  # header -> (cursor kind, name) at its top level


def declaring_header(name: str, kinds=(K.FUNCTION_DECL,)) -> Optional[str]:
    """The standard header that declares the function (or, with kinds, the variable) `name` (time -> time.h),
    or None."""
    key = (name, kinds)
    if key not in _declaring_headers:
        wanted = [(k.value, name) for k in kinds]
        _declaring_headers[key] = next((h for h in _STANDARD_HEADERS
                                        if any(w in _declarations_of(h) for w in wanted)), None)
    return _declaring_headers[key]


def _declarations_of(header: str) -> FrozenSet[Tuple[int, str]]:
    """What a standard header declares at its top level, read by one parse per header and process (a program
    declaring nine globals `extern` in its own header asked fifteen headers about each: 135 parses for NPB MG)."""
    known = _header_declarations.get(header)
    if known is None:
        probe = ci.Index.create().parse("probe.c", args=["-std=gnu11", "-D__NO_CTYPE"],
                                        unsaved_files=[("probe.c", f"#include <{header}>\n")])
        known = _header_declarations[header] = frozenset((c.kind.value, c.spelling)
                                                         for c in probe.cursor.get_children())
    return known


def include_dirs(args: Sequence[str]) -> List[str]:
    out = []
    for i, a in enumerate(args):
        if a == "-I" and i + 1 < len(args):
            out.append(args[i + 1])
        elif a.startswith("-I") and len(a) > 2:
            out.append(a[2:])
    return out


_CXEVAL_FLOAT = 2  # clang-c/Index.h: CXEvalResultKind's CXEval_Float


@functools.lru_cache(maxsize=None)
def _evaluation_api():
    """libclang with the signatures of clang_Cursor_Evaluate and its result's readers declared, once per process:
    the Python binding does not declare them, and without restypes ctypes would truncate the result pointer."""
    lib = ci.conf.lib
    lib.clang_Cursor_Evaluate.argtypes = [ci.Cursor]
    lib.clang_Cursor_Evaluate.restype = ctypes.c_void_p
    for reader, restype in (("clang_EvalResult_getAsLongLong", ctypes.c_longlong),
                            ("clang_EvalResult_getAsDouble", ctypes.c_double),
                            ("clang_EvalResult_getKind", ctypes.c_int)):
        getattr(lib, reader).argtypes = [ctypes.c_void_p]
        getattr(lib, reader).restype = restype
    lib.clang_EvalResult_dispose.argtypes = [ctypes.c_void_p]
    return lib


@contextlib.contextmanager
def _evaluated(cur: ci.Cursor):
    """clang's evaluation of `cur` (None when it has none), disposed when the block ends."""
    lib = _evaluation_api()
    result = lib.clang_Cursor_Evaluate(cur)
    try:
        yield lib, result
    finally:
        if result:
            lib.clang_EvalResult_dispose(result)


def evaluate_int(cur: ci.Cursor) -> Optional[int]:
    """clang's own value of an integer constant expression (sizeof), or None."""
    with _evaluated(cur) as (lib, result):
        return int(lib.clang_EvalResult_getAsLongLong(result)) if result else None


def evaluate_float(cur: ci.Cursor) -> Optional[float]:
    """clang's own value of a floating constant expression (a compiler-defined macro such as __FLT_MAX__), or
    None."""
    with _evaluated(cur) as (lib, result):
        if not result or lib.clang_EvalResult_getKind(result) != _CXEVAL_FLOAT:
            return None
        return float(lib.clang_EvalResult_getAsDouble(result))


def declared_functions(header: str, clang_args: Sequence[str] = ()) -> Dict[str, Tuple[str, Tuple[str, ...]]]:
    """The functions a header declares: name -> (result type, parameter types), as clang spells them.

    Used by the tests that keep cmpi's mpi.h in step with Open MPI's.
    """
    tu = ci.Index.create().parse(header, args=["-x", "c", *clang_args])
    out = {}
    for cur in tu.cursor.get_children():
        if cur.kind == K.FUNCTION_DECL:
            params = tuple(a.type.spelling for a in cur.get_arguments())
            out[cur.spelling] = (cur.result_type.spelling, params)
    return out
