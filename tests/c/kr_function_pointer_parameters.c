/* K&R definitions with struct, pointer and function-pointer parameters (`int (*f)();`, no parameter types: the
 * delegate takes those of the function stored in it, where `Func<int>` took none, CS1593), an array parameter, a
 * `register` parameter, and calls to a K&R function through a pointer and before its definition. */
#include <stdio.h>

struct pt { int x, y; };

int apply();

static int add1(v) int v; { return v + 1; }

int manhattan(a, b)
struct pt a, *b;
{
    int dx = a.x - b->x, dy = a.y - b->y;
    return (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy);
}

int apply(f, v, times)
int (*f)();
int v;
register int times;
{
    while (times-- > 0) v = (*f)(v);
    return v;
}

long sum(arr, n)
long arr[];
int n;
{
    long s = 0;
    while (n--) s += *arr++;
    return s;
}

int main() {
    struct pt p = {1, 2}, q = {4, -2};
    long vals[4] = {10, 20, 30, 40};
    int (*g)() = add1;
    printf("%d %d %ld %d\n", manhattan(p, &q), apply(add1, 5, 3), sum(vals, 4), apply(g, 0, 10));
    return 0;
}
