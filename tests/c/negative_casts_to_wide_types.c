/* A cast to long double or __int128 of an operand C writes with a leading minus or plus (`(long double)-0.0`): C#
 * reads `(CLongDouble)-0.0` and `(Int128)-5` as subtractions (CS0075), so the operand is parenthesized, as it is for
 * double complex. */
#include <stdio.h>

int main(void)
{
    long double a = (long double)-0.0;
    long double b = (long double)-1;
    long double c = (long double)+2.5;
    long double d = (long double)-a * 3;
    __int128 e = (__int128)-5;
    __int128 f = (__int128)-7 * 3;
    unsigned __int128 g = (unsigned __int128)-1 >> 100;
    int n = 4;
    long double h = (long double)-n / 8;
    __int128 k = (__int128)-n << 70;
    printf("%Lf %Lf %Lf %Lf %Lg\n", a, b, c, d, h);
    printf("%lld %lld %llu %lld\n", (long long)e, (long long)f, (unsigned long long)g, (long long)(k >> 64));
    printf("[%Lf][%Lg][%Le]\n", (long double)-0.0, (long double)-1e300 * 1e300, (long double)-2.5);
    return 0;
}
