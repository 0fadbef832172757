/* Function pointers whose C type takes `void *` (qsort's comparator type) held in variables and parameters:
 * a comparator chosen at run time, passed to qsort and bsearch and to a sort of the program's own, called
 * through the pointer; each takes the parameter types of the functions stored in it. */
#include <stdio.h>
#include <stdlib.h>

typedef int (*cmp_fn)(const void *, const void *);

struct item { int key; double weight; };

static int ascending(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int descending(const void *a, const void *b) { return ascending(b, a); }

static int by_weight(const void *a, const void *b)
{
    const struct item *x = a, *y = b;
    return (x->weight > y->weight) - (x->weight < y->weight);
}

static void insertion_sort(int *v, int n, cmp_fn cmp)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && cmp(&v[j - 1], &v[j]) > 0; j--) {
            int t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
}

static int is_sorted(const int *v, int n, int (*cmp)(const void *, const void *))
{
    for (int i = 1; i < n; i++)
        if (cmp(v + i - 1, v + i) > 0)
            return 0;
    return 1;
}

static void show(const char *label, const int *v, int n)
{
    printf("%-10s", label);
    for (int i = 0; i < n; i++)
        printf(" %d", v[i]);
    printf("\n");
}

int main(int argc, char **argv)
{
    int v[8] = {3, 1, 4, 1, 5, 9, 2, 6}, key = 5, i;
    cmp_fn order = argc > 1 ? descending : ascending;
    qsort(v, 8, sizeof(int), order);
    show("qsort", v, 8);
    int *found = bsearch(&key, v, 8, sizeof(int), order);
    printf("found %d at %d; sorted %d %d\n", key, found ? (int)(found - v) : -1, is_sorted(v, 8, order),
           is_sorted(v, 8, descending));
    order = descending;
    insertion_sort(v, 8, order);
    show("insertion", v, 8);
    qsort(v, 8, sizeof(int), argc > 5 ? descending : ascending);
    show("again", v, 8);

    struct item items[4] = {{1, 2.5}, {2, 0.5}, {3, 1.5}, {4, -1.0}};
    cmp_fn heavy = by_weight;
    qsort(items, 4, sizeof(struct item), heavy);
    for (i = 0; i < 4; i++)
        printf("%d:%.1f ", items[i].key, items[i].weight);
    printf("\n");
    return 0;
}
