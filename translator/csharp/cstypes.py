"""A small typed model of the C# types the emission writes (`double[]`, `Ptr<int>`, `Ptr<double>[]`,
`InlineArray4<int>`, `Func<int, int>`): what a type is made of, read once from its text, instead of matching
and slicing the text at each use (`startswith("Ptr<")`, `type[4:-1]`).

The text is what the output says, and `parse(render(t)) == t` for each type the emission writes, so a type
goes between the two forms without changing a byte of the output. `CsExpr.cstype` (csharp/exprs.py) is the
CsType of an expression's type text; `ptr_of` and `array_of` build the text from an element.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import List, Optional

ARRAY, PTR, INLINE_ARRAY, DELEGATE, NAMED = "array", "ptr", "inline_array", "delegate", "named"

_GENERIC = re.compile(r"^(Ptr|InlineArray\w*)<(.*)>$")
_DELEGATE = re.compile(r"^(Func|Action)(<.*>)?$")  # System's delegate types: a C function pointer


@dataclass(frozen=True)
class CsType:
    kind: str  # ARRAY (T[]), PTR (Ptr<T>: array + offset), INLINE_ARRAY (a struct's fixed array),
    #            DELEGATE (Func<...>, Action<...>), NAMED (the rest: primitives, structs, type parameters)
    text: str
    element: Optional["CsType"] = None  # the T of T[], Ptr<T> and InlineArrayN<T>

    @property
    def is_array(self) -> bool:
        return self.kind == ARRAY

    @property
    def is_ptr(self) -> bool:
        return self.kind == PTR

    @property
    def is_inline_array(self) -> bool:
        return self.kind == INLINE_ARRAY

    @property
    def is_memory(self) -> bool:
        """T[] or Ptr<T>: what a C pointer or array becomes (an inline array is a struct's value, not this)."""
        return self.kind in (ARRAY, PTR)

    @property
    def is_reference(self) -> bool:
        """A C# reference type among those the emission writes (its default is null, not a zeroed value)."""
        return self.kind in (ARRAY, DELEGATE) or self.text in ("string", "FILE")

    def points_to(self, element: str) -> bool:
        """T[] or Ptr<T> of this element (`Ptr<double>` and `double[]` point to `double`)."""
        return self.is_memory and self.element.text == element

    def __str__(self) -> str:
        return self.text


@lru_cache(maxsize=None)
def parse(text: str) -> CsType:
    if text.endswith("[]"):
        return CsType(ARRAY, text, parse(text[:-2]))
    m = _GENERIC.match(text)
    if m:
        return CsType(PTR if m.group(1) == "Ptr" else INLINE_ARRAY, text, parse(m.group(2)))
    if text.startswith("InlineArray"):
        return CsType(INLINE_ARRAY, text)
    if _DELEGATE.match(text):
        return CsType(DELEGATE, text)
    return CsType(NAMED, text)


def ptr_of(element: str) -> str:
    """`Ptr<element>`: a pointer that moves (array + offset)."""
    return f"Ptr<{element}>"


def array_of(element: str) -> str:
    return f"{element}[]"


def inline_array_of(length: int, element: str) -> str:
    """`InlineArrayN<element>`: a fixed array inside a struct (the class declares each length it uses)."""
    return f"InlineArray{length}<{element}>"


def delegate_of(params: List[str], result: Optional[str]) -> str:
    """`Func<params..., result>`, or `Action<params...>` for a void function (result None)."""
    if result is None:
        return "Action" if not params else f"Action<{', '.join(params)}>"
    return f"Func<{', '.join(params + [result])}>"


def delegate_params(text: str) -> Optional[List[str]]:
    """The parameter types of a `Func<...>`/`Action<...>` type's text (None for another type)."""
    m = _DELEGATE.match(text)
    if not m:
        return None
    args, depth, start = [], 0, 1
    inner = m.group(2) or "<>"
    for i, ch in enumerate(inner):
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        if depth == 1 and ch == "," or depth == 0 and ch == ">":
            if inner[start:i].strip():
                args.append(inner[start:i].strip())
            start = i + 1
    return args[:-1] if m.group(1) == "Func" else args


GENERIC_RESULT = ptr_of("?")  # a library call's generic pointer result (memcpy, bsearch): the cast around it types it
