"""Row views (translator/csharp/loops.py): a buffer indexed at invariant base + loop counter in an
innermost straight-line loop is read through a Span hoisted before the loop; every loop that could
behave differently through a view keeps its plain indexes. The port prints what gcc's build prints,
including the loops that never run with a base outside the buffer."""
from __future__ import annotations

import re

import pytest

from tests.support import run

SOURCE = r"""
#include <stdio.h>
#include <math.h>

#define N 8
static double g[N * N];

static void mul_add(int n, double *a, double *b, double *c)   /* viewed: c and b rows */
{
    int i, j, k;
    for (i = 0; i < n; i++)
        for (k = 0; k < n; k++) {
            double aik = a[i * n + k];
            for (j = 0; j < n; j++)
                c[i * n + j] += aik * b[k * n + j];
        }
}

int main(void)
{
    double a[N * N], b[N * N], c[N * N];
    int x[N + 2];
    int i, j, row0, far = 1000, below = -1;
    double s = 0.0;
    for (i = 0; i < N * N; i++) { a[i] = i % 7 - 3; b[i] = i % 5 * 0.5; c[i] = 0.0; g[i] = i; }
    mul_add(N, a, b, c);
    for (i = 0; i < N; i++) {
        row0 = i * N;
        for (j = 0; j < N; j++)                 /* viewed: g from row0 (either order), c from row0 */
            g[row0 + j] = g[j + row0] * 0.5 + sqrt(c[row0 + j] * c[row0 + j]);
    }
    for (j = 0; j < 0; j++)                     /* never runs: a view from 1000 must not throw */
        c[far + j] = 1.0;
    for (j = 1; j < N; j++)                     /* from 1 with a negative row0: kept plain */
        x[below + j] = j;
    for (j = 1; j < N; j++)                     /* from 1, row0 - 1: kept plain (row0 could be 0) */
        x[row0 - N * (N - 1) + j - 1] += j;
    for (j = 0; j < N; j++) {                   /* a branch in the body: kept plain */
        if (j % 2)
            c[row0 + j] = -c[row0 + j];
    }
    for (j = 0; j < N; j++) {                   /* the row0 changes inside: kept plain */
        c[row0 + j] += 1.0;
        row0 = row0 - 1;
    }
    for (j = 0; j < N - 1; j++)
        s += x[j];
    for (i = 0; i < N * N; i++)
        s += c[i] + g[i];
    printf("%.6f\n", s);
    return 0;
}
"""


def test_views_where_the_loop_allows_them_and_the_output_is_unchanged(tools, tmp_path):
    src, out, cs = translate(tools, tmp_path, "rows", SOURCE)
    views = views_of(cs)
    assert ("double", "c_row", "c", "i * n") in views
    assert ("double", "b_row", "b", "k * n") in views
    assert ("double", "g_row", "g", "row0") in views
    assert ("double", "c_row", "c", "row0") in views  # same name again: another function
    assert ("double", "c_row2", "c", "far") in views
    assert "c_row[j] += aik * b_row[j];" in cs
    assert not any(buf == "x" for _, _, buf, _ in views)  # the loops from 1 that could reach below the row0
    assert "c[row0 + j] = -c[row0 + j];" in cs  # the branch
    assert "c[row0 + j] += 1.0;" in cs  # the moving row0
    assert_prints_what_gcc_prints(tools, tmp_path, src, out)


STENCIL = r"""
#include <stdio.h>

#define N 6

/* MG's resid shape: 8 rows of u around c plus the plain u1[j], u2[j]: ten buffers, all viewed */
static void rows(const double *u, double *u1, double *u2, int c, int n)
{
    int j;
    for (j = 0; j < n; j++) {
        u1[j] = u[c - n + j] + u[c + n + j] + u[c - 2 * n + j] + u[c + 2 * n + j];
        u2[j] = u[c - 3 * n + j] + u[c + 3 * n + j] + u[c - 4 * n + j] + u[c + 4 * n + j];
    }
}

/* eleven buffers: over the limit, kept plain */
static void eleven(const double *u, double *u1, double *u2, double *u3, int c, int n)
{
    int j;
    for (j = 0; j < n; j++) {
        u1[j] = u[c - n + j] + u[c + n + j] + u[c - 2 * n + j] + u[c + 2 * n + j];
        u2[j] = u[c - 3 * n + j] + u[c + 3 * n + j] + u[c - 4 * n + j] + u[c + 4 * n + j];
        u3[j] = u1[j] - u2[j];
    }
}

int main(void)
{
    double u[9 * N], u1[N], u2[N], u3[N], s = 0.0;
    int i, j;
    for (i = 0; i < 9 * N; i++)
        u[i] = i % 11 - 5.5;
    rows(u, u1, u2, 4 * N, N);
    for (j = 0; j < N; j++)                  /* only plain u1[j], u2[j]: the JIT needs no view */
        s += u1[j] * u2[j];
    eleven(u, u1, u2, u3, 4 * N, N);
    for (j = 0; j < N; j++)
        s += u3[j];
    printf("%.6f\n", s);
    return 0;
}
"""


def test_a_loop_with_views_views_its_plain_buffers_too_up_to_ten(tools, tmp_path):
    src, out, cs = translate(tools, tmp_path, "stencil", STENCIL)
    rows = cs[cs.index("    void rows("):cs.index("    void eleven(")]
    eleven = cs[cs.index("    void eleven("):cs.index("    public int main(")]
    main = cs[cs.index("    public int main("):]
    assert len(re.findall(r"Span<double> \w+ = Spans\.From\(", rows)) == 10
    assert "Span<double> u1_span = Spans.From(u1, 0);" in rows
    assert "Spans.From" not in eleven
    assert "Spans.From" not in main  # u1[j], u2[j] alone
    assert_prints_what_gcc_prints(tools, tmp_path, src, out)


CSR = r"""
#include <stdio.h>

#define ROWS 5
#define NZ 12
static int row_start[ROWS + 1] = {0, 3, 3, 7, 9, 12};
static int colidx[NZ] = {0, 2, 4, 1, 2, 3, 4, 0, 1, 2, 3, 4};
static double a[NZ];
static unsigned ulimit[ROWS + 1] = {0, 3, 3, 7, 9, 12};

/* CSR product: start and limit read once, a and colidx viewed once for the function */
static void matvec(const double *v, double *out)
{
    int row, k;
    double sum;
    for (row = 0; row < ROWS; row++) {
        sum = 0.0;
        for (k = row_start[row]; k < row_start[row + 1]; k++)
            sum = sum + a[k] * v[colidx[k]];
        out[row] = sum;
    }
}

int main(void)
{
    double v[ROWS], out[ROWS], s = 0.0;
    int i, k, lo = 2, hi = 9, below = -1, moving[3] = {0, 4, 0};
    for (i = 0; i < NZ; i++)
        a[i] = i * 0.25 - 1.0;
    for (i = 0; i < ROWS; i++)
        v[i] = i + 1.0;
    matvec(v, out);
    for (k = lo; k < hi; k++)               /* start and limit are locals already: views only */
        a[k] = a[k] * 2.0;
    for (k = moving[0]; k < moving[1]; k++)  /* the body stores an int: the limit may change, kept plain */
        moving[1] = moving[1] - (k % 2);
    for (k = (int)ulimit[2]; k < ulimit[3]; k++)   /* an unsigned limit: compared as unsigned, kept plain */
        s += a[k];
    for (k = below; k < 2; k++)             /* from -1: a[k + 1] is valid, a view from 1 at -1 is not */
        s += a[k + 1];
    for (k = row_start[1]; k < row_start[2]; k++)  /* an unsigned store in the body: bounds read each time */
        ulimit[k % 3] = ulimit[k % 3] + 1u;
    for (i = 0; i < ROWS; i++)
        s += out[i];
    for (i = 0; i < NZ; i++)
        s += a[i];
    printf("%.6f %d %u\n", s, moving[1], ulimit[0] + ulimit[1] + ulimit[2]);
    return 0;
}
"""


