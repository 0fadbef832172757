/* CG's sparse matrix: generation and product, for the rows this rank owns. */
#ifndef NPB_CG_H
#define NPB_CG_H

/* Build rows [lo, hi) of NPB's matrix A (every rank draws the whole random
 * sequence; it keeps only its rows). */
void makea(int lo, int hi);

/* result[j] = (A v)[j] for my rows j in [lo, hi); v must be whole. */
void matvec(const double v[], double result[]);

#endif
