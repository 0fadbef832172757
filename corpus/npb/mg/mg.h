/* MG's grids: level k (1..LT) has n = 2^k points per side, stored with one
 * ghost layer on every face as a 1-D array, index i1 + m1 * (i2 + m2 * i3)
 * with m1 = m2 = n + 2 and m3 = (my planes) + 2.
 *
 * A level is distributed over the ranks in slabs of z planes when it has at
 * least 2 planes per rank; coarser levels are replicated: every rank holds
 * and computes all of them. zoff[k] is the global index of my local plane 0
 * (global interior planes are 1..n), planes[k] my interior plane count. */
#ifndef NPB_MG_H
#define NPB_MG_H

#include "npbparams.h"

#define M1MAX (NX + 2)
/* u and r hold every level; the coarser ones add less than a quarter. */
#define NR ((NX + 2) * (NX + 2) * (NX + 2) + (NX + 2) * (NX + 2) * (NX + 2) / 4)
#define NV ((NX + 2) * (NX + 2) * (NX + 2))

extern int mg_rank, mg_size;
extern int m1[LT + 1], m2[LT + 1], m3[LT + 1];
extern int planes[LT + 1], zoff[LT + 1], distributed[LT + 1];
extern int level_offset[LT + 1];

void setup_levels(void);
void zero3(double a[], int off, int k);
void comm3(double a[], int off, int k);
void gather_planes(double a[], int off, int k, int planes_per_rank);

void resid(double u[], int uo, double v[], int vo, double r[], int ro, int k);
void psinv(double r[], int ro, double u[], int uo, int k);
void rprj3(double r[], int ro, int k, double s[], int so);
void interp(double z[], int zo, int j, double u[], int uo);

#endif