def test_a_loop_from_a_computed_start_reads_its_bounds_once_and_views_global_arrays(tools, tmp_path):
    src, out, cs = translate(tools, tmp_path, "csr", CSR)
    matvec = cs[cs.index("    void matvec("):cs.index("    public int main(")]
    main = cs[cs.index("    public int main("):]
    # one view of each global array for the whole loop nest, right before it (round 9: not at the function's top)
    assert matvec.index("int row = 0;") < matvec.index("Span<double> a_span = Spans.From(a, 0);") \
        < matvec.index("for (row = 0;")
    assert "Span<int> colidx_span = Spans.From(colidx, 0);" in matvec
    assert "int k_start = row_start[row];" in matvec and "int k_limit = row_start[row + 1];" in matvec
    assert "for (k = k_start; k < k_limit; k++)" in matvec
    # the gathered parameter through a view of the whole array (a length in a register), taken once before the loop
    # nest: the function never points v elsewhere (round 17: not on every row)
    assert "sum = sum + a_span[k] * v_span[colidx_span[k]];" in matvec
    assert matvec.count("Spans.From(v, 0)") == 1
    assert matvec.index("Span<double> v_span = Spans.From(v, 0);") < matvec.index("for (row = 0;")
    assert "for (k = lo; k < hi; k++)" in main and re.search(r"(a_span\d*)\[k\] = \1\[k\] \* 2\.0;", main)
    assert "moving[1] = moving[1] - (k % 2);" in main  # kept plain
    assert "k_start" not in main  # the int-storing, unsigned-limit and unsigned-storing loops read their bounds each time
    assert re.search(r"s \+= a_span\d*\[k \+ 1\];", main)  # no view from 1 (k may be -1): the function's view of the whole array
    assert_prints_what_gcc_prints(tools, tmp_path, src, out)


SHIFTED = r"""
#include <stdio.h>
#include <limits.h>

#define N 10
static double g[N + 2];

int main(void)
{
    double u[N + 2], r[N + 2], s = 0.0;
    int j, b0 = -1, far = 1000, hi = N, lo = INT_MIN;
    for (j = 0; j < N + 2; j++) { u[j] = j * 0.5 - 1.0; r[j] = 0.0; g[j] = j; }
    for (j = 1; j < N + 1; j++)                 /* from 1, a b0 of -1 and neighbours: counted from 0 */
        r[b0 + j + 1] = u[j - 1] + u[j + 1] - 2.0 * u[b0 + 1 + j];
    printf("after the stencil j = %d\n", j);
    for (j = 1; j <= hi; j++)                   /* <=, a global array */
        g[j] += r[j - 1];
    printf("after <= j = %d\n", j);
    for (j = 2; j < lo; j++)                    /* never runs, limit INT_MIN: the count stays 0 */
        r[far + j] = s;
    printf("after the empty loop j = %d\n", j);
    for (j = 3; j <= 2; j++)                    /* never runs, <= */
        r[far + j - 3] = 1.0;
    printf("after the empty <= j = %d\n", j);
    for (j = 1; j < N; j++)                     /* the counter in a value: kept as written */
        r[b0 + j] = r[b0 + j] + j * 0.25;
    for (int k = 1; k < N; k++)                 /* declares its counter: kept */
        r[b0 + k] += 1.0;
    for (j = 0; j < N + 2; j++)
        s += r[j] * (j + 1) + g[j];
    printf("%.6f\n", s);
    return 0;
}
"""


def test_a_loop_from_one_over_computed_rows_counts_from_zero(tools, tmp_path):
    src, out, cs = translate(tools, tmp_path, "shifted", SHIFTED)
    views = views_of(cs)
    # each view starts at the first iteration's access, constants summed
    # each named by its access's offset from the counter (u[j - 1]: u_m1), a computed base a row
    assert ("double", "r_row_p1", "r", "b0 + 2") in views
    assert ("double", "u_p1", "u", "2") in views and ("double", "u_row_p1", "u", "b0 + 2") in views
    assert "int j_count = Math.Max(N + 1, 1) - 1;" in cs
    assert "for (int j_k = 0; j_k < j_count; j_k++)" in cs
    assert "r_row_p1[j_k] = u_m1[j_k] + u_p1[j_k] - 2.0 * u_row_p1[j_k];" in cs
    assert ("double", "u_m1", "u", "0") in views
    assert "j = 1 + j_count;" in cs
    assert "Math.Max(hi, 0);" in cs and "Math.Max(lo, 2) - 2;" in cs
    assert "r[b0 + j] = r[b0 + j] + j * 0.25;" in cs
    assert "r[b0 + k] += 1.0;" in cs
    assert_prints_what_gcc_prints(tools, tmp_path, src, out)


WITH_CALLS = r"""
#include <stdio.h>
#include <stdlib.h>

#define N 8
typedef struct { double x, ax; } particle;
static double g[N];

static void push(particle *p, const particle *q, double *sum)
{
    double d = q->x - p->x;
    if (d > 0.0) {
        p->ax += d;
        *sum += d;
    }
}

static int pick(const int *v, int i) { return v[i] % 3; }

static double swap_halfway(double *a, double *b, int n)
{
    int r, k;
    double s = 0.0;
    for (r = 0; r < 2; r++)
        for (k = 0; k < n; k++) {          /* a is reassigned inside: kept plain */
            if (k == n / 2)
                a = b;
            s += a[k] * (r + 1);
        }
    return s;
}

int main(void)
{
    particle ps[N];
    int v[N];
    double *h = malloc(N * sizeof(double));
    int step, i, j, far = 1000, zero = 0, k = 0, *boxed = &k;
    double sum = 0.0;
    for (i = 0; i < N; i++) {                  /* not inside another loop: kept plain */
        ps[i].x = (i * 37 % 11) * 0.5;
        v[i] = i * 7 % 5;
        h[i] = i;
        if (i > N) printf("%d\n", v[i]);
    }
    for (step = 0; step < 3; step++) {
        for (i = 0; i < N; i++) {
            ps[i].ax = 0.0;
            for (j = 0; j < N; j++)            /* a call in the body: ps viewed whole, ps[i] from i */
                push(&ps[i], &ps[j], &sum);
            for (j = 0; j < zero; j++)         /* never runs: the view from 1000 must not throw */
                push(&ps[far], &ps[j], &sum);
            for (j = 0; j < N; j++)            /* k's address is taken: a call could change k, kept plain */
                push(&ps[i + k], &ps[j], &sum);
            *boxed = 0;
        }
        for (i = 0; i < N; i++) {
            if (pick(v, i))                    /* a branch and calls: v, ps and the global g viewed */
                g[i] += ps[i].ax;
            else
                h[i] -= 1.0;
        }
    }
    sum += swap_halfway(h, g, N);
    for (i = 0; i < N; i++)
        sum += g[i] + ps[i].ax + h[i];
    printf("%.6f\n", sum);
    free(h);
    return 0;
}
"""


def test_an_inner_loop_with_calls_or_branches_views_whole_arrays(tools, tmp_path):
    """A loop inside another whose body calls or branches views the arrays its counter indexes from 0: same checks
    as the array, and a short-lived local the JIT keeps in a register (nbody's force loop at 1 rank: 0.36 -> 0.26 s)."""
    src, out, cs = translate(tools, tmp_path, "calls", WITH_CALLS)
    views = views_of(cs)
    # the element the loop does not move: a local copy (push's accesses cannot see it: test_..._held_in_a_local)
    assert "push(ref ps_i, ref ps_span[j], ref sum);" in cs and "particle ps_far = 0 < zero ? ps[far] : default;" in cs
    assert ("particle", "ps_span", "ps", "0") in views
    assert "push(ref ps[i + k[0]], ref ps_span3[j], ref sum);" in cs  # the boxed k: no view
    assert "g_span[i] += ps_span4[i].ax;" in cs and "h_span[i] -= 1.0;" in cs
    assert "    Span<double> g_span = Spans.From(g, 0);" in cs  # a global C array: once, at the function's top
    assert "ps[i].x = " in cs and "h[i] = i;" in cs  # the first loop is inside no other: kept plain
    assert "s += a[k] * (r + 1);" in cs  # a reassigned in the body: kept plain
    assert_prints_what_gcc_prints(tools, tmp_path, src, out)


