/* NPB CG (conjugate gradient), written for cmpi from the NPB 3.3 definition.
 *
 * The inverse power method estimates the smallest eigenvalue of a random
 * sparse symmetric positive definite matrix A (order NA): each of NITER outer
 * iterations solves A z = x with 25 unpreconditioned CG steps, then
 * zeta = SHIFT + 1 / (x . z) and x = z / |z|. Verified on the last zeta.
 *
 * A is NPB's makea (makea.c): the sum over i = 1..NA of ratio^(i-1) v_i v_i^T
 * for random sparse vectors v_i, plus (RCOND - SHIFT) on the diagonal.
 * Rank r owns a contiguous block of rows. A matrix-vector product needs the
 * whole vector, which the ranks assemble by recursive doubling, and dot
 * products are summed the same way (Send/Irecv/Wait), so every rank ends
 * with bit-identical sums. */
#include <stdio.h>
#include <math.h>
#include <mpi.h>
#include "npbparams.h"
#include "cg.h"
#include "c_timers.h"
#include "print_results.h"

#define CG_STEPS 25
#define EPSILON 1.0e-10
#define TAG_GATHER 2000
#define TAG_SUM 2001

/* Global vectors (length NA); each rank computes its own rows only. */
static double x[NA];
static double z[NA];
static double p[NA];
static double q[NA];
static double r[NA];

static int my_rank, comm_size;

/* First row of rank `rank`'s block (rank == comm_size gives NA). */
static int block_start(int rank)
{
    return (int)((long)rank * NA / comm_size);
}

/* Make v[] whole on every rank: at each doubling step exchange the rows of
 * my group of ranks for those of the partner group. */
static void allgather_vector(double v[])
{
    int dist, partner, my_lo, my_hi, their_lo, their_hi;
    MPI_Request request;
    MPI_Status status;

    for (dist = 1; dist < comm_size; dist *= 2) {
        partner = my_rank ^ dist;
        my_lo = block_start(my_rank & ~(dist - 1));
        my_hi = block_start((my_rank & ~(dist - 1)) + dist);
        their_lo = block_start(partner & ~(dist - 1));
        their_hi = block_start((partner & ~(dist - 1)) + dist);
        MPI_Irecv(&v[their_lo], their_hi - their_lo, MPI_DOUBLE, partner, TAG_GATHER,
                  MPI_COMM_WORLD, &request);
        MPI_Send(&v[my_lo], my_hi - my_lo, MPI_DOUBLE, partner, TAG_GATHER, MPI_COMM_WORLD);
        MPI_Wait(&request, &status);
    }
}

/* Sum s[0..n-1] over all ranks by recursive doubling; a + b == b + a, so
 * both partners of a step hold the same sums afterwards. */
static void global_sum(double s[], int n)
{
    double other[2];
    int dist, partner, i;
    MPI_Request request;
    MPI_Status status;

    for (dist = 1; dist < comm_size; dist *= 2) {
        partner = my_rank ^ dist;
        MPI_Irecv(other, n, MPI_DOUBLE, partner, TAG_SUM, MPI_COMM_WORLD, &request);
        MPI_Send(s, n, MPI_DOUBLE, partner, TAG_SUM, MPI_COMM_WORLD);
        MPI_Wait(&request, &status);
        for (i = 0; i < n; i++)
            s[i] = s[i] + other[i];
    }
}

static double dot(const double u[], const double v[], int lo, int hi)
{
    double s[1];
    int j;

    s[0] = 0.0;
    for (j = lo; j < hi; j++)
        s[0] = s[0] + u[j] * v[j];
    global_sum(s, 1);
    return s[0];
}

