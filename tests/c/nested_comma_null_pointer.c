/* A comma expression whose right side is another comma ending in a null `void *` (csmith tier 3 seed 2700017:
 * `(((l_119++), l_119), ((g_75[2][0][1].f2 = ...) < p_42) != K, (void*)0)) != (void*)0`): the outer comma gave its
 * right side the type of a bare null and dropped the inner comma with it, so the assignment in it never happened. */
#include <stdio.h>

static int g, h;
static short field_like[3];

static void *touch(int v)
{
    h += v;
    return 0;
}

int main(void)
{
    int r = (((g++), g), (((h = 5) < g) != 3, (void *)0)) != (void *)0;
    printf("%d %d %d\n", r, g, h);
    int q = (g, (h++, (g = 9, (void *)0))) == (void *)0;
    printf("%d %d %d\n", q, g, h);
    void *p = (g--, (field_like[1] = 4, (void *)0));
    printf("%d %d %d\n", p == 0, g, field_like[1]);
    int s = (h, (g, touch(2))) == (void *)0;
    printf("%d %d\n", s, h);
    return 0;
}
