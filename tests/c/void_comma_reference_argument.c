/* A comma ending in a `void *` given to a pointer parameter its function uses only as `*p` (a C# ref parameter; csmith
 * --paranoid seed 2690011: `func_38(l_1652, p_91, ((*l_110), (void*)0), ...)`): the argument was `object[0]` (CS0021,
 * an exit-0 translation that did not compile). The pointer the comma gives, NULL or an object's address, is the
 * parameter's. */
#include <stdio.h>
#include <stdint.h>

static int calls;

static int peek(int8_t *p, int use)
{
    calls++;
    return use ? *p : -1;
}

int main(void)
{
    int8_t v = 42;
    int g = 0;
    int a = peek((g++, (void *)0), 0);
    int b = peek((g++, (void *)&v), 1);
    printf("%d %d %d %d\n", a, b, g, calls);
    return 0;
}
