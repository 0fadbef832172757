/* The NPB-style end-of-run report, printed by rank 0. Timing-dependent
 * values are only on the lines that start with " Time in seconds =" and
 * " Mop/s", so a test can mask exactly those. */
#ifndef NPB_PRINT_RESULTS_H
#define NPB_PRINT_RESULTS_H

/* n2 == 0 and n3 == 0: a 1-D size n1; otherwise an n1 x n2 x n3 grid. */
void print_results(const char *name, char class_id, int n1, int n2, int n3,
                   int niter, int nprocs, double seconds, double mops,
                   const char *optype, int verified);

#endif