GATHER = r"""
#include <stdio.h>

#define N 64
#define B 8
static int keys[N], hist[B], start[B], sorted[N];
static double weight[B];

static int bucket_of(int key) { return key >> 3; }

int main(void)
{
    int i, b, key;
    unsigned u;
    double s = 0.0;
    for (i = 0; i < N; i++)
        keys[i] = (i * 37 + 11) % (8 * B);
    for (i = 0; i < N; i++)                   /* a gather: hist viewed */
        hist[keys[i] >> 3]++;
    for (b = 1; b < B; b++)
        start[b] = start[b - 1] + hist[b - 1];
    for (i = 0; i < N; i++) {                 /* a scatter through a loaded index: sorted and start viewed */
        key = keys[i];
        b = key >> 3;
        sorted[start[b]] = key;
        start[b]++;
    }
    for (i = 0; i < N; i++)                   /* a call in the body: kept plain */
        weight[bucket_of(sorted[i])] += 0.5;
    for (u = 0; u < B; u++)                   /* an unsigned index: kept plain */
        s += weight[u] * hist[u];
    for (i = 1; i < N; i++)
        if ((sorted[i - 1] >> 3) > (sorted[i] >> 3))
            printf("out of bucket order at %d\n", i);
    printf("%d %d %d %.1f\n", sorted[0], sorted[N / 2], sorted[N - 1], s);
    return 0;
}
"""


def test_a_global_array_indexed_by_a_loaded_value_goes_through_the_function_view(tools, tmp_path):
    """A global C array is a field the JIT reads again after every store: a gather or a scatter over it in a
    straight-line loop reads the function's view (NPB IS's ranking)."""
    src, out, cs = translate(tools, tmp_path, "gather", GATHER)
    assert "hist_span[keys_span2[i] >> 3]++;" in cs  # (each loop nest its own views: keys_span is the first loop's)
    assert "sorted_span[start_span2[b]] = key;" in cs and "start_span2[b]++;" in cs
    assert "    Span<int> sorted_span = Spans.From(sorted, 0);" in cs
    assert "weight[bucket_of(sorted[i])] += 0.5;" in cs  # a call in the body: kept plain
    assert "s += weight[u] * hist[u];" in cs  # an unsigned index: the array's long indexer
    assert_prints_what_gcc_prints(tools, tmp_path, src, out)


GLOBAL_LIMITS = r"""
#include <stdio.h>

#define N 64
#define B 8
static int keys[N], hist[B], nkeys, moving, counted[2];
static const int half = N / 2;
static double weight[N];

static int bump(void) { if (moving < N - 8) moving++; return moving; }  /* changes the limit, within keys */

int main(void)
{
    int i, *p = &counted[0];
    double s = 0.0;
    nkeys = N - 3;
    moving = N / 4;
    counted[1] = N / 2;
    for (i = 0; i < N; i++)
        keys[i] = (i * 37 + 11) % (8 * B);
    for (i = 0; i < nkeys; i++)               /* a global limit: read once */
        hist[keys[i] >> 3]++;
    for (i = 0; i < nkeys - 1; i++)           /* computed from a global: read once */
        weight[i] = keys[i] * 0.5;
    for (i = 0; i < counted[1]; i++)          /* an element, the body stores doubles only: read once */
        weight[i] += 1.0;
    for (i = 0; i < counted[1]; i++)          /* an element, the body stores ints: kept (may reach it) */
        p[i % 2] = keys[i];
    for (i = 0; i < moving; i++) {            /* the body changes the limit: kept */
        hist[keys[i] >> 3]++;
        moving = moving - (i % 2);
    }
    for (i = 0; i < moving; i++)              /* a call in the body may change it: kept */
        hist[keys[i] >> 3] += bump() > 1000;
    for (i = 0; i < half; i++)                /* never written: a constant, kept */
        s += weight[i];
    for (i = 0; i < B; i++)
        s += hist[i] * (i + 1);
    printf("%.1f %d %d %d\n", s, moving, counted[0], counted[1]);
    return 0;
}
"""


def test_a_loop_up_to_a_global_reads_its_limit_once(tools, tmp_path):
    """A global is a field the JIT reads again on every test of the loop when the body stores through a reference
    (and then clones no loop): a straight-line loop that cannot change it reads it once (NPB IS's `i < num_keys`)."""
    src, out, cs = translate(tools, tmp_path, "limits", GLOBAL_LIMITS)
    assert "int i_limit = nkeys;" in cs and "for (i = 0; i < i_limit; i++)" in cs
    assert "int i_limit2 = nkeys - 1;" in cs and "for (i = 0; i < i_limit2; i++)" in cs
    assert "int i_limit3 = counted[1];" in cs and "for (i = 0; i < i_limit3; i++)" in cs
    assert "int i_limit4" not in cs  # the other four loops keep their limits
    assert "for (i = 0; i < counted[1]; i++)" in cs
    assert cs.count("for (i = 0; i < moving; i++)") == 2
    assert "for (i = 0; i < half; i++)" in cs
    assert_prints_what_gcc_prints(tools, tmp_path, src, out)


POINTER_ROWS = r"""
#include <stdio.h>
#include <stdlib.h>

#define N 7

static double **rows_of(int n, int m)
{
    double **r = malloc(n * sizeof *r);
    double *block = calloc((size_t)n * m, sizeof *block);
    int i;
    for (i = 0; i < n; i++)
        r[i] = block + i * m;
    return r;
}

int main(void)
{
    double **a = rows_of(N, N), **b = rows_of(N, N), **c = rows_of(N, N), **one, *keep, s = 0.0;
    double *nr[N];
    int i, j, k;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {               /* a branch: kept plain */
            a[i][j] = (i + j) % 5 - 2;
            b[i][j] = j == i ? 2.0 : 0.5;
        }
    for (i = 0; i < N; i++)
        for (k = 0; k < N; k++) {
            double aik = a[i][k];
            for (j = 0; j < N; j++)             /* viewed: the rows c[i] and b[k] */
                c[i][j] += aik * b[k][j];
        }
    for (i = 0; i < N; i++)
        for (j = 1; j < N; j++)                 /* from 1: counted from 0, views from the first accesses */
            s += c[i][j - 1] + c[i][j];
    one = rows_of(1, N);
    for (i = 0; i < N; i++)                     /* Numerical Recipes' 1-based rows: each starts before its array */
        nr[i] = c[i] - 1;
    for (i = 0; i < N; i++)
        for (j = 1; j <= N; j++)                /* viewed from the first access, nr[i][1], inside the array */
            s += nr[i][j];
    keep = one[0];
    for (i = 0; i < 2; i++)
        for (j = 0; j < N; j++) {               /* the body stores a row pointer: kept plain */
            one[0][j] = i + j;
            one[0] = keep;
        }
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            s += c[i][j] * (i + 1) + one[0][j];
    printf("%.6f\n", s);
    return 0;
}
"""


def test_rows_of_a_pointer_table_are_viewed_in_inner_loops(tools, tmp_path):
    src, out, cs = translate(tools, tmp_path, "prows", POINTER_ROWS)
    assert "Span<double> c_i = Spans.From(c[i], 0);" in cs  # a row named by its index
    assert "Span<double> b_k = Spans.From(b[k], 0);" in cs
    assert "c_i[j] += aik * b_k[j];" in cs
    assert "Spans.From(c[i], 0);" in cs and "Spans.From(c[i], 1);" in cs  # from 1: c[i][j - 1] and c[i][j]
    assert "Span<double> nr_i = Spans.From(nr[i], 1);" in cs  # a 1-based row from its first access
    assert "one[0][j] = i + j;" in cs  # a row pointer stored in the body
    assert_prints_what_gcc_prints(tools, tmp_path, src, out)


def views_of(cs):
    """(element type, view name, array, start) of every view the translation declares."""
    return re.findall(r"Span<(\w+)> (\w+) = Spans\.From\((\w+), ([^;]*)\);", cs)


