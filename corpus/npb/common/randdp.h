/* NPB pseudo-random numbers: the linear congruential generator
 * x(k+1) = a * x(k) mod 2^46, returned as x(k+1) * 2^-46 in (0, 1).
 * a = 5^13 in every kernel. All intermediates are exact integers below
 * 2^53, so the sequence is the same on any IEEE double machine. */
#ifndef NPB_RANDDP_H
#define NPB_RANDDP_H

double randlc(double *x, double a);
void vranlc(int n, double *x, double a, double y[]);

#endif
