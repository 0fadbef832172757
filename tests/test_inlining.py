"""Functions called once, inside a loop, are marked for the JIT to inline (translator/passes/inlining.py);
the small ones it inlines by itself are left alone."""
from __future__ import annotations

import re

from tests.support import run

SOURCE = r"""
#include <stdio.h>

static double once_in_loop(double a, double b)
{
    double d = a > b ? a - b : b - a;
    if (d > 3.0)
        d = d * d - 3.0 * (a + b);
    else
        d = d / (1.0 + a * b);
    return d;
}
static double small_once_in_loop(double a) { return a * 0.5; }
static double twice(double a) { return a * 2.0; }
static double once_outside(double a) { return a + 1.0; }
static int recursive(int n) { return n <= 1 ? 1 : n * recursive(n - 1); }
static double has_loop(int n) { double s = 0; int i; for (i = 0; i < n; i++) s += i; return s; }
static double as_value(double a) { return -a; }

int main(void)
{
    double (*f)(double) = as_value;
    double sum = 0.0;
    int i;
    for (i = 0; i < 10; i++) {
        sum += once_in_loop(i, 4.5) + twice(i) + has_loop(i) + recursive(i % 5);
        sum += f(i) + small_once_in_loop(i);
    }
    sum += twice(sum) + once_outside(sum);
    printf("%.3f\n", sum);
    return 0;
}
"""


def _marked(cs: str):
    return set(re.findall(r"\[MethodImpl\(MethodImplOptions\.AggressiveInlining\)\]\n\s*\w+ (\w+)\(", cs))


def test_only_a_loop_free_function_called_once_in_a_loop_is_marked(tools, tmp_path):
    src = tmp_path / "inl.c"
    src.write_text(SOURCE)
    out = tmp_path / "Inl.cs"
    t = tools.translate_file(str(src), str(out))
    assert t.returncode == 0, t.stderr
    cs = out.read_text()
    assert _marked(cs) == {"once_in_loop"}
    assert "using System.Runtime.CompilerServices;" in cs
    # and the port still prints what gcc's build prints
    exe = str(tmp_path / "native")
    assert run(["gcc", "-O1", "-o", exe, str(src)]).returncode == 0
    native = run([exe])
    r = run(tools.cmpi_run + ["-n", "1", str(out)])
    assert r.returncode == 0, r.stderr
    assert r.stdout == native.stdout
