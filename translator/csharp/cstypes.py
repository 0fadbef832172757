"""A small typed model of the C# types the emission writes (`double[]`, `Ptr<int>`, `Ptr<double>[]`,
`InlineArray4<int>`): what a type is made of, read once from its text, instead of matching and slicing the
text at each use (`startswith("Ptr<")`, `type[4:-1]`).

CsExpr.type stays the text (it is what the output says); `parse(text)` gives its CsType.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Optional

ARRAY, PTR, INLINE_ARRAY, NAMED = "array", "ptr", "inline_array", "named"

_GENERIC = re.compile(r"^(Ptr|InlineArray\w*)<(.*)>$")


@dataclass(frozen=True)
class CsType:
    kind: str  # ARRAY (T[]), PTR (Ptr<T>: array + offset), INLINE_ARRAY (a struct's fixed array), NAMED (the rest)
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
    return CsType(NAMED, text)


def ptr_of(element: str) -> str:
    """`Ptr<element>`: a pointer that moves (array + offset)."""
    return f"Ptr<{element}>"


def array_of(element: str) -> str:
    return f"{element}[]"
