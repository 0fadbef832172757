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


@special("init_thread_with_null_args")
def init_thread_with_null_args(ctx, call, rule) -> Optional[str]:
    """MPI_Init_thread(&argc, &argv, required, &provided) and MPI_Init_thread(NULL, NULL, ...) ->
    cMPI.Init_thread(required, out provided): like MPI_Init, nothing in argv is MPI's."""
    from ..csharp.exprs import convert_expr
    from ..csharp.mpi import _lvalue_of_pointer as lvalue_of_pointer
    required = convert_expr(ctx, call.args[2]).code
    return f"{rule.target}({required}, out {lvalue_of_pointer(ctx, call.args[3], 'output')})"
