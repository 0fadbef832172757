/* Declarations of one function that differ, file to file, only in the const or volatile of what a parameter or the
 * result points to (SciNet's hydro: ppm.h declares `outputppm_mpiio(..., const char *filename, ...)`, ppm.c, which
 * does not include it, defines it with `char *`). C compiles each file alone, and the linker binds the calls to the
 * one definition; read as one unit, clang refused the definition ("conflicting types"). The reader blanks those
 * qualifiers in every declaration of the function (reader/prototype_qualifiers.py): the port's types drop them. */
#include <stdio.h>
#include "report.h"

double total(double *values, int n);      /* sums.c defines it with `const double *values` */
char *unit_of(int which);                 /* sums.c defines `const char *unit_of(int which)` */

int main(void)
{
    double values[4] = {1.5, 2.25, -0.5, 4.0};
    const char *label = "values";
    report(label, values, 4);
    printf("total %g %s\n", total(values, 4), unit_of(1));
    printf("unit %s\n", unit_of(0));
    return 0;
}
