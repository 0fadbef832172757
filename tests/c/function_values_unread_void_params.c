/* Functions stored in one function pointer share its delegate type: a `void *` parameter one of them never reads
 * takes the type its siblings read at that position (a comparator ignoring its first argument beside one that
 * reads both, and a wrapper calling it with the arguments swapped), and a callback whose `void *` context nobody
 * reads at all is still a delegate's target with a type of its own (fuzz seed 8 input 2519: a type parameter of
 * the function leaked into the delegate, CS0246). */
#include <stdio.h>
#include <stdlib.h>

typedef int (*cmp_fn)(const void *, const void *);
typedef int (*visit_fn)(void *ctx, int x);

static int pivot = 5;

static int against_pivot(const void *a, const void *b)
{
    int y = *(const int *)b;
    return (pivot > y) - (pivot < y);
}

static int reversed(const void *a, const void *b) { return against_pivot(b, a); }

static int ascending(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int positive(void *ctx, int x) { return x > 0; }

static int count_if(visit_fn f, void *ctx, const int *v, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        k += f(ctx, v[i]);
    return k;
}

int main(int argc, char **argv)
{
    int v[] = {7, -2, 5, 3, 9, -8, 1};
    int n = (int)(sizeof v / sizeof v[0]);
    cmp_fn order = argc > 5 ? reversed : argc > 4 ? against_pivot : ascending;
    qsort(v, n, sizeof v[0], order);
    for (int i = 0; i < n; i++)
        printf("%d%c", v[i], i + 1 < n ? ' ' : '\n');
    printf("against pivot: %d %d\n", against_pivot(&v[0], &v[3]), reversed(&v[3], &v[0]));
    int key = 5;
    int *hit = bsearch(&key, v, n, sizeof v[0], ascending);
    printf("found %d at %d\n", hit ? *hit : -1, hit ? (int)(hit - v) : -1);
    printf("positive: %d\n", count_if(positive, NULL, v, n));
    return 0;
}