def translate(tools, tmp_path, name, source):
    """(the C file, the C# file, its text) of `source` translated under tmp_path."""
    src, out = tmp_path / f"{name}.c", tmp_path / f"{name.capitalize()}.cs"
    src.write_text(source)
    t = tools.translate_file(str(src), str(out))
    assert t.returncode == 0, t.stderr
    return src, out, out.read_text()


def assert_prints_what_gcc_prints(tools, tmp_path, src, out):
    exe = str(tmp_path / "native")
    assert run(["gcc", "-O2", "-o", exe, str(src), "-lm"]).returncode == 0
    native = run([exe])
    r = run(tools.cmpi_run + ["-n", "1", str(out)])
    assert r.returncode == 0, r.stderr
    assert r.stdout == native.stdout


C_ARRAY_ROWS = r"""
#include <stdio.h>

#define N 9
static double u[N][N], v[N][N];

int main(void)
{
    double local[N][N], s = 0.0;
    int i, j, it;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            local[i][j] = u[i][j] = (i * 3 + j) % 7;
    for (it = 0; it < 3; it++)
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < N - 1; j++)         /* counted from 0: each row viewed from its first access */
                v[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]) + local[i][j];
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            s += v[i][j] * (i + 1);
    printf("%.6f\n", s);
    return 0;
}
"""


def test_rows_of_c_arrays_of_arrays_are_viewed_as_flat_rows(tools, tmp_path):
    src, out, cs = translate(tools, tmp_path, "carows", C_ARRAY_ROWS)
    assert "Spans.From(u, (i - 1) * 9 + 1);" in cs and "Spans.From(u, i * 9 + 2);" in cs
    assert "Spans.From(local, i * 9 + 1);" in cs
    assert_prints_what_gcc_prints(tools, tmp_path, src, out)


def test_every_view_is_planned_before_the_emission_and_the_plan_is_frozen(tmp_path, monkeypatch):
    """loops.plan_loop_views decides a function's views before its first line is written; the emission only
    reads the frozen LoopViews: every view declaration in the output is one the plan made, and the plan
    refuses a write."""
    import types
    from translator import cli
    from translator.csharp import decls
    from translator.csharp.context import LoopViews
    plans = []
    original = decls.plan_loop_views

    def recording(ctx, body):
        views = original(ctx, body)
        plans.append(views)
        return views
    monkeypatch.setattr(decls, "plan_loop_views", recording)
    src, out = tmp_path / "stencil.c", tmp_path / "Stencil.cs"
    src.write_text(SHIFTED)
    cli.translate_file(str(src), str(out), [])
    cs = out.read_text()
    assert plans and all(isinstance(p, LoopViews) for p in plans)
    planned = [line for p in plans for lines in p.before.values() for line in lines] + \
        [line.strip() for p in plans for line in p.function_lines]
    declared = [line.strip() for line in cs.splitlines() if "= Spans.From(" in line]
    assert declared and sorted(declared) == sorted(line for line in planned if "= Spans.From(" in line)
    accesses = plans[-1].accesses
    assert isinstance(accesses, types.MappingProxyType) and accesses
    with pytest.raises(TypeError):
        accesses[0] = "x[0]"  # the emission cannot decide a view of its own


ACCUMULATORS = r"""
#include <stdio.h>

#define N 12
static double g[N];

static double dot(const double *u, const double *v, int n)   /* s[0] in a local while the loop runs */
{
    double s[1];
    int j;
    s[0] = 0.0;
    for (j = 0; j < n; j++)
        s[0] = s[0] + u[j] * v[j];
    return s[0];
}

static void norms(const double *x, int n, double *out)      /* both elements, beside a global array */
{
    double t[2];
    int j;
    t[0] = 0.0;
    t[1] = 0.0;
    for (j = 0; j < n; j++) {
        t[0] = t[0] + x[j] * g[j];
        t[1] += x[j] * x[j];
    }
    out[0] = t[0];
    out[1] = t[1];
}

static double aliased(double *w, int n)                     /* w points into s: kept in the array */
{
    double s[2];
    int j;
    s[0] = 0.0;
    s[1] = 0.0;
    w = s;
    for (j = 0; j < n; j++) {
        s[0] = s[0] + 1.0;
        s[1] = s[1] + w[0];
    }
    return s[1];
}

static double through_pointer(double *p, int n)             /* *p in the body: kept */
{
    double s[1];
    int j;
    s[0] = 0.0;
    for (j = 0; j < n; j++)
        s[0] = s[0] + *p;
    return s[0];
}

static double kept_static(const double *u, int n)           /* a static local: kept */
{
    static double acc[1];
    int j;
    for (j = 0; j < n; j++)
        acc[0] = acc[0] + u[j];
    return acc[0];
}

static double moving_index(const double *u, int n)          /* s[j % 2] moves: kept */
{
    double s[2] = {0.0, 0.0};
    int j;
    for (j = 0; j < n; j++)
        s[j % 2] = s[j % 2] + u[j];
    return s[0] - s[1];
}

static int in_header(int n)                                 /* the condition reads c[0]: kept */
{
    int c[1], j;
    c[0] = 0;
    for (j = 0; j < n && c[0] < 20; j++)
        c[0] = c[0] + j;
    return c[0];
}

int main(void)
{
    double u[N], v[N], out[2];
    int j;
    for (j = 0; j < N; j++) { u[j] = j * 0.5 + 0.1; v[j] = 1.0 / (j + 1); g[j] = j - 3.0; }
    norms(u, N, out);
    printf("%.17g %.17g %.17g\n", dot(u, v, N), out[0], out[1]);
    printf("%.17g %.17g\n", aliased(out, 5), through_pointer(&u[3], 4));
    printf("%.17g %.17g\n", kept_static(u, 3), kept_static(v, 3));
    printf("%.17g %d %.17g\n", moving_index(u, N), in_header(N), dot(u, v, 0));
    return 0;
}
"""


def test_a_local_array_element_accumulated_in_a_loop_lives_in_a_local(tools, tmp_path):
    src, out, cs = translate(tools, tmp_path, "accumulators", ACCUMULATORS)
    dot = cs[cs.index("    double dot("):cs.index("    void norms(")]
    assert "double s_0 = s[0];" in dot and "s_0 = s_0 + u[j] * v[j];" in dot
    assert dot.index("double s_0 = s[0];") < dot.index("for (j = 0; j < n; j++)") < dot.index("s[0] = s_0;") \
        < dot.index("return s[0];")
    assert "t_0 = t_0 + x_span[j] * g_span[j];" in cs and "t_1 += x_span[j] * x_span[j];" in cs
    assert "t[0] = t_0;" in cs and "t[1] = t_1;" in cs
    assert "s[1] = s[1] + w[0];" in cs          # a pointer the function assigns may point into s
    assert "s[0] = s[0] + p;" in cs             # *p (a ref parameter)
    assert "kept_static_acc[0] = kept_static_acc[0] + u[j];" in cs  # a static local
    assert "s[j % 2] = s[j % 2] + u[j];" in cs  # an element the loop moves over
    assert "c[0] = c[0] + j;" in cs             # read by the loop's condition
    assert_prints_what_gcc_prints(tools, tmp_path, src, out)


