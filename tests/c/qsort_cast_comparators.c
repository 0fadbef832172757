/* qsort as older C codes call it (sample sorts, bucket sorts and the textbooks' "generic" sorts): the comparator
 * passed through a cast to qsort's own type, a comparator of typed parameters cast to it, an old-style (K&R)
 * comparator `int cmp(a, b) char *a, *b;` cast to `int (*)()` or to qsort's type, the array given as `(char *)`
 * or `(void *)`, and an array of strings sorted through `(void **)`. Each result is printed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 9

static int cmp_void(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int cmp_typed(const double *a, const double *b)
{
    return *a < *b ? -1 : *a > *b;
}

static int cmp_old(a, b)
char *a, *b;
{
    return *(long *)a < *(long *)b ? 1 : *(long *)a > *(long *)b ? -1 : 0; /* descending */
}

static int cmp_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

typedef int (*compare_fn)(const void *, const void *);

static void show_ints(const char *what, const int *v, int n)
{
    printf("%s:", what);
    for (int i = 0; i < n; i++)
        printf(" %d", v[i]);
    printf("\n");
}

int main(void)
{
    int a[N] = {5, -3, 9, 0, 12, 7, -8, 3, 3};
    int c[N];
    double d[N] = {2.5, -1.0, 0.125, 9.75, 3.0, -4.5, 0.0, 8.0, 1.5};
    long l[N] = {40, 10, 90, 20, 70, 30, 60, 50, 80};
    char *names[] = {"pear", "apple", "fig", "kiwi", "banana", "cherry"};
    int nn = sizeof names / sizeof names[0], i;

    memcpy(c, a, sizeof a);
    qsort(a, N, sizeof(int), (int (*)(const void *, const void *))cmp_void);
    show_ints("cast to its own type", a, N);

    qsort((char *)c, N, sizeof c[0], (compare_fn)cmp_void);
    show_ints("through a typedef, (char *) array", c, N);

    qsort((void *)d, N, sizeof(double), (int (*)(const void *, const void *))cmp_typed);
    printf("typed parameters:");
    for (i = 0; i < N; i++)
        printf(" %g", d[i]);
    printf("\n");

    qsort((char *)l, N, sizeof(long), (int (*)())cmp_old);
    printf("old-style, int (*)():");
    for (i = 0; i < N; i++)
        printf(" %ld", l[i]);
    printf("\n");

    l[0] = 55;
    qsort(l, N, sizeof(long), (int (*)(const void *, const void *))cmp_old);
    printf("old-style, qsort's type:");
    for (i = 0; i < N; i++)
        printf(" %ld", l[i]);
    printf("\n");

    qsort((void **)names, nn, sizeof(char *), cmp_strings);
    printf("strings through (void **):");
    for (i = 0; i < nn; i++)
        printf(" %s", names[i]);
    printf("\n");
    return 0;
}
