/* A pointer parameter its function uses only as *p (or never) is a C# `ref` parameter; passing a pointer does not
 * dereference it in C, so a NULL one may go to such a parameter when the callee never uses it, uses it on a branch
 * not taken, or hands it on to one that does not (csmith seed 777013: `func_50(p_27, g_85 = func_53(l_30, ...))`
 * with l_30 NULL). The port must fault only where the callee reads through the pointer, as C does. */
#include <stdio.h>

static int *first_of(int *p, int *unused) { return p; }

static int bump_if(int flag, int *p)
{
    if (flag)
        *p += 1;
    return flag;
}

static int hand_on(int *q)
{
    int x = 5;
    first_of(&x, q);
    return x;
}

static int *nothing(void) { return (void *)0; }

/* `int **` used only as *pp: a ref to a pointer; the caller's `int **` is held as an array of pointers (csmith seed
 * 778025) */
static int pick(int flag, int **pp) { return flag ? **pp : -1; }

int main(void)
{
    int *none = (void *)0;
    int v = 3;
    int *got = first_of(&v, none);
    printf("%d\n", *got);
    printf("%d %d\n", bump_if(0, none), bump_if(0, nothing()));
    int bumped = bump_if(1, &v);
    printf("%d %d\n", bumped, v);
    printf("%d %d\n", hand_on(none), hand_on(nothing()));
    int *arr[2] = {none, &v};
    printf("%d %d\n", bump_if(0, arr[0]), bump_if(1, arr[1]));
    int **holder = &arr[1];
    int **empty = (void *)0;
    printf("%d %d\n", pick(1, holder), pick(0, empty));
    printf("%d\n", v);
    return 0;
}
