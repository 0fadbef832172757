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
    """MPI_Init(&argc, &argv) and MPI_Init(NULL, NULL) -> cMPI.Init(): CloudMpi's launcher passes
    no MPI arguments in argv, so there is nothing for Init to strip."""
    return f"{rule.target}()"
