/* Signed overflow in constant expressions (no -fwrapv): undefined in C, and gcc folds it modulo 2^n with a warning, at
 * -O0 as at -O2: INT_MAX + 1 is INT_MIN, -INT_MIN is INT_MIN, INT_MIN / -1 folds to INT_MIN (no trap: nothing divides
 * at run time) and INT_MIN % -1 to 0. C# rejects an overflowing constant unless unchecked (CS0220: `-int.MinValue`). */
#include <limits.h>
#include <stdio.h>

enum { WRAPPED = INT_MAX + 1, NEGATED_MIN = -INT_MIN };
static const int doubled = INT_MAX * 2;
static int table[] = {INT_MIN - 1, -INT_MIN, LLONG_MAX + 1 > 0, -(-2147483647 - 1), INT_MIN / -1, INT_MIN % -1};
static long long wide[] = {LLONG_MAX + 1, -LLONG_MIN, LLONG_MIN / -1, LLONG_MIN % -1, -(-9223372036854775807LL - 1)};

int main(void)
{
    long long z = LLONG_MAX + 1LL;
    int w = 65536 * 65536, q = INT_MIN / -1, r = INT_MIN % -1;
    short t = (short)(SHRT_MAX + 1);
    printf("%d %d %d\n", WRAPPED, NEGATED_MIN, doubled);
    printf("%d %d %d %d %d %d\n", table[0], table[1], table[2], table[3], table[4], table[5]);
    printf("%lld %lld %lld %lld %lld\n", wide[0], wide[1], wide[2], wide[3], wide[4]);
    printf("%lld %d %d %d %d\n", z, w, q, r, t);
    printf("%d %lld %d\n", INT_MAX + 1, (long long)(INT_MAX + 1), -INT_MIN == INT_MIN);
    return 0;
}
