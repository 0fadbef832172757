/* The NPB report. It ends with the verification line, the one a reader and
 * a test look for. */
#include <stdio.h>
#include "print_results.h"

void print_results(const char *name, char class_id, int n1, int n2, int n3,
                   int niter, int nprocs, double seconds, double mops,
                   const char *optype, int verified)
{
    printf("\n\n %s Benchmark Completed.\n", name);
    printf(" Class           =             %12c\n", class_id);
    if (n2 == 0 && n3 == 0)
        printf(" Size            =             %12d\n", n1);
    else
        printf(" Size            =           %4dx%4dx%4d\n", n1, n2, n3);
    printf(" Iterations      =             %12d\n", niter);
    printf(" Total processes =             %12d\n", nprocs);
    printf(" Time in seconds =             %12.2f\n", seconds);
    printf(" Mop/s total     =             %12.2f\n", mops);
    printf(" Mop/s/process   =             %12.2f\n", mops / (double)nprocs);
    printf(" Operation type  = %24s\n", optype);
    printf(" Version         =             %12s\n", "3.3-cmpi");
    if (verified)
        printf(" Verification    =               SUCCESSFUL\n");
    else
        printf(" Verification    =             UNSUCCESSFUL\n");
}
