/* A `void *` parameter given an integer at one call (`(void *)7`) and an address at another (`&x`), read back as
 * an integer: C prints the number and an address. The port carries an integer in a `void *` only where every value
 * it holds is one (passes/void_integers.py); here the cast of the integer is a located error. */
#include <stdio.h>
static void show(void *p) { printf("%d\n", (long)p == 7); }
int main(void)
{
    int x = 1;
    show((void *)7);
    show(&x);
    return 0;
}
