"""The program's frozen Plan (translator/passes/plan.py): made from the IR before any C# is written."""
from __future__ import annotations

import dataclasses

import pytest

from translator.passes.plan import plan_program
from translator.passes.stmt_exprs import lower_statement_expressions
from translator.reader.frontend import Frontend
from translator.rules import load

SOURCE = r"""
#include <mpi.h>
#include <stdio.h>

static const double SCALE = 0.5;   /* never written: stays static */
static int calls;                  /* written */
static int boxed = 3;              /* address taken: not static */
struct rec { double v[3]; int m[2][2]; double w[3]; };

static int fact(int n) { calls++; return n <= 1 ? 1 : n * fact(n - 1); }
static void bump(int *p) { *p += 1; }
static double once(double a)
{
    double d = a > 1.0 ? a - 1.0 : 1.0 - a;
    if (d > 3.0) d = d * d; else d = d / (1.0 + a);
    return d * SCALE;
}

int main(int argc, char **argv)
{
    struct rec r = {{1.0, 2.0, 3.0}, {{1, 2}, {3, 4}}, {0}};
    double s = r.v[2] + r.m[1][1];
    int i;
    MPI_Init(&argc, &argv);
    %s
    for (i = 0; i < 4; i++)
        s += once(i) + fact(i);
    bump(&boxed);
    printf("%%.2f %%d %%d\n", s, boxed, calls);
    MPI_Finalize();
    return 0;
}
"""


def _plan(tmp_path, body: str):
    src = tmp_path / "plan.c"
    src.write_text(SOURCE % body)
    tu = lower_statement_expressions(Frontend(str(src), [f"-I{tmp_path}"]).parse())
    return plan_program(tu, load())


def test_the_plan_holds_the_program_facts_the_emission_reads(tmp_path):
    plan = _plan(tmp_path, "MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);")
    assert plan.static_globals == {"SCALE"}
    assert plan.recursive == {"fact"}
    assert plan.inlined == {"once"}  # called once, in a loop (inlining.py)
    assert plan.sets_errhandler
    assert plan.inline_array_sizes == {3, 4}  # InlineArray3<T> and InlineArray4<T> (int m[2][2] flattened)
    assert plan.pointers.is_ref_param(("var", "bump", "p"))  # the pointer plan is part of it
    with pytest.raises(dataclasses.FrozenInstanceError):
        plan.sets_errhandler = False


def test_the_emission_cannot_change_the_pointer_plan(tmp_path):
    pointers = _plan(tmp_path, "").pointers
    key = ("var", "bump", "p")
    assert pointers.rep(key) == pointers.rep(key) and pointers.rep(("var", "main", "unknown")) == "array"
    assert ("var", "main", "unknown") not in pointers.parent  # asking records nothing
    with pytest.raises(dataclasses.FrozenInstanceError):
        pointers.boxed = set()
    with pytest.raises(AttributeError):
        pointers.mark(key)  # a frozenset has no add
    with pytest.raises(TypeError):
        pointers.generic_buffers[key] = "T"


def test_a_program_without_an_error_handler(tmp_path):
    assert not _plan(tmp_path, "").sets_errhandler
