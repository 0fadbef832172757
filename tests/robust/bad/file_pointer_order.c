/* An ordering comparison of a FILE * (IOR's utilities.c: `if (ot->fd < 0)` after fopen, a descriptor's test on a
 * stream): an internal error before, now a located one. */
#include <stdio.h>
int main(void) {
    FILE *f = fopen("/tmp/cmpi_file_pointer_order", "w");
    if (f < 0)
        return 1;
    fclose(f);
    return 0;
}