BRANCHING_ACCUMULATORS = r"""
#include <stdio.h>
#include <math.h>

#define N 40
static double r[N * N];

/* NPB MG's norm2u3: a sum in sums[0] beside a running maximum, in a loop that branches */
static void norm(int n, double *rnm2, double *rnmu)
{
    double sums[1], maxabs, val;
    int i, j;
    sums[0] = 0.0;
    maxabs = 0.0;
    for (j = 0; j < n; j++)
        for (i = 0; i < n; i++) {
            val = r[j * N + i];
            sums[0] = sums[0] + val * val;
            if (fabs(val) > maxabs)
                maxabs = fabs(val);
        }
    *rnm2 = sqrt(sums[0]);
    *rnmu = maxabs;
}

/* both arms and a conditional expression: the counts live in locals */
static void signs(const double *x, int n, int *out)
{
    int c[2], j;
    c[0] = 0;
    c[1] = 0;
    for (j = 0; j < n; j++) {
        if (x[j] < 0.0)
            c[0] += 1;
        else
            c[1] = c[1] + (x[j] > 1.0 ? 2 : 1);
    }
    out[0] = c[0];
    out[1] = c[1];
}

/* a break leaves the loop in its middle: kept in the array */
static double until_negative(const double *x, int n)
{
    double s[1];
    int j;
    s[0] = 0.0;
    for (j = 0; j < n; j++) {
        if (x[j] < 0.0)
            break;
        s[0] = s[0] + x[j];
    }
    return s[0];
}

/* a call that is not math.h's: kept */
static double printed(const double *x, int n)
{
    double s[1];
    int j;
    s[0] = 0.0;
    for (j = 0; j < n; j++) {
        if (x[j] > 5.0)
            printf("big %g\n", x[j]);
        s[0] = s[0] + x[j];
    }
    return s[0];
}

int main(void)
{
    double x[N], a, b;
    int counts[2], j;
    for (j = 0; j < N * N; j++)
        r[j] = sin(j * 0.37) * (j % 7 - 3);
    for (j = 0; j < N; j++)
        x[j] = (j % 5) * 1.5 - 2.0;
    norm(N, &a, &b);
    signs(x, N, counts);
    printf("%.17g %.17g %d %d\n", a, b, counts[0], counts[1]);
    x[7] = -1.0;
    printf("%.17g %.17g\n", until_negative(x + 1, N - 1), printed(x, 10));
    norm(0, &a, &b);
    printf("%.17g %.17g\n", a, b);
    return 0;
}
"""


def test_an_accumulator_element_lives_in_a_local_in_a_loop_that_branches(tools, tmp_path):
    src, out, cs = translate(tools, tmp_path, "branching_accumulators", BRANCHING_ACCUMULATORS)
    norm = cs[cs.index("    void norm("):cs.index("    void signs(")]
    assert "double sums_0 = sums[0];" in norm and "sums_0 = sums_0 + val * val;" in norm
    assert norm.index("double sums_0 = sums[0];") < norm.index("for (i = 0; i < n; i++)") \
        < norm.index("sums[0] = sums_0;") < norm.index("rnm2 = Math.Sqrt(sums[0]);")
    assert "c_0 += 1;" in cs and "c_1 = c_1 + (x[j] > 1.0 ? 2 : 1);" in cs
    assert "s[0] = s[0] + x[j];" in cs[cs.index("    double until_negative("):cs.index("    double printed(")]
    assert "s[0] = s[0] + x[j];" in cs[cs.index("    double printed("):]
    assert_prints_what_gcc_prints(tools, tmp_path, src, out)


FILL_LOOPS = r"""
#include <stdio.h>
#include <stdlib.h>

#define N 64
static double g[N];
static int counts[N];

static void zero3(double *a, int off, int n)   /* NPB MG's zero3: from an offset */
{
    int i;
    for (i = 0; i < n; i++)
        a[off + i] = 0.0;
}

int main(int argc, char **argv)
{
    double local[N];
    float f[8];
    int i, k, n = argc + 9;
    double *heap = (double *)malloc(N * sizeof(double));
    for (i = 0; i < N; i++) { g[i] = i + 0.5; local[i] = -i; heap[i] = 2.0 * i; counts[i] = i; }
    for (i = 0; i < n; i++)                   /* a global array, the counter read after the loop */
        g[i] = 0.0;
    printf("%d %g %g %g\n", i, g[0], g[n - 1], g[n]);
    for (k = 3; k <= n; k++)                   /* up to and with the limit: k ends one past it */
        counts[k] = 7;
    printf("%d %d %d %d %d\n", k, counts[2], counts[3], counts[n], counts[n + 1]);
    for (i = 5; i < n - 20; i++)               /* runs no iteration: i stays 5 */
        local[i] = 1.0;
    printf("%d %g\n", i, local[5]);
    for (int j = 0; j < n - 6; j++)            /* a counter the loop declares */
        local[j] = 3;
    zero3(heap, 10, 20);
    printf("%g %g %g %g %g\n", local[0], local[4], heap[9], heap[10], heap[30]);
    for (i = 0; i < n - 2; i++)                /* a double converted to float */
        f[i] = 0.25;
    for (i = 0; i < n; i++)                    /* -0.0: not cleared to +0.0 */
        g[i] = -0.0;
    printf("%g %g %g\n", f[7], g[0], g[n]);
    for (i = 0; i < N; i++)                    /* not a constant: a loop */
        local[i] = local[i] + 1.0;
    for (i = 0; i < N; i++)                    /* the counter stored: a loop */
        counts[i] = i;
    for (i = 0; i < 2 * 4; i++)                /* a few iterations known beforehand: a loop */
        f[i] = 0.5f;
    for (k = 0; k < 2; k++)                    /* inside another loop: a loop */
        for (i = 0; i < n; i++)
            local[i] = 9.0;
    printf("%g %g %d %d\n", local[3], f[7], counts[9], k);
    free(heap);
    return 0;
}
"""


def test_a_fill_loop_is_one_span_fill_that_leaves_the_counter_where_c_does(tools, tmp_path):
    src, out, cs = translate(tools, tmp_path, "fill_loops", FILL_LOOPS)
    assert "i = Spans.Fill<double>(a, off, 0, n, 0.0);" in cs
    assert "i = Spans.Fill<double>(g, 0, 0, n, 0.0);" in cs
    assert "k = Spans.Fill<int>(counts, 0, 3, (long)(n) + 1, 7);" in cs
    assert "i = Spans.Fill<double>(local, 0, 5, n - 20, 1.0);" in cs
    assert "Spans.Fill<double>(local, 0, 0, n - 6, 3);" in cs
    assert "i = Spans.Fill<float>(f, 0, 0, n - 2, (float)0.25);" in cs  # (C converts 0.25 on every store: one value)
    assert "i = Spans.Fill<double>(g, 0, 0, n, -0.0);" in cs
    assert cs.count("Spans.Fill") == 7  # the last four loops stay loops
    assert_prints_what_gcc_prints(tools, tmp_path, src, out)


def test_a_fill_loop_past_its_array_throws_as_the_loop_does(tools, tmp_path):
    src, out, cs = translate(tools, tmp_path, "fill_past_end", r"""
#include <stdio.h>
int main(int argc, char **argv)
{
    double a[4];
    int i;
    for (i = 0; i < argc + 5; i++)
        a[i] = 0.0;
    printf("%g\n", a[0]);
    return 0;
}
""")
    assert "Spans.Fill<double>(a, 0, 0, argc + 5, 0.0)" in cs
    r = run(tools.cmpi_run + ["-n", "1", str(out)])
    assert r.returncode != 0 and "IndexOutOfRange" in r.stdout + r.stderr


