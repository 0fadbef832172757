/* A comma expression whose value is a null `void *` (csmith --no-safe-math seed 2520018:
 * `((g = x, p_94) >> 7, (void*)0) == (void*)0` inside arithmetic): the left side runs, the comparison is with a
 * null pointer, as a statement, in a condition and as an operand of arithmetic. */
#include <stdio.h>
#include <stddef.h>

static int g_count;

static int bump(void)
{
    return ++g_count;
}

int main(void)
{
    int x = 0;
    int equal = ((x = 3), (void *)0) == (void *)0;
    int differ = (bump(), (void *)0) != NULL;
    long sum = 5L * ((x++, (void *)0) == (void *)0) + ((bump(), (void *)0) == NULL);

    if ((bump(), (void *)0) == (void *)0)
        printf("taken\n");
    printf("%d %d %d %ld %d\n", x, equal, differ, sum, g_count);
    return 0;
}
