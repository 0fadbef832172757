/* Calls through an implicit declaration (no prototype in scope, C89 style; gcc accepts with a warning) and
   through a K&R declaration without prototype, whose argument counts differ from the definitions in step.c.
   Each file of a C program is its own translation unit: the call is compiled without seeing the definition.
   The parameter a call leaves out is not read on the path the call takes, so gcc's build and the port agree
   (natively it would read whatever is in its register). PRK's amr calls time_step so. */
#include <stdio.h>

double scale();  /* K&R: declared, but without its parameters */

int main(void) {
    int cells = 10;
    long total = 0;
    int extras = 0;
    /* one argument too few: the last one (verbose) is read only when the first is negative */
    total += step(cells, 3, 2.5f);
    /* one argument too many: the extra one is evaluated (++extras), then dropped */
    total += step(cells, 4, 1.5f, 0, ++extras);
    printf("total %ld extras %d\n", total, extras);
    char c = 7;
    printf("scale %.3f\n", scale(c, 2.0f));  /* char and float are promoted, then converted to the parameters */
    printf("scale %.3f\n", scale(3));        /* the factor is missing: not read when the count is odd */
    return 0;
}
