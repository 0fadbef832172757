/* Assignments whose value a comma drops, nested deep in each other's operands: csmith's safe-math macros without
 * temporaries (--math-notmp, -DUSE_MATH_MACROS_NOTMP) store each operand in a variable first,
 * `(int32_t)(si1 = (a), si2 = (b), test ? si1 : si1 + si2)`, and nest twenty deep. Such a store is CExpr.Assign(ref
 * x, v) in the port (Roslyn's time grew exponentially with assignments nested in call arguments: 14 CPU s to compile
 * this depth-20 nest as `x = v`). The stores keep C's order and conversions: narrowing into a char, an unsigned
 * wrap, float, double and long double temporaries, a store whose value is the variable itself, a comma of commas. */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>

#define ADD(t1, a, t2, b) ((int)(t1 = (a), t2 = (b), \
    ((t1 > 0 && t2 > 0 && t1 > INT_MAX - t2) || (t1 < 0 && t2 < 0 && t1 < INT_MIN - t2)) ? t1 : t1 + t2))
#define MULU(u1, a, u2, b) ((uint32_t)(u1 = (a), u2 = (b), u1 * u2))
#define NARROW(c, a) ((int)(c = (a), c))
#define HALF(f, a) ((f = (a)), f / 2)

int main(void)
{
    int x = 7, t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14, t15, t16, t17, t18, t19;
    int u0, u1, u2, u3, u4, u5, u6, u7, u8, u9, u10, u11, u12, u13, u14, u15, u16, u17, u18, u19;
    int r = ADD(t19, ADD(t18, ADD(t17, ADD(t16, ADD(t15, ADD(t14, ADD(t13, ADD(t12, ADD(t11, ADD(t10,
            ADD(t9, ADD(t8, ADD(t7, ADD(t6, ADD(t5, ADD(t4, ADD(t3, ADD(t2, ADD(t1, ADD(t0, x, u0, INT_MAX - 3),
            u1, 1), u2, 2), u3, 3), u4, 4), u5, 5), u6, 6), u7, 7), u8, 8), u9, 9), u10, -10), u11, 11), u12, 12),
            u13, 13), u14, 14), u15, 15), u16, 16), u17, -17), u18, 18), u19, 19);
    printf("%d %d %d %d %d\n", r, t0, u0, t19, u19);

    uint32_t m1, m2, m3, m4;
    uint32_t w = MULU(m1, MULU(m3, 0x10001u, m4, 0x10001u), m2, 0xFFFFu);
    printf("%u %u %u\n", w, m1, m3);

    signed char c;
    unsigned char uc;
    int narrowed = NARROW(c, 300) + NARROW(uc, -1);
    printf("%d %d %d\n", narrowed, c, uc);

    float f;
    double d;
    long double ld;
    double halves = HALF(d, HALF(f, 3.0f) + HALF(ld, 10.0L));
    printf("%.3f %.3f %.3f %.3Lf\n", halves, f, d, ld);

    int a = 1, b = 2, k;
    k = (a = b, b = a + 5, (a = a), a + b);
    printf("%d %d %d\n", k, a, b);
    k = ((a = 10, b = 20), a * b);
    printf("%d\n", k);
    return 0;
}
