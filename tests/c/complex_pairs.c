/* Complex arithmetic on a struct of two doubles, field by field in loops: the shapes the translator does as one
 * two-lane vector operation (translator/csharp/pairs.py), with values where a lane mix-up, a reordered store or a
 * fused multiply-add would show: NaN of both signs, -0.0, infinities, subnormals, overflow, and products whose
 * rounding a fused multiply-add would skip. Every result is printed as its bits. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    double re;
    double im;
} cplx;

#define N 16

static cplx line[N];
static cplx roots[N / 2];

static void bits(const char *what, int k, double re, double im)
{
    unsigned long long a, b;
    memcpy(&a, &re, sizeof a);
    memcpy(&b, &im, sizeof b);
    printf("%s %2d %016llx %016llx  %a %a\n", what, k, a, b, re, im);
}

static double values[] = {
    1.5, -2.25, -0.0, 0.0, INFINITY, -INFINITY, 3.0, 1e308, 1e308, -1e308,
    4.9406564584124654e-324, 2.2250738585072009e-308, 1.0000000009313226, 0.99999999906867743,
    -7.0, 0.1,
};

/* line[0..n-1] from the values at `window` on, NaN of either sign at some places */
static void fill(int window, int n)
{
    int k;
    for (k = 0; k < n; k++) {
        line[k].re = values[(window + k) % N];
        line[k].im = values[(window * 3 + k * 7 + 3) % N];
    }
    /* (x86's NaN of an invalid operation is -NAN: a NAN meeting it in one addition gives either, as the compiler
     * orders the operands, so +NAN only where one butterfly cannot make another NaN) */
    if (window % 5 == 1)
        line[window % n].im = n == 2 && window != 6 ? NAN : -NAN;
    if (window % 5 == 3)
        line[(window + 1) % n].re = -NAN;
    for (k = 0; k < N / 2; k++) {
        roots[k].re = cos(0.3 * (k + 1));
        roots[k].im = -sin(0.3 * (k + 1));
    }
    roots[1].re = 1.0000000009313226;   /* products whose rounding a fused multiply-add would skip */
    roots[1].im = -0.99999999906867743;
}

/* NPB FT's butterfly: the product by a root in two locals, then both halves of the line */
static void butterflies(int n, int direction)
{
    int len, half, start, k, step;
    double wr, wi, br, bi;

    for (len = 2; len <= n; len *= 2) {
        half = len / 2;
        step = n / len;  /* (roots[k * step] for k < half: roots[0] and roots[1] at n = 4) */
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

/* compound assignments, a broadcast scalar, negation and division, a copy */
static void others(cplx *out, cplx *acc, const cplx *in, int n, double s, double d)
{
    int k;
    acc[0].re = 0.0;
    acc[0].im = -0.0;
    for (k = 0; k < n; k++) {
        acc[0].re += in[k].re * s;
        acc[0].im += in[k].im * s;
        out[k].re = -in[k].re / d;
        out[k].im = -in[k].im / d;
        bits("acc", k, acc[0].re, acc[0].im);
    }
    for (k = 0; k < n; k++) {
        out[k].re = in[k].re;
        out[k].im = in[k].im;
    }
}

/* the second statement reads the field the first one wrote: the two must stay apart */
static void dependent(cplx *p, int n)
{
    int k;
    for (k = 0; k < n; k++) {
        p[k].re = p[k].re + p[k].im;
        p[k].im = p[k].re - p[k].im;
    }
}

/* a product in two locals read back the other way round (lane 1 first) and at a crossed place */
static void crossed(cplx *out, const cplx *x, const cplx *w, int n)
{
    int k;
    double t0, t1;
    for (k = 0; k < n; k++) {
        t0 = x[k].re * w[k].re - x[k].im * w[k].im;
        t1 = x[k].re * w[k].im + x[k].im * w[k].re;
        out[k].re = t1 * 0.5 - x[k].re;
        out[k].im = t0 * 0.5 - x[k].im;
        t0 = 1.0;
        out[k].re = out[k].re * t0;
        out[k].im = out[k].im * t1;
    }
}

int main(void)
{
    static cplx out[N], copy[N], sum[1];
    int k, window, n;

    for (n = 2; n <= 4; n *= 2)
        for (window = 0; window < N; window++) {
            fill(window, n);
            butterflies(n, window % 2 ? -1 : 1);
            for (k = 0; k < n; k++)
                bits(n == 2 ? "fft2" : "fft4", window * 4 + k, line[k].re, line[k].im);
        }

    fill(1, N);
    others(out, sum, line, N, 0.1, -3.0);
    for (k = 0; k < N; k++)
        bits("neg", k, out[k].re, out[k].im);
    memcpy(copy, line, sizeof copy);
    dependent(copy, N);
    for (k = 0; k < N; k++)
        bits("dep", k, copy[k].re, copy[k].im);
    crossed(out, line, copy, N);
    for (k = 0; k < N; k++)
        bits("crs", k, out[k].re, out[k].im);
    return 0;
}
