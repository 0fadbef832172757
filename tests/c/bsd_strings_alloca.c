/* strsep (empty fields kept), stpcpy, index/rindex, bcmp, alloca, and long double math names (sqrtl, fabsl: gcc's
 * 80-bit results; tests/c/long_double_math.c has the others). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <alloca.h>
#include <math.h>

static double mean(int n)
{
    double *v = alloca(n * sizeof(double)), s = 0;
    int i;
    for (i = 0; i < n; i++)
        v[i] = i * 1.5;
    for (i = 0; i < n; i++)
        s += v[i];
    return s / n;
}

int main(void)
{
    char line[] = "name,,42,,x", *rest = line, *field, buf[64], *end;
    int n = 0;
    while ((field = strsep(&rest, ",")) != NULL)
        printf("field %d: '%s'\n", n++, field);
    printf("rest is %s\n", rest == NULL ? "NULL" : rest);
    end = stpcpy(buf, "abc");
    end = stpcpy(end, "-def");
    printf("%s %ld\n", buf, (long)(end - buf));
    printf("%s %s %d %d\n", index(buf, 'c'), rindex("a/b/c", '/'), bcmp("abc", "abd", 3) != 0, bcmp("ab", "ab", 2));
    printf("%.2f %.2f\n", mean(4), mean(9));
    printf("%.6Lf %.3Lf %.21Lg\n", sqrtl(2.0L), fabsl(-2.25L), sqrtl(0.5L));
    return 0;
}
