/* NPB EP (embarrassingly parallel), written for cmpi from the NPB 3.3
 * definition: generate 2^(M+1) uniform numbers with randlc (seed 271828183),
 * turn pairs into Gaussian deviates by the Marsaglia polar method, and count
 * them in square annuli. The 2^(M-MK) blocks of 2^MK pairs are shared out
 * among the ranks; each block starts from a seed found by jumping ahead in
 * the sequence, so the result does not depend on the number of ranks apart
 * from the order of the final sums. Verified on sx and sy. */
#include <stdio.h>
#include <math.h>
#include <mpi.h>
#include "npbparams.h"
#include "randdp.h"
#include "c_timers.h"
#include "print_results.h"

#define MK 16
#define MM (M - MK)
#define NN (1 << MM)          /* number of blocks */
#define NK (1 << MK)          /* pairs per block */
#define NQ 10                 /* number of annuli counted */
#define EPSILON 1.0e-8
#define A_MULT 1220703125.0
#define SEED 271828183.0

static double x[2 * NK];      /* one block of uniform numbers */
static double q[NQ];          /* this rank's annulus counts */
static double q_total[NQ];    /* summed over ranks */

static double larger(double a, double b)
{
    return a > b ? a : b;
}

/* a^(2 NK): the multiplier that jumps one whole block ahead. */
static double block_multiplier(void)
{
    double t1 = A_MULT;
    int i;

    for (i = 0; i < MK + 1; i++)
        randlc(&t1, t1);
    return t1;
}

/* The seed of block kk (0-based): SEED * an^kk by binary powering. */
static double block_seed(int kk, double an)
{
    double t1 = SEED;
    double t2 = an;
    int ik;

    while (kk != 0) {
        ik = kk / 2;
        if (2 * ik != kk)
            randlc(&t1, t2);
        randlc(&t2, t2);
        kk = ik;
    }
    return t1;
}

/* Generate block kk and add its Gaussian pairs to the sums and counts. */
static void do_block(int kk, double an, double *sx, double *sy)
{
    double seed = block_seed(kk, an);
    double x1, x2, t1, t2, t3, t4;
    int i, l;

    vranlc(2 * NK, &seed, A_MULT, x);
    for (i = 0; i < NK; i++) {
        x1 = 2.0 * x[2 * i] - 1.0;
        x2 = 2.0 * x[2 * i + 1] - 1.0;
        t1 = x1 * x1 + x2 * x2;
        if (t1 <= 1.0) {
            t2 = sqrt(-2.0 * log(t1) / t1);
            t3 = x1 * t2;
            t4 = x2 * t2;
            l = (int)larger(fabs(t3), fabs(t4));
            q[l] += 1.0;
            *sx += t3;
            *sy += t4;
        }
    }
}

int main(int argc, char **argv)
{
    int rank, nprocs, i, k, first_block, nblocks, extra, verified;
    double an, sx, sy, sums[2], sums_total[2], gc, seconds, tmax, mops;
    double sx_err, sy_err;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        printf("\n\n NAS Parallel Benchmarks 3.3 -- EP Benchmark (cmpi C+MPI)\n\n");
        printf(" Number of random numbers generated: %15d\n", 2 * NN * NK);
        printf(" Number of active processes:         %15d\n", nprocs);
    }

    /* Blocks are dealt out in contiguous runs; the first `extra` ranks
     * take one block more. */
    nblocks = NN / nprocs;
    extra = NN % nprocs;
    if (rank < extra) {
        nblocks = nblocks + 1;
        first_block = rank * nblocks;
    } else {
        first_block = extra * (nblocks + 1) + (rank - extra) * nblocks;
    }

    an = block_multiplier();
    sx = 0.0;
    sy = 0.0;
    for (i = 0; i < NQ; i++)
        q[i] = 0.0;

    MPI_Barrier(MPI_COMM_WORLD);
    timer_clear(0);
    timer_start(0);

    for (k = 0; k < nblocks; k++)
        do_block(first_block + k, an, &sx, &sy);

    sums[0] = sx;
    sums[1] = sy;
    MPI_Allreduce(sums, sums_total, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(q, q_total, NQ, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    sx = sums_total[0];
    sy = sums_total[1];

    timer_stop(0);
    seconds = timer_read(0);
    MPI_Reduce(&seconds, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    MPI_Bcast(&tmax, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);

    gc = 0.0;
    for (i = 0; i < NQ; i++)
        gc += q_total[i];

    sx_err = fabs((sx - SX_VERIFY_VALUE) / SX_VERIFY_VALUE);
    sy_err = fabs((sy - SY_VERIFY_VALUE) / SY_VERIFY_VALUE);
    verified = sx_err <= EPSILON && sy_err <= EPSILON;

    if (rank == 0) {
        mops = tmax > 0.0 ? pow(2.0, M + 1) / tmax / 1000000.0 : 0.0;
        printf(" EP Benchmark Results:\n\n");
        printf(" N = 2^%5d\n", M);
        printf(" No. Gaussian Pairs = %15.0f\n", gc);
        printf(" Sums = %25.15e %25.15e\n", sx, sy);
        printf(" Counts: \n");
        for (i = 0; i < NQ; i++)
            printf("%3d%15.0f\n", i, q_total[i]);
        printf(" Relative errors: sx %.3e, sy %.3e (tolerance %.1e)\n",
               sx_err, sy_err, EPSILON);
        print_results("EP", CLASS_CHAR, 1 << (M + 1), 0, 0, 0, nprocs, tmax, mops,
                      "Random numbers generated", verified);
    }

    MPI_Finalize();
    return 0;
}
