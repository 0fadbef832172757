/* long double as gcc computes it on x86-64: the x87 80-bit type, 16 bytes. Literals are the 80-bit value of their
 * decimal (0.1L is not 0.1), arithmetic rounds at 64 bits, the usual arithmetic conversions mix int, double and
 * long double, and casts go both ways; printed with %La and %.21Lg, so every bit shows. */
#include <stdio.h>
#include <stddef.h>

struct sample { char tag; long double value; int count; };
struct pair { long double lo, hi; };

static long double half(long double v) { return v / 2; }
static long double mix(int i, double d, long double x) { return i + d * x; }

static void show(const char *what, long double v) { printf("%-10s %La %.21Lg\n", what, v, v); }

int main(void)
{
    long double tenth = 0.1L, third = 1.0L / 3, big = 1e300L * 1e300L, tiny = 1e-4940L;
    long double a[5] = {0.1L, 0.2L, 0.3L, 1.0L / 7, 2.5e-3L}, *p = a + 1, sum = 0, kahan = 0, c = 0;
    double d = 0.1;
    float f = 0.1f;
    int i, n = 7;
    unsigned long long u = 18446744073709551615ULL;
    long long s = -9223372036854775807LL - 1;
    struct sample smp = {'x', 2.0L / 3, 5};
    struct pair pr = {1.0L, 0x1.fffffffffffffffep0L};

    show("tenth", tenth);
    show("third", third);
    show("big", big);
    show("tiny", tiny);
    show("d+tenth", d + tenth);
    show("f*tenth", f * tenth);
    show("n/tenth", n / tenth);
    show("u", u);
    show("s", s);
    show("u+0.5", u + 0.5L);
    show("half", half(n));
    show("mix", mix(3, 0.1, tenth));
    show("p[1]", p[1]);
    show("*(p+2)", *(p + 2));
    show("intpart", (long double)(long long)(third * 1e6L));
    show("viafloat", (long double)(float)third);
    show("char", (long double)(char)(n * 9) + (unsigned char)250);
    for (i = 0; i < 5; i++) {
        long double y = a[i] - c, t = kahan + y;
        c = (t - kahan) - y;
        kahan = t;
        sum += a[i];
    }
    show("sum", sum);
    show("kahan", kahan);
    sum *= 3;
    show("sum*=3", sum);
    sum /= n;
    show("sum/=n", sum);
    sum -= d;
    show("sum-=d", sum);
    sum++;
    show("sum++", sum);
    --sum;
    show("--sum", sum);
    show("neg", -third);
    show("cond", n > 3 ? third : n);
    show("smp", smp.value);
    show("pr.hi", pr.hi + pr.lo);
    printf("cmp %d %d %d %d %d\n", third < 0.3333333333333333L, tenth == 0.1, tenth > d, (double)tenth == d, third != third);
    printf("to int %d %lld %llu %u\n", (int)(n / tenth), (long long)(-big / big * 1e18L), (unsigned long long)(u - 1.0L),
           (unsigned)(70000.75L));
    printf("to double %a %.17g %a\n", (double)third, (double)tenth, (float)third);
    printf("sizes %zu %zu %zu %zu\n", sizeof(long double), _Alignof(long double), sizeof smp, sizeof(struct pair));
    printf("offsets %zu %zu\n", offsetof(struct sample, value), offsetof(struct sample, count));
    printf("%Lf %Le %Lg %.30Lf\n", third, big, tiny, tenth);
    if (tenth)
        printf("true\n");
    return 0;
}
