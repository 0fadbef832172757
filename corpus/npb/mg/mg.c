/* NPB MG (multigrid), written for cmpi from the NPB 3.3 definition.
 *
 * NIT V-cycles of a multigrid solver for the 3-D Poisson equation
 * A u = v on an NX^3 periodic grid, at v is zero except for +1 at the ten
 * largest and -1 at the ten smallest of NX^3 random numbers (zran3). Verified
 * on the L2 norm of the final residual.
 *
 * Fine levels are split in z slabs, coarse ones replicated (mg.h); the
 * operators are evaluated point by point in NPB's order, so the grids are
 * bit-identical for any rank count and only the norm's sum order differs. */
#include <stdio.h>
#include <math.h>
#include <mpi.h>
#include "mg.h"
#include "randdp.h"
#include "c_timers.h"
#include "print_results.h"

#define EPSILON 1.0e-8
#define SEED 314159265.0
#define MULT 1220703125.0
#define NEXTREMES 10          /* how many largest and smallest values get +1 and -1 */

static double u_all[NR];      /* the solution, every level */
static double r_all[NR];      /* the residual, every level */
static double v_top[NV];      /* the right-hand side, finest level */

/* a^n mod 2^46, by binary powering. */
static double power(double a, int n)
{
    double result = 1.0, aj = a;

    while (n != 0) {
        if (n % 2 == 1)
            randlc(&result, aj);
        randlc(&aj, aj);
        n = n / 2;
    }
    return result;
}

/* Keep the NEXTREMES largest values seen, vals[0] the least of them. */
static void keep_largest(double vals[], int at[], double val, int pos)
{
    int i;
    double tv;
    int tw;

    if (val <= vals[0])
        return;
    vals[0] = val;
    at[0] = pos;
    for (i = 0; i < NEXTREMES - 1 && vals[i] > vals[i + 1]; i++) {
        tv = vals[i]; vals[i] = vals[i + 1]; vals[i + 1] = tv;
        tw = at[i]; at[i] = at[i + 1]; at[i + 1] = tw;
    }
}

/* Keep the NEXTREMES smallest values seen, vals[0] the greatest of them. */
static void keep_smallest(double vals[], int at[], double val, int pos)
{
    int i;
    double tv;
    int tw;

    if (val >= vals[0])
        return;
    vals[0] = val;
    at[0] = pos;
    for (i = 0; i < NEXTREMES - 1 && vals[i] < vals[i + 1]; i++) {
        tv = vals[i]; vals[i] = vals[i + 1]; vals[i + 1] = tv;
        tw = at[i]; at[i] = at[i + 1]; at[i + 1] = tw;
    }
}

/* Merge the ranks' candidate lists (best last) one winner at a time:
 * positions[] gets the global positions of the overall extremes. */