ELEMENT_REFS = r"""
#include <stdio.h>

#define N 16
typedef struct { double re, im; } cplx;
static cplx line[N], roots[N / 2];

/* FT's butterflies: each element reached four times, through a view and a ref */
static void butterflies(int n, int direction)
{
    int len, half, start, k, step;
    double wr, wi, br, bi;
    for (len = 2; len <= n; len *= 2) {
        half = len / 2;
        step = N / len;
        for (start = 0; start < n; start += len)
            for (k = 0; k < half; k++) {
                wr = roots[k * step].re;
                wi = direction * roots[k * step].im;
                br = line[start + k + half].re * wr - line[start + k + half].im * wi;
                bi = line[start + k + half].re * wi + line[start + k + half].im * wr;
                line[start + k + half].re = line[start + k].re - br;
                line[start + k + half].im = line[start + k].im - bi;
                line[start + k].re = line[start + k].re + br;
                line[start + k].im = line[start + k].im + bi;
            }
    }
}

/* a parameter's elements from a computed start: a row view, then a ref into it */
static void conjugate_scaled(cplx *a, int first, int n)
{
    int j;
    for (j = 0; j < n; j++) {
        a[first + j].re = a[first + j].re * 2.0;
        a[first + j].im = -a[first + j].im;
    }
}

static double kept(cplx *a, int n)
{
    int j, m = 0;
    double s = 0.0;
    cplx t;
    for (j = 0; j < n; j++) {
        s += a[j].re;                   /* once: no ref */
        a[m].im = a[m].im + 1.0;        /* m moves inside the body: no ref */
        m = m + 1;
        a[m % n].re = a[m % n].re * 0.5;
    }
    for (j = 0; j < n; j++) {
        t = a[j];                       /* first reached by a struct copy: no ref */
        a[j].re = t.im;
        a[j].im = t.re + a[j].im;
    }
    return s;
}

int main(void)
{
    int i;
    double s = 0.0;
    cplx a[N + 1];
    for (i = 0; i < N / 2; i++) { roots[i].re = 1.0 - i * 0.125; roots[i].im = -0.0625 * i; }
    for (i = 0; i < N; i++) { line[i].re = i % 5 - 2.0; line[i].im = i % 3 * 0.25; }
    butterflies(N, 1);
    butterflies(N, -1);
    for (i = 0; i <= N; i++) { a[i].re = i * 0.5; a[i].im = -i; }
    conjugate_scaled(a, 3, N - 4);
    s = kept(a, N);
    for (i = 0; i < N; i++)
        printf("%.17g %.17g\n", line[i].re, line[i].im);
    for (i = 0; i <= N; i++)
        s += a[i].re * 3.0 + a[i].im;
    printf("%.17g\n", s);
    return 0;
}
"""


def test_a_struct_element_reached_several_times_in_a_loop_is_a_ref_local(tools, tmp_path):
    """FT's butterfly reaches each of two elements of a global array four times: one `ref` local each, into the
    function's view at the whole index, declared before the first statement that reaches it; a parameter's elements
    from a computed start get a row view and a ref into it; an element reached once, at a moving index, or first by a
    struct copy keeps its accesses."""
    src, out, cs = translate(tools, tmp_path, "element_refs", ELEMENT_REFS)
    flies = cs[cs.index("    void butterflies("):cs.index("    void conjugate_scaled(")]
    assert "ref cplx line_k = ref line_span[start + k + half];" in flies
    assert "ref cplx line_k2 = ref line_span[start + k];" in flies
    assert "ref cplx roots_k = ref roots_span[k * step];" in flies
    assert "Span<cplx> line_span = Spans.From(line, 0);" in flies and "line_row" not in flies
    # (the product and the two halves' updates as two-lane vectors: csharp/pairs.py, tests/test_lane_pairs.py)
    assert flies.index("wr = roots_k.re;") < flies.index("ref cplx line_k ") \
        < flies.index("var br_bi = Lanes.SubAdd(Lanes.Both(line_k.re) * wr_wi, ") < flies.index("ref cplx line_k2") \
        < flies.index("Lanes.Ref(ref line_k) = Lanes.Ref(ref line_k2) - br_bi;")
    assert "Lanes.Ref(ref line_k2) = Lanes.Ref(ref line_k2) + br_bi;" in flies
    conj = cs[cs.index("    void conjugate_scaled("):cs.index("    double kept(")]
    assert "Span<cplx> a_row = Spans.From(a, first);" in conj
    assert "ref cplx a_row_j = ref a_row[j];" in conj and "a_row_j.im = -a_row_j.im;" in conj
    kept = cs[cs.index("    double kept("):cs.index("    public int main(")]
    assert "ref cplx" not in kept
    assert_prints_what_gcc_prints(tools, tmp_path, src, out)


HELD_ELEMENTS = r"""
#include <stdio.h>

#define N 6
typedef struct { double x, y, ax, ay; } body;
typedef union { double d; long long bits; } word;
static body *spy;          /* a global pointer a callee may write through */
static int calls;

static double larger(double a, double b) { return a > b ? a : b; }

/* reads p->x, p->y, q->x, q->y; adds to p->ax, p->ay and *sum: nbody's apply_force */
static void force(body *p, const body *q, double *sum, int *n)
{
    double dx = q->x - p->x, dy = q->y - p->y;
    double r2 = larger(dx * dx + dy * dy, 0.01);
    p->ax += dx / r2;
    p->ay += dy / r2;
    *sum += r2;
    *n += 1;
}

/* writes q->x: another object of the type, maybe p itself (j == i) */
static void drag(body *p, body *q) { q->x = q->x * 0.5 + p->x * 0.25; p->ax += q->x; }

/* reads q->ax, which it also writes through p: with j == i the read sees the sum so far */
static void spread(body *p, const body *q) { p->ax += q->ax * 0.5 + 1.0; }

/* writes through a global pointer, which may point at p */
static void through_global(body *p, const body *q) { spy->ay += 1.0; p->ay += q->x + p->ay * 0.125; }

/* hands its pointer on */
static void hand_on(body *p, const body *q) { spread(p, q); }

static void count(body *p) { calls++; p->ay -= 0.5; }

/* a union: bits and d are the same bytes */
static void flip(word *p, const word *q) { p->d += (double)((q->bits >> 40) & 7) + 0.5; }

/* reads the whole of *q, ax included, which it writes through p */
static void whole(body *p, const body *q) { body t = *q; p->ax += t.ax * 0.25 + t.x; }

/* calls a library function that is not pure */
static void noisy(body *p, const body *q) { if (q->x > 100.0) printf("far\n"); p->ay += q->y; }

int main(void)
{
    body b[N];
    word w[N];
    int i, j, k, pairs = 0, zero = 0, far = 1000;
    double sum = 0.0, s = 0.0;
    for (i = 0; i < N; i++) {
        b[i].x = (i * 37 % 11) * 0.5; b[i].y = (i * 13 % 7) * 0.25; b[i].ax = 0.0; b[i].ay = 0.0;
    }
    spy = &b[2];
    for (i = 0; i < N; i++)
        w[i].d = i * 0.75;
    for (k = 0; k < 2; k++) {
        for (i = 0; i < N; i++) {
            for (j = 0; j < N; j++)               /* held: the same array, but no field read and written */
                force(&b[i], &b[j], &sum, &pairs);
            for (j = 0; j < zero; j++)            /* held, never runs: b[far] must not be read */
                force(&b[far], &b[j], &sum, &pairs);
            for (j = 0; j < N; j++)               /* kept: drag writes x through q */
                drag(&b[i], &b[j]);
            for (j = 0; j < N; j++)               /* kept: spread reads ax through q */
                spread(&b[i], &b[j]);
            for (j = 0; j < N; j++)               /* kept: a write through a global pointer */
                through_global(&b[i], &b[j]);
            for (j = 0; j < N; j++)               /* kept: the pointer handed on */
                hand_on(&b[i], &b[j]);
            for (j = 0; j < N; j++)               /* kept: the whole struct read through q */
                whole(&b[i], &b[j]);
            for (j = 0; j < N; j++)               /* kept: printf in the callee */
                noisy(&b[i], &b[j]);
            for (j = 0; j < N; j++)               /* kept: a union's fields overlap */
                flip(&w[i], &w[j]);
            j = 2;
            for (j = j; j < N; j++)               /* kept: the first test reads j, which the loop moves */
                force(&b[i], &b[j], &sum, &pairs);
            for (j = 1; j <= N; j++) {            /* held: two calls, from 1 up to and with N */
                force(&b[i], &b[j - 1], &sum, &pairs);
                count(&b[i]);
            }
        }
    }
    for (i = 0; i < N; i++)
        s += b[i].x + b[i].y + b[i].ax + b[i].ay + w[i].d;
    printf("%.17g %.17g %d %d\n", s, sum, pairs, calls);
    return 0;
}
"""


