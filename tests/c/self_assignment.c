/* A variable assigned to itself (csmith tier 3 seed 2700017: `int32_t *l_67 = (void*)0; l_67 = l_67;`): no effect in
 * C, and in the port C#'s warning CS1717 ("assignment made to same variable"), which made the compile check refuse the
 * translation as a cmpi defect. Locals, parameters, globals, pointers and structs; in parentheses and inside an
 * expression too (seed 2690011: `(p_100) = (p_100);`, `(l_1573 = l_1573) != ...`). */
#include <stdio.h>

struct pair { int a, b; };
static int counter = 3;
static struct pair global_pair = {1, 2};

static int twice(int n)
{
    (n) = (n);
    return 2 * n;
}

int main(void)
{
    int x = 5;
    int *p = 0;
    struct pair q = {7, 8};
    x = x;
    p = p;
    q = q;
    counter = counter;
    global_pair = global_pair;
    q.a = q.a;
    int y = (x = x) + 1;
    int same = (p = p) == 0;
    printf("%d %d %d %d %d %d %d %d\n", x, p == 0, q.a + q.b, counter, global_pair.b, twice(21), y, same);
    return 0;
}