/* 25 CG steps on A z = x from z = 0; returns |x - A z|. */
static double conj_grad(int lo, int hi)
{
    double rho, rho0, d, alpha, beta, sum[1], diff;
    int j, step;

    for (j = lo; j < hi; j++) {
        q[j] = 0.0;
        z[j] = 0.0;
        r[j] = x[j];
        p[j] = r[j];
    }
    rho = dot(r, r, lo, hi);

    for (step = 1; step <= CG_STEPS; step++) {
        allgather_vector(p);
        matvec(p, q);
        d = dot(p, q, lo, hi);
        alpha = rho / d;
        rho0 = rho;
        for (j = lo; j < hi; j++) {
            z[j] = z[j] + alpha * p[j];
            r[j] = r[j] - alpha * q[j];
        }
        rho = dot(r, r, lo, hi);
        beta = rho / rho0;
        for (j = lo; j < hi; j++)
            p[j] = r[j] + beta * p[j];
    }

    /* The residual norm, from A z rather than the recurrence. */
    allgather_vector(z);
    matvec(z, r);
    sum[0] = 0.0;
    for (j = lo; j < hi; j++) {
        diff = x[j] - r[j];
        sum[0] = sum[0] + diff * diff;
    }
    global_sum(sum, 1);
    return sqrt(sum[0]);
}

/* One outer iteration: solve, then zeta from x . z and x = z / |z|. */
static double power_step(int lo, int hi, double *rnorm)
{
    double norms[2], scale;
    int j;

    *rnorm = conj_grad(lo, hi);
    norms[0] = 0.0;
    norms[1] = 0.0;
    for (j = lo; j < hi; j++) {
        norms[0] = norms[0] + x[j] * z[j];
        norms[1] = norms[1] + z[j] * z[j];
    }
    global_sum(norms, 2);
    scale = 1.0 / sqrt(norms[1]);
    for (j = lo; j < hi; j++)
        x[j] = scale * z[j];
    return SHIFT + 1.0 / norms[0];
}

static int is_power_of_two(int n)
{
    return n > 0 && (n & (n - 1)) == 0;
}

int main(int argc, char **argv)
{
    int lo, hi, j, it, verified;
    double zeta, rnorm, seconds, tmax, mops, err;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &my_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &comm_size);

    if (!is_power_of_two(comm_size) || comm_size > NA) {
        if (my_rank == 0)
            printf(" CG needs a power-of-two number of processes, not %d\n", comm_size);
        MPI_Finalize();
        return 1;
    }

    if (my_rank == 0) {
        printf("\n\n NAS Parallel Benchmarks 3.3 -- CG Benchmark (cmpi C+MPI)\n\n");
        printf(" Size: %11d\n", NA);
        printf(" Iterations: %5d\n", NITER);
        printf(" Number of active processes: %5d\n", comm_size);
        printf(" Number of nonzeroes per row: %8d\n", NONZER);
        printf(" Eigenvalue shift: %8.3e\n", SHIFT);
    }

    lo = block_start(my_rank);
    hi = block_start(my_rank + 1);
    makea(lo, hi);

    /* One untimed outer iteration touches all the data, then start again. */
    for (j = lo; j < hi; j++)
        x[j] = 1.0;
    zeta = power_step(lo, hi, &rnorm);
    for (j = lo; j < hi; j++)
        x[j] = 1.0;
    zeta = 0.0;

    MPI_Barrier(MPI_COMM_WORLD);
    timer_clear(0);
    timer_start(0);
    for (it = 1; it <= NITER; it++) {
        zeta = power_step(lo, hi, &rnorm);
        if (my_rank == 0) {
            if (it == 1)
                printf("\n   iteration           ||r||                 zeta\n");
            printf("    %5d       %20.14e%20.13f\n", it, rnorm, zeta);
        }
    }
    timer_stop(0);
    seconds = timer_read(0);
    MPI_Reduce(&seconds, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);

    if (my_rank == 0) {
        printf(" Benchmark completed\n");
        err = fabs(zeta - ZETA_VERIFY_VALUE) / ZETA_VERIFY_VALUE;
        verified = err <= EPSILON;
        if (verified)
            printf(" VERIFICATION SUCCESSFUL\n");
        else
            printf(" VERIFICATION FAILED\n");
        printf(" Zeta is    %20.13e\n", zeta);
        printf(" Error is   %20.13e\n", err);
        mops = 0.0;
        if (tmax > 0.0)
            mops = 2.0 * NITER * NA
                   * (3.0 + (double)(NONZER * (NONZER + 1))
                      + 25.0 * (5.0 + (double)(NONZER * (NONZER + 1))) + 3.0)
                   / tmax / 1000000.0;
        print_results("CG", CLASS_CHAR, NA, 0, 0, NITER, comm_size, tmax, mops,
                      "floating point", verified);
    }

    MPI_Finalize();
    return 0;
}