def test_a_struct_element_passed_to_functions_in_a_loop_is_held_in_a_local(tools, tmp_path):
    """nbody's force loop: an element the loop passes to functions that read and write fields no other access in the
    loop writes or reads lives in a local copy while the loop runs (gcc keeps those fields in registers); read and
    written back only when the loop runs; kept in the array when another access may see the difference (a field the
    other object's access writes, or reads while this one writes it), or when a callee reaches memory another way."""
    src, out, cs = translate(tools, tmp_path, "held", HELD_ELEMENTS)
    assert "body b_i2 = 0 < N ? b[i] : default;" in cs  # (b_i: the first loop's ref, csharp/loops.py _element_refs)
    assert "force(ref b_i2, ref b_span[j], ref sum, ref pairs);" in cs
    assert "body b_far = 0 < zero ? b[far] : default;" in cs
    assert "body b_i3 = 1 <= N ? b[i] : default;" in cs
    assert "force(ref b_i3, ref b[j - 1], ref sum, ref pairs);" in cs and "count(ref b_i3);" in cs
    assert cs.count("if (0 < N)") == 1 and cs.count("if (1 <= N)") == 1 and cs.count("b[far] = b_far;") == 1
    assert cs.count("b[i] = b_i2;") == 1 and cs.count("b[i] = b_i3;") == 1
    assert re.search(r"force\(ref b_at\d*\[0\], ref b_span\d*\[j\], ref sum, ref pairs\);", cs)  # from j = j
    assert re.search(r"flip\(ref w_at\d*\[0\], ref w_span\d*\[j\]\);", cs)
    for kept in ("drag", "spread", "through_global", "hand_on", "whole", "noisy"):
        assert re.search(rf"{kept}\(ref b_at\d*\[0\], ref b_span\d*\[j\]\);", cs), kept
    assert_prints_what_gcc_prints(tools, tmp_path, src, out)


GLOBAL_READS = r"""
#include <stdio.h>

#define N 64
#define B 16
static int keys[N], counts[B], lowest, shift_by, *cursor;
static double scale, sums[B];
static int seen;

static int next_seen(void) { return ++seen; }

int main(void)
{
    int i, total = 0;
    cursor = &shift_by;
    lowest = 3;
    scale = 0.25;
    for (i = 0; i < N; i++)
        keys[i] = 3 + (i * 37 + 11) % B;
    for (i = 0; i < N - 16; i++)              /* lowest and scale read once: a global no pointer reaches */
        counts[keys[i] - lowest] += 1;
    for (i = 0; i < B; i++)
        sums[i] = counts[i] * scale;
    for (i = 0; i < N; i++) {                 /* the body writes lowest: kept */
        counts[keys[i] % B] += lowest;
        lowest = lowest + 1;
    }
    for (i = 0; i < 8; i++) {                 /* shift_by's address is taken: a store may change it, kept */
        keys[i + shift_by] = i;
        *cursor = *cursor + 1;
    }
    for (i = 0; i < B; i++) {                 /* a call may change seen: kept */
        counts[i] += seen;
        next_seen();
    }
    for (i = 0; i < B; i++)                   /* stores to no memory: the JIT reads it once itself */
        total += seen;
    printf("%d %d %d %d %.2f %d\n", counts[0], counts[B - 1], keys[7], shift_by, sums[1], total);
    return 0;
}
"""


def test_a_global_scalar_a_loop_reads_is_read_once_before_it(tools, tmp_path):
    """A global is a field of the rank's object, which the JIT reads again on every iteration once the body
    stores through a reference: a straight-line loop that cannot change it reads it once (NPB IS's
    `key_counts[key_buff2[i] - min_key_val]++`)."""
    src, out, cs = translate(tools, tmp_path, "reads", GLOBAL_READS)
    assert "int lowest_value = lowest;" in cs and "[i] - lowest_value] += 1;" in cs
    assert "double scale_value = scale;" in cs and "[i] * scale_value;" in cs
    assert "+= lowest;" in cs  # written in the body
    assert "shift_by_value" not in cs  # its address is taken
    assert "seen_value" not in cs  # a call in one body, no store in the other
    # each loop nest declares its views of global arrays right before it (short live ranges), not the function
    assert cs.index("Span<int> counts_span2 = Spans.From(counts, 0);") > cs.index("counts_span[keys_span2[i]")
    assert_prints_what_gcc_prints(tools, tmp_path, src, out)


NESTS = r"""
#include <stdio.h>
#define N 16
static int g[N], h[N], off;
int main(int argc, char **argv)
{
    int i, k = 2, s = 0;
    off = 1;
    if (argc > 0)
        for (i = 0; i < N; i++)
            g[i] = i + off;
    else
        for (i = 0; i < N; i++)
            g[i] = -i;
    while (k-- > 0)
        for (i = 0; i < N - 1; i++)
            h[i] += g[i + 1] - off;
    switch (argc) {
    case 1:
        for (i = 0; i < N; i++)
            s += g[h[i] % N];
        break;
    default:
        for (i = 0; i < N; i++)
            s -= g[i];
    }
    for (i = 0; i < N; i++)
        if (h[i] > 3)
            for (k = 0; k < N; k++)
                s += g[k] * h[i];
    printf("%d %d %d\n", s, h[3], g[5]);
    return 0;
}
"""


def test_views_of_global_arrays_are_declared_before_their_loop_nest(tools, tmp_path):
    """A for loop outside any other loop declares the views its nest shares right before it, in whatever block holds
    it (an if's branch, a switch section); a for loop inside a while loop outside any for loop has no nest, and its
    views stay at the function's top (csharp/loops.py _nest_of)."""
    src, out, cs = translate(tools, tmp_path, "nests", NESTS)
    main = cs[cs.index("    public int main"):]
    top = main[:main.index("int i = 0;")]
    assert "Span<int> h_span = Spans.From(h, 0);" in top and "Span<int> g_from1 = Spans.From(g, 1);" in top  # the while's
    assert main.index("else") < main.index("Span<int> g_span2 = Spans.From(g, 0);") < main.index("g_span2[i] = -i;")
    assert main.index("case 1:") < main.index("Span<int> g_span3 = Spans.From(g, 0);") < main.index("default:")
    assert main.index("Span<int> g_span5 = Spans.From(g, 0);") < main.index("s += g_span5[k] * h[i];")
    assert_prints_what_gcc_prints(tools, tmp_path, src, out)


STRIDES = r"""
#include <stdio.h>

#define N 8
typedef struct { double re, im; } cplx;
static cplx line[N];

/* NPB FT's copies of one line of a 2-D field: data[first + m * stride] */
static void lines(cplx data[], int count, int n, int stride)
{
    int c, m, first;
    for (c = 0; c < count; c++) {
        first = c;
        for (m = 0; m < n; m++)                  /* data viewed whole */
            line[m] = data[first + m * stride];
        for (m = 0; m < n; m++) {
            line[m].re = 2.0 * line[m].re - line[m].im;
        }
        for (m = 0; m < n; m++)                  /* data viewed whole */
            data[first + m * stride] = line[m];
    }
}

/* NPB MG's interp: u[f + 2 * i] and u[f + 2 * i + 1] from a row of z */
static void spread(double u[], const double z[], int rows, int n)
{
    int r, i, f;
    for (r = 0; r < rows; r++) {
        f = 2 * n * r;
        for (i = 0; i < n; i++) {                /* u viewed whole */
            u[f + 2 * i] = u[f + 2 * i] + z[r * n + i];
            u[f + 2 * i + 1] = u[f + 2 * i + 1] + 0.5 * z[r * n + i];
        }
    }
    for (i = 0; i < n; i++)                      /* outside any other loop: kept plain */
        u[2 * i] += 1.0;
    for (r = 0; r < rows; r++)
        for (i = 0; i < n; i++)                  /* a call in the body: kept plain */
            u[2 * i + 1] += printf("");
}

int main(void)
{
    cplx data[N * N];
    double u[4 * N * N], z[N * N], s = 0.0;
    int i;
    for (i = 0; i < N * N; i++) {
        data[i].re = i % 5;
        data[i].im = i % 3 - 1;
        z[i] = i % 7 * 0.25;
    }
    for (i = 0; i < 4 * N * N; i++)
        u[i] = i % 9;
    lines(data, N, N, N);
    spread(u, z, N, N);
    for (i = 0; i < N * N; i++)
        s += data[i].re * (i + 1) + data[i].im;
    for (i = 0; i < 4 * N * N; i++)
        s += u[i] * (i % 13);
    printf("%.6f\n", s);
    return 0;
}
"""


