/* An integer carried through a `void *` with no threads: a callback's user data (`(void *)10L` given to a visitor
 * that reads `(long)data`), the same data passed on through another function and a function pointer variable, kept
 * in a `void *` local and compared with NULL, a `void *` result made from an integer and read back, and a truth
 * test of such a pointer. C converts the integer to a pointer and back, which gives the integer again
 * (passes/void_integers.py: these slots are C# nint). */
#include <stdio.h>

typedef void (*visit_fn)(int value, void *data);

static long total;

static void add_scaled(int value, void *data)
{
    long scale = (long)data;
    total += value * scale;
}

static void print_tagged(int value, void *data)
{
    if (data == NULL)
        printf("untagged %d\n", value);
    else
        printf("tag %d: %d\n", (int)(long)data, value);
}

static void for_each(const int *a, int n, visit_fn visit, void *data)
{
    int i;
    for (i = 0; i < n; i++)
        visit(a[i], data);
}

static void for_each_twice(const int *a, int n, visit_fn visit, void *data)
{
    void *same = data;
    for_each(a, n, visit, same);
    for_each(a, n, visit, same);
}

static void *code_of(int k)
{
    if (k < 0)
        return NULL;
    return (void *)(long)(k * 7 + 1);
}

int main(void)
{
    int a[4] = {3, 1, 4, 1};
    visit_fn shown = print_tagged;
    void *c;
    int k;

    for_each(a, 4, add_scaled, (void *)10L);
    for_each_twice(a, 4, add_scaled, (void *)-1L);
    printf("total %ld\n", total);
    for_each(a, 2, shown, (void *)42);
    for_each(a + 2, 2, shown, NULL);
    for (k = -1; k < 3; k++) {
        c = code_of(k);
        if (c)
            printf("code %d: %ld\n", k, (long)c);
        else
            printf("code %d: none\n", k);
    }
    return 0;
}
