"""Every libc.toml row names a C# method (and every constant a member) CloudMpi.Libc really has.

The translator emits a row's target as written; a target the runtime lacks would only show up
as a compile error in some translated program. Bare targets must be reachable through the
generated file's `using static` classes; dotted ones through their class.
"""
from __future__ import annotations

import glob
import os
import re

from tests.support import ROOT
from translator.rules import load

LIBC_SRC = os.path.join(ROOT, "runtime-ref", "CloudMpi", "src", "CloudMpi.Libc")
TEMPLATE = os.path.join(ROOT, "translator", "templates", "program.cs.j2")
SYSTEM_CLASSES = {"Math", "MathF"}  # .NET's own
_CLASS = re.compile(r"^public (?:static |readonly )?(?:partial )?(?:class|struct) (\w+)", re.M)
_MEMBER = re.compile(r"public (?:static|const) [^=;(]*?\b(\w+)\s*(?:<[^>]*>)?\s*[(=;{]")
_CONST_LIST = re.compile(r"public const \w+ ((?:\w+ = [^,;]+,\s*)*\w+ = [^,;]+);")


def _members_by_class():
    members = {}
    for path in glob.glob(os.path.join(LIBC_SRC, "*.cs")):
        text = open(path, encoding="utf-8").read()
        found = set(_MEMBER.findall(text))
        for group in _CONST_LIST.findall(text):  # public const int A = 1, B = 2;
            found.update(re.findall(r"(\w+) = ", group))
        for m in _CLASS.finditer(text):  # (a file's members are credited to each type it declares)
            members.setdefault(m.group(1), set()).update(found)
    return members


def _static_usings():
    return re.findall(r"^using static CloudMpi\.Libc\.(\w+);", open(TEMPLATE).read(), re.M)


def _resolves(target: str, members, usings) -> bool:
    if "." in target:
        cls, name = target.split(".", 1)
        return cls in SYSTEM_CLASSES or name in members.get(cls, set())
    return any(target in members.get(cls, set()) for cls in usings)


def test_the_scan_sees_the_runtime():
    members = _members_by_class()
    assert {"Stdio", "Stdlib", "CMem", "CString"} <= set(members)
    assert "memcpy" in members["CMem"] and "sscanf" in members["Stdio"] and "_ISdigit" in members["CString"]


def test_every_libc_row_target_exists_in_cloudmpi_libc():
    members, usings = _members_by_class(), _static_usings()
    missing = [f"{name} -> {rule.target}" for name, rule in load().libc.items()
               if not _resolves(rule.target, members, usings)]
    assert not missing, "rows whose target CloudMpi.Libc lacks (or is not imported by the template):\n" + "\n".join(missing)


def test_every_named_libc_constant_exists():
    members, usings = _members_by_class(), _static_usings()
    named = {k: v for k, v in load().constants.items()
             if re.fullmatch(r"[A-Za-z_]\w*(\.\w+)?", v) and not v.startswith(("int.", "uint.", "long.", "ulong.", "double.", "float.",
                                                                               "sbyte.", "byte.", "short.", "ushort.", "cMPI."))}
    libc_named = {k: v for k, v in named.items() if not k.startswith("MPI_")}
    missing = [f"{k} -> {v}" for k, v in libc_named.items() if not _resolves(v, members, usings)]
    assert not missing, "constants naming members CloudMpi.Libc lacks:\n" + "\n".join(missing)


def test_library_builtins_are_functions_of_values():
    """The frontend expands a library macro over a builtin (isnan -> __builtin_isnan) only for builtins
    libc.toml maps (frontend.LIBRARY_BUILTINS); a builtin that is no function (__builtin_offsetof,
    __builtin_va_arg) must have no row, or its macro would be expanded into a call that is none."""
    from translator.reader.rewrite import LIBRARY_BUILTINS
    assert {"__builtin_isnan", "__builtin_fpclassify", "__builtin_popcount"} <= LIBRARY_BUILTINS
    not_calls = {"__builtin_offsetof", "__builtin_va_arg", "__builtin_va_start", "__builtin_va_end",
                 "__builtin_va_copy", "__builtin_types_compatible_p", "__builtin_choose_expr"}
    assert not (not_calls & LIBRARY_BUILTINS)