static void select_global(double vals[], int at[], int largest, int positions[])
{
    int round, next = NEXTREMES - 1, mine, winner_at;
    double candidate, best;

    for (round = 0; round < NEXTREMES; round++) {
        candidate = next >= 0 ? vals[next] : (largest ? 0.0 : 1.0);
        if (largest)
            MPI_Allreduce(&candidate, &best, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        else
            MPI_Allreduce(&candidate, &best, 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
        mine = -1;
        if (next >= 0 && vals[next] == best) {
            mine = at[next];
            next--;
        }
        MPI_Allreduce(&mine, &winner_at, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        positions[round] = winner_at;
    }
}

/* Set v at a global position (0-based x + NX * (y + NX * z)) if it is mine. */
static void set_if_mine(int pos, double value)
{
    int i1 = pos % NX + 1;
    int i2 = (pos / NX) % NX + 1;
    int i3 = pos / (NX * NX) + 1 - zoff[LT];

    if (i3 >= 1 && i3 <= planes[LT])
        v_top[i1 + m1[LT] * (i2 + m2[LT] * i3)] = value;
}

/* The right-hand side: random numbers in x-fastest order over the whole
 * grid (seed 314159265), then +1 at the 10 largest, -1 at the 10 smallest,
 * 0 elsewhere. */
static void zran3(void)
{
    double row[NX], big[NEXTREMES], small[NEXTREMES];
    int big_at[NEXTREMES], small_at[NEXTREMES];
    int big_pos[NEXTREMES], small_pos[NEXTREMES];
    double a1, a2, x0, x1, xx;
    int i, i1, i2, i3, n1 = m1[LT], n2 = m2[LT], c, pos;

    a1 = power(MULT, NX);
    a2 = power(MULT, NX * NX);
    zero3(v_top, 0, LT);

    x0 = SEED;
    randlc(&x0, power(MULT, NX * NX * zoff[LT]));
    for (i3 = 1; i3 <= planes[LT]; i3++) {
        x1 = x0;
        for (i2 = 1; i2 <= NX; i2++) {
            xx = x1;
            vranlc(NX, &xx, MULT, row);
            c = n1 * (i2 + n2 * i3);
            for (i1 = 1; i1 <= NX; i1++)
                v_top[c + i1] = row[i1 - 1];
            randlc(&x1, a1);
        }
        randlc(&x0, a2);
    }

    for (i = 0; i < NEXTREMES; i++) {
        big[i] = 0.0;
        small[i] = 1.0;
        big_at[i] = -1;
        small_at[i] = -1;
    }
    for (i3 = 1; i3 <= planes[LT]; i3++)
        for (i2 = 1; i2 <= NX; i2++)
            for (i1 = 1; i1 <= NX; i1++) {
                pos = (i1 - 1) + NX * ((i2 - 1) + NX * (i3 - 1 + zoff[LT]));
                c = i1 + n1 * (i2 + n2 * i3);
                keep_largest(big, big_at, v_top[c], pos);
                keep_smallest(small, small_at, v_top[c], pos);
            }
    select_global(big, big_at, 1, big_pos);
    select_global(small, small_at, 0, small_pos);

    zero3(v_top, 0, LT);
    for (i = 0; i < NEXTREMES; i++)
        set_if_mine(small_pos[i], -1.0);
    for (i = 0; i < NEXTREMES; i++)
        set_if_mine(big_pos[i], 1.0);
    comm3(v_top, 0, LT);
}

/* The L2 norm (root mean square) and the largest magnitude of the residual
 * on the finest level. */
static void norm2u3(double *rnm2, double *rnmu)
{
    int n1 = m1[LT], n2 = m2[LT], i1, i2, i3, c, off = level_offset[LT];
    double sums[1], all_sums[1], maxabs, all_max, val;

    sums[0] = 0.0;
    maxabs = 0.0;
    for (i3 = 1; i3 <= planes[LT]; i3++)
        for (i2 = 1; i2 <= NX; i2++) {
            c = off + n1 * (i2 + n2 * i3);
            for (i1 = 1; i1 <= NX; i1++) {
                val = r_all[c + i1];
                sums[0] = sums[0] + val * val;
                if (fabs(val) > maxabs)
                    maxabs = fabs(val);
            }
        }
    MPI_Allreduce(sums, all_sums, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&maxabs, &all_max, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    *rnm2 = sqrt(all_sums[0] / ((double)NX * NX * NX));
    *rnmu = all_max;
}

/* One V-cycle: restrict the residual down to level 1, smooth there, then
 * on the way up interpolate, recompute the residual and smooth. */
static void mg3p(void)
{
    int k;

    for (k = LT; k >= 2; k--)
        rprj3(r_all, level_offset[k], k, r_all, level_offset[k - 1]);

    zero3(u_all, level_offset[1], 1);
    psinv(r_all, level_offset[1], u_all, level_offset[1], 1);

    for (k = 2; k <= LT - 1; k++) {
        zero3(u_all, level_offset[k], k);
        interp(u_all, level_offset[k - 1], k - 1, u_all, level_offset[k]);
        resid(u_all, level_offset[k], r_all, level_offset[k], r_all, level_offset[k], k);
        psinv(r_all, level_offset[k], u_all, level_offset[k], k);
    }

    interp(u_all, level_offset[LT - 1], LT - 1, u_all, level_offset[LT]);
    resid(u_all, level_offset[LT], v_top, 0, r_all, level_offset[LT], LT);
    psinv(r_all, level_offset[LT], u_all, level_offset[LT], LT);
}

static int is_power_of_two(int n)
{
    return n > 0 && (n & (n - 1)) == 0;
}

int main(int argc, char **argv)
{
    int it, top, verified;
    double rnm2, rnmu, seconds, tmax, mops, err;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &mg_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &mg_size);

    if (!is_power_of_two(mg_size) || 2 * mg_size > NX) {
        if (mg_rank == 0)
            printf(" MG needs a power-of-two number of processes up to %d, not %d\n",
                   NX / 2, mg_size);
        MPI_Finalize();
        return 1;
    }

    if (mg_rank == 0) {
        printf("\n\n NAS Parallel Benchmarks 3.3 -- MG Benchmark (cmpi C+MPI)\n\n");
        printf(" Size: %3dx%3dx%3d  (class %c)\n", NX, NX, NX, CLASS_CHAR);
        printf(" Iterations: %3d\n", NIT);
        printf(" Number of processes: %5d\n", mg_size);
    }

    setup_levels();
    top = level_offset[LT];

    /* One untimed V-cycle touches all the data; then start again. */
    zero3(u_all, top, LT);
    zran3();
    resid(u_all, top, v_top, 0, r_all, top, LT);
    mg3p();
    resid(u_all, top, v_top, 0, r_all, top, LT);
    zero3(u_all, top, LT);
    zran3();

    MPI_Barrier(MPI_COMM_WORLD);
    timer_clear(0);
    timer_start(0);
    resid(u_all, top, v_top, 0, r_all, top, LT);
    norm2u3(&rnm2, &rnmu);
    for (it = 1; it <= NIT; it++) {
        if (mg_rank == 0 && (it == 1 || it == NIT || it % 5 == 0))
            printf("  iter %3d\n", it);
        mg3p();
        resid(u_all, top, v_top, 0, r_all, top, LT);
    }
    norm2u3(&rnm2, &rnmu);
    timer_stop(0);
    seconds = timer_read(0);
    MPI_Reduce(&seconds, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);

    if (mg_rank == 0) {
        printf(" Benchmark completed\n");
        err = fabs(rnm2 - RNM2_VERIFY_VALUE) / RNM2_VERIFY_VALUE;
        verified = err <= EPSILON;
        if (verified)
            printf(" VERIFICATION SUCCESSFUL\n");
        else
            printf(" VERIFICATION FAILED\n");
        printf(" L2 Norm is  %20.13e\n", rnm2);
        printf(" Error is    %20.13e\n", err);
        mops = tmax > 0.0 ? 58.0 * NIT * (double)NX * NX * NX / tmax / 1000000.0 : 0.0;
        print_results("MG", CLASS_CHAR, NX, NX, NX, NIT, mg_size, tmax, mops,
                      "floating point", verified);
    }

    MPI_Finalize();
    return 0;
}
