/* report.h is not included: the definition's parameters have no const */
#include <stdio.h>

void report(char *label, double *values, int n)
{
    int i;
    printf("%s:", label);
    for (i = 0; i < n; i++)
        printf(" %.2f", values[i]);
    printf("\n");
}
