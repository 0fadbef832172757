/* C99 math beyond the basics (remainder, exp2, inverse hyperbolics, fma, float versions), strndup/strnlen,
 * strcasecmp/strncasecmp, aligned_alloc and posix_memalign (EINVAL for a bad alignment), getline/getdelim. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <math.h>

int main(void)
{
    /* volatile: gcc folds math calls on constants with correctly rounded results, glibc's may differ by an
     * ulp, and a program's data are not constants */
    volatile double v[] = {0.5, -2.25, 1e300 * 1e10, -0.0, 3.0, 0.3, 0.7, 1.7};
    volatile float fl[] = {2.5f, -3.5f, 7.5f, 0.5f, 27.5f, 10.0f};
    int i;
    for (i = 0; i < 5; i++)
        printf("%g: nan %d inf %d finite %d sign %d\n", v[i], isnan(v[i]) != 0, isinf(v[i]) != 0,
               isfinite(v[i]) != 0, signbit(v[i]) != 0);
    printf("%.17g %.17g %.17g\n", remainder(10.5, 3.0), remainder(-7.0, 2.0), remainder(5.5, 1.0));
    for (i = -3; i <= 3; i++)
        printf("exp2(%.2f) = %.17g\n", i * v[6], exp2(i * v[6]));
    printf("%.17g %.17g %.17g\n", asinh(v[6]), acosh(v[7]), atanh(v[5]));
    printf("%.17g %.17g\n", fma(1.1, 2.2, 3.3), fma(0.1, 10.0, -1.0));
    printf("%.9g %.9g %.9g %.9g\n", roundf(fl[0]), roundf(fl[1]), fmodf(fl[2], 2.0f), fmodf(-fl[2], 2.0f));
    printf("%.9g %.9g %.9g %.9g\n", tanf(fl[3]), atan2f(1.0f, fl[0]), hypotf(3.0f, fl[0]), cbrtf(fl[4]));
    printf("%.9g %.9g %.9g %.9g\n", fmaxf(fl[0], NAN), fminf(-0.0f, 0.0f), truncf(-fl[0]), log2f(fl[5]));

    char *d = strndup("hello world", 5);
    printf("[%s] %zu %zu\n", d, strnlen("abcdef", 3), strnlen("ab", 10));
    free(d);
    printf("%d %d %d %d\n", strcasecmp("HeLLo", "hello"), strcasecmp("abc", "ABD") < 0,
           strncasecmp("ABCx", "abcy", 3), strncasecmp("ABCx", "abcy", 4) < 0);

    double *p = NULL;
    if (posix_memalign((void **)&p, 64, 8 * sizeof(double)) == 0) {
        p[7] = 1.5;
        printf("posix_memalign: %g %g\n", p[0], p[7]);
        free(p);
    }
    int *bad = NULL;
    printf("bad alignment: %d\n", posix_memalign((void **)&bad, 3, 16));
    float *q = aligned_alloc(32, 16 * sizeof(float));
    q[3] = 2.5f;
    printf("aligned_alloc: %g\n", q[3]);
    free(q);

    FILE *f = fopen("getline_test.txt", "w");
    fputs("first line\nsecond, longer line of text\n\nlast without newline", f);
    fclose(f);
    f = fopen("getline_test.txt", "r");
    char *line = NULL;
    size_t cap = 0;
    long n;
    while ((n = getline(&line, &cap, f)) != -1)
        printf("%ld [%.*s]\n", n, (int)strcspn(line, "\n"), line);
    rewind(f);
    while ((n = getdelim(&line, &cap, ',', f)) != -1)
        printf("field of %ld\n", n);
    free(line);
    fclose(f);
    remove("getline_test.txt");
    return 0;
}
