"""Struct copies right after field writes (translator/passes/struct_copies.py): a copy whose source
had a field assigned earlier in the same block is copied field by field, so the JIT's 16-byte load
does not wait on the two 8-byte stores; every other copy stays one statement. The port prints what
gcc's build prints, the aliasing cases included."""
from __future__ import annotations

from tests.test_row_views import assert_prints_what_gcc_prints, translate

SOURCE = r"""
#include <stdio.h>

typedef struct { double real, imag; } dcomplex;
struct tagged { int id; float w; };
struct wide { double a, b, c, d, e; };
struct holder { double v[2]; };

static dcomplex u0[6], u1[6];
static double scale[6];

static void evolve(int count)
{
    int n;
    for (n = 0; n < count; n++) {
        u0[n].real = u0[n].real * scale[n];
        u0[n].imag = u0[n].imag * scale[n];
        u1[n] = u0[n];                           /* split */
    }
}

int main(void)
{
    struct tagged t[3], s;
    struct wide w, x;
    struct holder h, k;
    dcomplex a, b, c[4];
    int i = 1, j;
    double sum = 0.0;

    for (j = 0; j < 6; j++) { u0[j].real = j; u0[j].imag = -j; scale[j] = 0.5 * j; }
    evolve(6);
    for (j = 0; j < 6; j++) sum += u1[j].real - 2 * u1[j].imag;

    a.real = 1.5; a.imag = 2.5;
    b = a;                                       /* split */
    c[i + 1].real = 3.0; c[i + 1].imag = 4.0;
    c[0] = c[i + 1];                             /* split: the same element written another way */
    c[i + 1] = c[i + 1];                         /* split: a copy onto itself */
    c[3] = c[0];                                 /* kept: c[0] was copied, not written field by field */
    c[i++] = a;                                  /* kept: the index steps */
    t[0].id = 7; t[0].w = 0.25f;
    s = t[0];                                    /* split */
    t[2] = s;                                    /* kept */
    w.a = 1; w.b = 2; w.c = 3; w.d = 4; w.e = 5;
    x = w;                                       /* kept: five fields */
    h.v[0] = 1; h.v[1] = 2;
    k = h;                                       /* kept: an array field */
    printf("%.3f %.1f %.1f %.1f %.1f %.1f %.1f %d %d %.2f %.1f %.1f %d\n", sum, b.real, b.imag,
           c[0].real, c[3].imag, c[2].real, c[1].imag, s.id, t[2].id, t[2].w, x.e, k.v[1], i);
    return 0;
}
"""


def test_copies_after_field_writes_go_field_by_field_and_print_what_gcc_prints(tools, tmp_path):
    src, out, cs = translate(tools, tmp_path, "copies", SOURCE)
    # u0[n], reached five times in the loop, through a ref local (csharp/loops.py _element_refs)
    assert "ref dcomplex u0_span_n = ref u0_span[n];" in cs and "u1_span[n].real = u0_span_n.real;" in cs
    assert "b.real = a.real;" in cs and "b.imag = a.imag;" in cs
    assert "c[0].real = c[i + 1].real;" in cs
    assert "c[i + 1].imag = c[i + 1].imag;" in cs
    assert "s.id = t[0].id;" in cs and "s.w = t[0].w;" in cs
    for kept in ("c[3] = c[0];", "t[2] = s;", "x = w;", "k[0] = h[0];"):  # k is held in a one-element array
        assert kept in cs, kept
    assert "c[i++] = a;" in cs
    assert_prints_what_gcc_prints(tools, tmp_path, src, out)
