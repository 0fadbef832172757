"""Calls a data row cannot express, registered by name for rows' `special` key.

Each handler gets the converter context, the call, its row and `api`, the few conversions a handler may
use (csharp/mpi.py's SPECIAL_API: `api.expr(ctx, e)`, the C# code of an expression;
`api.lvalue_of_pointer(ctx, e, what)`, the variable a pointer argument designates); it returns the C#
expression, or None to fall back to the row. This module imports nothing of the translator.
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
def init_with_null_args(ctx, call, rule, api) -> Optional[str]:
    """MPI_Init(&argc, &argv) and MPI_Init(NULL, NULL) -> cMPI.Init(): CloudMpi's launcher passes
    no MPI arguments in argv, so there is nothing for Init to strip."""
    return f"{rule.target}()"


@special("init_thread_with_null_args")
def init_thread_with_null_args(ctx, call, rule, api) -> Optional[str]:
    """MPI_Init_thread(&argc, &argv, required, &provided) and MPI_Init_thread(NULL, NULL, ...) ->
    cMPI.Init_thread(required, out provided): like MPI_Init, nothing in argv is MPI's."""
    required = api.expr(ctx, call.args[2])
    return f"{rule.target}({required}, out {api.lvalue_of_pointer(ctx, call.args[3], 'output')})"
