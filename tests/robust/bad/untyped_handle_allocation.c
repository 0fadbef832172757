/* malloc into a `void *` array element the port keeps as a handle, sized in pointers (`4 * sizeof p`): bytes
 * cannot hold the pointers the program will store there, so a located error naming the allocation (real13; before,
 * "no translation for the library function 'malloc'", as if malloc were unknown). */
#include <stdlib.h>
int main(void)
{
    void *table[2];
    int *p;
    table[0] = malloc(4 * sizeof p);
    free(table[0]);
    return 0;
}
