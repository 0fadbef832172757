/* GNU statement expressions, as the side-effect-safe max macro writes them: in an assignment, a declaration, a
 * return, an if condition, call arguments, nested in each other, inside a loop over an array, and as a
 * statement of their own. */
#include <stdio.h>

#define max(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })
#define square_logged(x) ({ int _v = (x); calls++; _v * _v; })

static int calls;

static int largest(const int *v, int n)
{
    int best = v[0];
    for (int i = 1; i < n; i++)
        best = max(best, v[i]);
    return max(best, 0);
}

int main(void)
{
    int a = 3, b = 9, c = 4, v[5] = {5, -2, 11, 7, 0}, i;
    double d = 2.5;
    int m = max(a, b);
    int deep = max(max(a, c), max(b - 10, 1));
    double md = max(d, 1.25);
    if (max(a, c) > 3)
        printf("max(a, c) > 3\n");
    int sq = square_logged(a + 1);
    printf("%d %d %.2f %d %d\n", m, deep, md, largest(v, 5), sq);
    printf("%d\n", max(m, deep) * 2);
    ({ int t = a; a = b; b = t; });
    for (i = 0; i < 3; i++)
        v[i] = max(v[i], i * 4) + square_logged(i);
    printf("swapped %d %d; v %d %d %d; calls %d\n", a, b, v[0], v[1], v[2], calls);
    return 0;
}