def test_a_parameter_indexed_by_a_stride_of_the_counter_goes_through_a_whole_view(tools, tmp_path):
    """A local or parameter array an inner straight-line loop reaches at a stride of its counter (no row view serves
    it) is read through a view of the whole array, as a gather is: the JIT keeps its length in a register."""
    src, out, cs = translate(tools, tmp_path, "strides", STRIDES)
    lines = cs[cs.index("    void lines("):cs.index("    void spread(")]
    spread = cs[cs.index("    void spread("):cs.index("    public int main(")]
    assert "line_span[m] = data_span[first + m * stride];" in lines
    assert "data_span[first + m * stride] = line_span[m];" in lines
    # one view of the parameter for the nest's loops, before it: lines never points data elsewhere (round 17)
    assert lines.count("Span<cplx> data_span = Spans.From(data, 0);") == 1
    assert lines.index("Span<cplx> data_span = Spans.From(data, 0);") < lines.index("for (c = 0;")
    assert "u_span[f + 2 * i] = u_span[f + 2 * i] + z_row[i];" in spread
    assert "u_span[f + 2 * i + 1] = u_span[f + 2 * i + 1] + 0.5 * z_row[i];" in spread
    assert "u[2 * i] += 1.0;" in spread  # outside any other loop
    assert "u[2 * i + 1] += printf(" in spread  # a call in the body
    assert_prints_what_gcc_prints(tools, tmp_path, src, out)


REPOINTED = r"""
#include <stdio.h>

static double gathered(const double *v, const double *w, const int *at, int n, int rounds)
{
    double s = 0.0;
    int r, k;
    for (r = 0; r < rounds; r++) {
        for (k = 0; k < n; k++)
            s = s + v[at[k]] * (k + 1);
        v = w;  /* the parameter points elsewhere from the second round on */
    }
    return s;
}

static double kept(const double *v, const int *at, int n, int rounds)
{
    double s = 0.0;
    int r, k;
    for (r = 0; r < rounds; r++)
        for (k = 0; k < n; k++)
            s = s + v[at[k]] * (r + 1);
    return s;
}

int main(void)
{
    double v[6] = {1, 2, 3, 4, 5, 6}, w[6] = {-1, -2, -3, -4, -5, -6};
    int at[5] = {5, 0, 3, 3, 1};
    printf("%.3f %.3f\n", gathered(v, w, at, 5, 3), kept(v, at, 5, 3));
    return 0;
}
"""


def test_a_gathered_parameter_is_viewed_once_per_nest_unless_the_function_repoints_it(tools, tmp_path):
    """A parameter the function never assigns holds one array: the view of a gather over it is taken before the loop
    nest, not on every iteration of the loops around the gather; one the function points elsewhere (`v = w;`) is
    viewed right before the inner loop, after each assignment."""
    src, out, cs = translate(tools, tmp_path, "repointed", REPOINTED)
    gathered = cs[cs.index("    double gathered("):cs.index("    double kept(")]
    kept = cs[cs.index("    double kept("):cs.index("    public int main(")]
    assert kept.count("Spans.From(v, 0)") == 1
    assert kept.index("Spans.From(v, 0)") < kept.index("for (r = 0;")
    assert gathered.count("Spans.From(v, 0)") == 1
    assert gathered.index("for (r = 0;") < gathered.index("Spans.From(v, 0)") < gathered.index("for (k = 0;")
    assert_prints_what_gcc_prints(tools, tmp_path, src, out)


WIDE = r"""
#include <stdio.h>

#define N 12
static double g[N * N * N];

static double total(const double *p, int n)
{
    double s = 0.0;
    int i;
    for (i = 0; i < n; i++)
        s += p[i] * (i + 1);
    return s;
}

/* NPB MG's resid: two local rows from eight rows of the grid, in one loop: split */
static double rows(double u[], int n)
{
    double u1[N], u2[N], w1[N], w2[N], s = 0.0;
    int i1, i2, c;
    for (i2 = 2; i2 < n - 2; i2++) {
        c = n * i2 + n * n;
        for (i1 = 0; i1 < n; i1++) {                 /* ten rows: split */
            u1[i1] = u[c - n + i1] + u[c + n + i1] + u[c - 2 * n + i1] + u[c + 2 * n + i1];
            u2[i1] = u[c - n - 1 + i1] + u[c + n + 1 + i1] + u[c - 2 * n + 1 + i1] + u[c + 2 * n - 1 + i1];
        }
        for (i1 = 0; i1 < n; i1++) {                 /* four rows: one loop */
            w1[i1] = u[c + i1] + u[c + n + i1];
            w2[i1] = u[c + i1] - u[c - n + i1];
        }
        for (i1 = 1; i1 < n - 1; i1++)
            s += u1[i1 - 1] * u2[i1 + 1] + w1[i1] - w2[i1];
    }
    return s + i1;
}

/* the same loop where a statement reads the other's row, or the row is passed on: one loop */
static double kept(double u[], int n)
{
    double a[N], b[N], p[N], q[N], s = 0.0;
    int i1, i2, c;
    for (i2 = 2; i2 < n - 2; i2++) {
        c = n * i2 + n * n;
        for (i1 = 0; i1 < n - 1; i1++) {             /* b reads a[i1 + 1], written by the next iteration */
            a[i1] = u[c - n + i1] + u[c + n + i1] + u[c - 2 * n + i1] + u[c + 2 * n + i1] + u[c + i1];
            b[i1] = u[c - n - 1 + i1] + u[c + n + 1 + i1] + u[c - 2 * n + 1 + i1] + a[i1 + 1];
        }
        for (i1 = 0; i1 < n; i1++) {                 /* p decays to a pointer below */
            p[i1] = u[c - n + i1] + u[c + n + i1] + u[c - 2 * n + i1] + u[c + 2 * n + i1];
            q[i1] = u[c - n - 1 + i1] + u[c + n + 1 + i1] + u[c - 2 * n + 1 + i1] + u[c + 2 * n - 1 + i1];
        }
        s += total(p, n) + q[3] + b[2] + a[n - 2];
    }
    return s;
}

int main(void)
{
    int i;
    for (i = 0; i < N * N * N; i++)
        g[i] = (i % 17) * 0.25 - (i % 5);
    printf("%.6f %.6f\n", rows(g, N), kept(g, N));
    return 0;
}
"""


def test_an_inner_loop_over_more_rows_than_registers_is_split_per_statement(tools, tmp_path):
    """An innermost loop whose statements each fill a private local array (one that never decays to a pointer) from
    more rows than the JIT keeps in registers becomes one loop per statement, each with its own views right before
    it (passes/loop_fission.py: MG's resid spilled three views); loops with few rows, a statement reading another's
    array, or an array passed on stay one loop."""
    src, out, cs = translate(tools, tmp_path, "wide", WIDE)
    rows = cs[cs.index("    double rows("):cs.index("    double kept(")]
    kept = cs[cs.index("    double kept("):cs.index("    public int main(")]
    assert rows.count("for (i1 = 0; i1 < n; i1++)") == 3  # the ten-row loop split in two, the four-row one kept
    first, second = rows.index("u1_span[i1] = "), rows.index("u2_span[i1] = ")
    assert rows.index("Span<double> u1_span = Spans.From(u1, 0);") < first < \
        rows.index("Span<double> u2_span = Spans.From(u2, 0);") < second  # each loop's views right before it
    assert rows[first:second].count("for (") == 1
    assert "for (" not in rows[rows.index("w1_span[i1] = "):rows.index("w2_span[i1] = ")]  # four rows: one loop
    assert kept.count("for (i1 = 0; i1 < n - 1; i1++)") == 1 and kept.count("for (i1 = 0; i1 < n; i1++)") == 1
    assert_prints_what_gcc_prints(tools, tmp_path, src, out)
