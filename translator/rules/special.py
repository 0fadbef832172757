"""Calls a data row cannot express, registered by name for rows' `special` key.

Each handler gets the converter context and the call; it returns the C#
expression, or None to fall back to the row.
"""
from __future__ import annotations

from typing import Callable, Dict, Optional

REGISTRY: Dict[str, Callable] = {}


def special(name: str):
    def register(fn: Callable) -> Callable:
        REGISTRY[name] = fn
        return fn
    return register


@special("init_with_null_args")
def init_with_null_args(ctx, call, rule) -> Optional[str]:
    """MPI_Init(NULL, NULL) -> cMPI.Init(): C# has no null `ref`."""
    from ..convert.exprs import is_null_pointer
    if all(is_null_pointer(a) for a in call.args):
        return f"{rule.target}()"
    return None
