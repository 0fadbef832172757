"""Floating globals the program never writes are `const` when C# folds their initializer to the same value, integers
and the rest `static readonly` (translator/passes/constants.py), so the JIT folds them as gcc folds C's constants; every global
something writes stays a mutable field."""
from __future__ import annotations

import re

from tests.support import run

SOURCE = r"""
#include <stdio.h>

static const double A0 = -8.0 / 3.0;   /* const: C# folds it as gcc does */
static double scale = 0.5;             /* never written, not const: const too */
static const int width = -12;          /* an int: readonly (C's narrowing casts wrap; of a C# const, CS0221) */
static const int wide = 129746530;     /* (unsigned char)wide is 34 in C, a compile error of a C# const */
static const float third = 1.0f / 3.0f; /* float arithmetic: readonly (C rounds each operation to float) */
static const int big = 1 << 20;        /* integer arithmetic: readonly (a const refuses an overflow C may wrap) */
static unsigned mask = -1;             /* a negative literal converted: readonly */
static double two_n = 1 << 10;         /* a double of integer arithmetic: readonly */
static int steps = 3;                  /* ++ in a function */
static int total = 0;                  /* += */
static double seen = 1.0;              /* its address is taken */
static int later;                      /* no initializer: assigned in main */
int shadowed = 7;                      /* a local of the same name is written, not the global: readonly */

static void bump(double *p) { *p *= 2.0; }

int main(void)
{
    int i;
    later = 4;
    steps++;
    bump(&seen);
    for (i = 0; i < steps + later; i++)
        total += (int)(A0 * scale * i);
    {
        int shadowed = 1;
        shadowed += 2;
        printf("%d %d %d %.3f %.3f %d\n", total, steps, later, seen, A0 * scale, shadowed);
        printf("%d %.9f %d %u %.1f\n", width, third, big, mask, two_n);
    }
    printf("%d %d\n", shadowed, (unsigned char)wide);
    return 0;
}
"""


def test_globals_nobody_writes_are_const_or_readonly_and_the_output_is_unchanged(tools, tmp_path):
    src = tmp_path / "consts.c"
    src.write_text(SOURCE)
    out = tmp_path / "Consts.cs"
    t = tools.translate_file(str(src), str(out))
    assert t.returncode == 0, t.stderr
    cs = out.read_text()
    readonly = set(re.findall(r"static readonly \w+ (\w+) =", cs))
    assert readonly == {"third", "big", "mask", "two_n", "width", "wide", "shadowed"}
    constants = set(re.findall(r"^    const \w+ (\w+) =", cs, re.M))
    assert constants == {"A0", "scale"}
    assert "const double A0 = -8.0 / 3.0;" in cs
    exe = str(tmp_path / "native")
    assert run(["gcc", "-O2", "-o", exe, str(src)]).returncode == 0
    native = run([exe])
    r = run(tools.cmpi_run + ["-n", "1", str(out)])
    assert r.returncode == 0, r.stderr
    assert r.stdout == native.stdout
