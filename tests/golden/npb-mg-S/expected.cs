// Translated by cmpi-translate from c_timers.c, print_results.c, randdp.c, grid.c, mg.c, stencils.c. Edit freely: this is now your code.
// C idioms C# warns about: x != x as a NaN test, unused or write-only locals (static locals: fields here), code
// after a constant test, `|` on a sign-extended operand (C extends it the same way), a label no goto names.
#pragma warning disable CS1718, CS0168, CS0219, CS0162, CS0675, CS0164, CS0414
using System;
using CloudMpi;
using CloudMpi.Libc;
using static CloudMpi.Datatype;
using static CloudMpi.Op;
using static CloudMpi.Libc.Stdio;
using static CloudMpi.Libc.Stdlib;
using static CloudMpi.Libc.CMem;
using static CloudMpi.Libc.CString;

// One object per rank: its fields are the C program's globals.
public sealed class MG
{
    /* The NPB report. It ends with the verification line, the one a reader and
     * a test look for. */
    void print_results(sbyte[] name, sbyte class_id, int n1, int n2, int n3, int niter, int nprocs, double seconds, double mops, sbyte[] optype, int verified)
    {
        printf("\n\n %s Benchmark Completed.\n", name);
        printf(" Class           =             %12c\n", class_id);
        if (n2 == 0 && n3 == 0)
        {
            printf(" Size            =             %12d\n", n1);
        }
        else
        {
            printf(" Size            =           %4dx%4dx%4d\n", n1, n2, n3);
        }
        printf(" Iterations      =             %12d\n", niter);
        printf(" Total processes =             %12d\n", nprocs);
        printf(" Time in seconds =             %12.2f\n", seconds);
        printf(" Mop/s total     =             %12.2f\n", mops);
        printf(" Mop/s/process   =             %12.2f\n", mops / (double)nprocs);
        printf(" Operation type  = %24s\n", optype);
        printf(" Version         =             %12s\n", "3.3-cmpi");
        if (verified != 0)
        {
            printf(" Verification    =               SUCCESSFUL\n");
        }
        else
        {
            printf(" Verification    =             UNSUCCESSFUL\n");
        }
    }

    /* randlc and vranlc as NPB 3.3 defines them (see randdp.h).
     * Split a = 2^23 a1 + a2 and x = 2^23 x1 + x2, then
     *   z = (a1 x2 + a2 x1) mod 2^23,  x = (2^23 z + a2 x2) mod 2^46,
     * which keeps every product below 2^53. */
    const double R23 = 1.1920928955078125e-07; /* 2^-23 */
    const double T23 = 8388608.0; /* 2^23 */
    const double R46 = 1.4210854715202004e-14; /* 2^-46 */
    const double T46 = 70368744177664.0; /* 2^46 */

    /* One step of the generator on *x with multiplier a; returns the new x / 2^46. */
    double randlc(ref double x, double a)
    {
        double t1 = 0;
        double t2 = 0;
        double t3 = 0;
        double t4 = 0;
        double a1 = 0;
        double a2 = 0;
        double x1 = 0;
        double x2 = 0;
        double z = 0;

        t1 = R23 * a;
        a1 = CMath.IntPart(t1);
        a2 = a - T23 * a1;

        t1 = R23 * x;
        x1 = CMath.IntPart(t1);
        x2 = x - T23 * x1;

        t1 = a1 * x2 + a2 * x1;
        t2 = CMath.IntPart(R23 * t1);
        z = t1 - T23 * t2;
        t3 = T23 * z + a2 * x2;
        t4 = CMath.IntPart(R46 * t3);
        x = t3 - T46 * t4;
        return R46 * x;
    }

    /* n steps of the generator: y[0..n-1] get the next n numbers, *x the last seed. */
    void vranlc(int n, ref double x, double a, double[] y)
    {
        double t1 = 0;
        double t2 = 0;
        double t3 = 0;
        double t4 = 0;
        double a1 = 0;
        double a2 = 0;
        double x1 = 0;
        double x2 = 0;
        double z = 0;
        double xs = 0;
        int i = 0;

        t1 = R23 * a;
        a1 = CMath.IntPart(t1);
        a2 = a - T23 * a1;
        xs = x;

        for (i = 0; i < n; i++)
        {
            t1 = R23 * xs;
            x1 = CMath.IntPart(t1);
            x2 = xs - T23 * x1;
            t1 = a1 * x2 + a2 * x1;
            t2 = CMath.IntPart(R23 * t1);
            z = t1 - T23 * t2;
            t3 = T23 * z + a2 * x2;
            t4 = CMath.IntPart(R46 * t3);
            xs = t3 - T46 * t4;
            y[i] = R46 * xs;
        }
        x = xs;
    }

    /* MG's level geometry and ghost exchange (see mg.h). */
    const int TAG_UP = 3000; /* a plane travelling to the rank above */
    const int TAG_DOWN = 3001; /* a plane travelling to the rank below */
    const int TAG_GATHER = 3002;

    int mg_rank = 0;

    int mg_size = 0;
    int[] m1 = new int[LT + 1];
    int[] m2 = new int[LT + 1];
    int[] m3 = new int[LT + 1];
    int[] planes = new int[LT + 1];
    int[] zoff = new int[LT + 1];
    int[] distributed = new int[LT + 1];
    int[] level_offset = new int[LT + 1];

    void setup_levels()
    {
        int k = 0;
        int n = 0;
        int offset = 0;

        for (k = 1; k <= LT; k++)
        {
            n = 1 << k;
            distributed[k] = n >= 2 * mg_size ? 1 : 0;
            planes[k] = distributed[k] != 0 ? n / mg_size : n;
            zoff[k] = distributed[k] != 0 ? mg_rank * planes[k] : 0;
            m1[k] = n + 2;
            m2[k] = n + 2;
            m3[k] = planes[k] + 2;
            level_offset[k] = offset;
            offset += m1[k] * m2[k] * m3[k];
        }
    }

    void zero3(double[] a, int off, int k)
    {
        int i = 0;
        int n = m1[k] * m2[k] * m3[k];

        i = Spans.Fill<double>(a, off, 0, n, 0.0);
    }

    /* Periodic boundaries: x faces, then y faces (with the x ghosts), then whole
     * z planes, so edges and corners are right too. In z a distributed level
     * swaps its first and last planes with the ranks below and above. */
    void comm3(double[] a, int off, int k)
    {
        int n1 = m1[k];
        int n2 = m2[k];
        int n3 = m3[k];
        int plane = m1[k] * m2[k];
        int i1 = 0;
        int i2 = 0;
        int i3 = 0;
        int at = 0;
        int below = 0;
        int above = 0;
        Request from_below = default;
        Request from_above = default;
        Status status = default;

        Span<double> a_span = Spans.From(a, 0);
        for (i3 = 1; i3 < n3 - 1; i3++)
        {
            for (i2 = 1; i2 < n2 - 1; i2++)
            {
                at = off + n1 * (i2 + n2 * i3);
                a_span[at] = a_span[at + n1 - 2];
                a_span[at + n1 - 1] = a_span[at + 1];
            }
        }

        Span<double> a_span2 = Spans.From(a, 0);
        for (i3 = 1; i3 < n3 - 1; i3++)
        {
            for (i1 = 0; i1 < n1; i1++)
            {
                at = off + i1 + n1 * n2 * i3;
                a_span2[at] = a_span2[at + n1 * (n2 - 2)];
                a_span2[at + n1 * (n2 - 1)] = a_span2[at + n1];
            }
        }

        if (!(distributed[k] != 0) || mg_size == 1)
        {
            Span<double> a_row = Spans.From(a, off);
            Span<double> a_row2 = Spans.From(a, off + plane * (n3 - 2));
            Span<double> a_row3 = Spans.From(a, off + plane * (n3 - 1));
            Span<double> a_row4 = Spans.From(a, off + plane);
            for (i1 = 0; i1 < plane; i1++)
            {
                a_row[i1] = a_row2[i1];
                a_row3[i1] = a_row4[i1];
            }
            return;
        }

        below = (mg_rank + mg_size - 1) % mg_size;
        above = (mg_rank + 1) % mg_size;
        cMPI.Irecv(a, off, plane, MPI_DOUBLE, below, TAG_UP, cMPI.COMM_WORLD, out from_below);
        cMPI.Irecv(a, off + plane * (n3 - 1), plane, MPI_DOUBLE, above, TAG_DOWN, cMPI.COMM_WORLD, out from_above);
        cMPI.Send(a, off + plane * (n3 - 2), plane, MPI_DOUBLE, above, TAG_UP, cMPI.COMM_WORLD);
        cMPI.Send(a, off + plane, plane, MPI_DOUBLE, below, TAG_DOWN, cMPI.COMM_WORLD);
        cMPI.Wait(ref from_below, out status);
        cMPI.Wait(ref from_above, out status);
    }

    /* Level k is replicated but each rank computed only its share of interior
     * planes: rank p planes p * ppr + 1 .. (p + 1) * ppr. Exchange the shares by
     * recursive doubling so every rank has all of them (ghosts left to comm3). */
    void gather_planes(double[] a, int off, int k, int planes_per_rank)
    {
        int plane = m1[k] * m2[k];
        int dist = 0;
        int partner = 0;
        int mine = 0;
        int theirs = 0;
        Request request = default;
        Status status = default;

        for (dist = 1; dist < mg_size; dist *= 2)
        {
            partner = mg_rank ^ dist;
            mine = (mg_rank & ~(dist - 1)) * planes_per_rank + 1;
            theirs = (partner & ~(dist - 1)) * planes_per_rank + 1;
            cMPI.Irecv(a, off + plane * theirs, plane * planes_per_rank * dist, MPI_DOUBLE, partner, TAG_GATHER, cMPI.COMM_WORLD, out request);
            cMPI.Send(a, off + plane * mine, plane * planes_per_rank * dist, MPI_DOUBLE, partner, TAG_GATHER, cMPI.COMM_WORLD);
            cMPI.Wait(ref request, out status);
        }
    }

    /* MG's grids: level k (1..LT) has n = 2^k points per side, stored with one
     * ghost layer on every face as a 1-D array, index i1 + m1 * (i2 + m2 * i3)
     * with m1 = m2 = n + 2 and m3 = (my planes) + 2.
     *
     * A level is distributed over the ranks in slabs of z planes when it has at
     * least 2 planes per rank; coarser levels are replicated: every rank holds
     * and computes all of them. zoff[k] is the global index of my local plane 0
     * (global interior planes are 1..n), planes[k] my interior plane count. */
    const int M1MAX = (NX + 2);
    /* u and r hold every level; the coarser ones add less than a quarter. */
    const int NR = ((NX + 2) * (NX + 2) * (NX + 2) + (NX + 2) * (NX + 2) * (NX + 2) / 4);
    const int NV = ((NX + 2) * (NX + 2) * (NX + 2));
    /* MG problem size by class and the official residual norm. */
    const int CLASS_CHAR = 'S';
    const int LT = 5; /* log2 of the grid size */
    const int NIT = 4;
    const double RNM2_VERIFY_VALUE = 0.5307707005734e-04;

    const int NX = (1<< LT); /* the grid is NX x NX x NX */
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
    const double EPSILON = 1.0e-8;
    const double SEED = 314159265.0;
    const double MULT = 1220703125.0;
    const int NEXTREMES = 10; /* how many largest and smallest values get +1 and -1 */

    double[] u_all = new double[NR]; /* the solution, every level */
    double[] r_all = new double[NR]; /* the residual, every level */
    double[] v_top = new double[NV]; /* the right-hand side, finest level */

    /* a^n mod 2^46, by binary powering. */
    double power(double a, int n)
    {
        double result = 1.0;
        double aj = a;

        while (n != 0)
        {
            if (n % 2 == 1)
            {
                randlc(ref result, aj);
            }
            randlc(ref aj, aj);
            n = n / 2;
        }
        return result;
    }

    /* Keep the NEXTREMES largest values seen, vals[0] the least of them. */
    void keep_largest(double[] vals, int[] at, double val, int pos)
    {
        int i = 0;
        double tv = 0;
        int tw = 0;

        if (val <= vals[0])
        {
            return;
        }
        vals[0] = val;
        at[0] = pos;
        for (i = 0; i < NEXTREMES - 1 && vals[i] > vals[i + 1]; i++)
        {
            tv = vals[i];
            vals[i] = vals[i + 1];
            vals[i + 1] = tv;
            tw = at[i];
            at[i] = at[i + 1];
            at[i + 1] = tw;
        }
    }

    /* Keep the NEXTREMES smallest values seen, vals[0] the greatest of them. */
    void keep_smallest(double[] vals, int[] at, double val, int pos)
    {
        int i = 0;
        double tv = 0;
        int tw = 0;

        if (val >= vals[0])
        {
            return;
        }
        vals[0] = val;
        at[0] = pos;
        for (i = 0; i < NEXTREMES - 1 && vals[i] < vals[i + 1]; i++)
        {
            tv = vals[i];
            vals[i] = vals[i + 1];
            vals[i + 1] = tv;
            tw = at[i];
            at[i] = at[i + 1];
            at[i + 1] = tw;
        }
    }

    /* Merge the ranks' candidate lists (best last) one winner at a time:
     * positions[] gets the global positions of the overall extremes. */
    void select_global(double[] vals, int[] at, int largest, int[] positions)
    {
        int round = 0;
        int next = NEXTREMES - 1;
        int mine = 0;
        int winner_at = 0;
        double candidate = 0;
        double best = 0;

        for (round = 0; round < NEXTREMES; round++)
        {
            candidate = next >= 0 ? vals[next] : (largest != 0 ? 0.0 : 1.0);
            if (largest != 0)
            {
                cMPI.Allreduce(ref candidate, ref best, 1, MPI_DOUBLE, MPI_MAX, cMPI.COMM_WORLD);
            }
            else
            {
                cMPI.Allreduce(ref candidate, ref best, 1, MPI_DOUBLE, MPI_MIN, cMPI.COMM_WORLD);
            }
            mine = -1;
            if (next >= 0 && vals[next] == best)
            {
                mine = at[next];
                next--;
            }
            cMPI.Allreduce(ref mine, ref winner_at, 1, MPI_INT, MPI_MAX, cMPI.COMM_WORLD);
            positions[round] = winner_at;
        }
    }

    /* Set v at a global position (0-based x + NX * (y + NX * z)) if it is mine. */
    void set_if_mine(int pos, double @value)
    {
        int i1 = pos % NX + 1;
        int i2 = (pos / NX) % NX + 1;
        int i3 = pos / (NX * NX) + 1 - zoff[LT];

        if (i3 >= 1 && i3 <= planes[LT])
        {
            v_top[i1 + m1[LT] * (i2 + m2[LT] * i3)] = @value;
        }
    }

    /* The right-hand side: random numbers in x-fastest order over the whole
     * grid (seed 314159265), then +1 at the 10 largest, -1 at the 10 smallest,
     * 0 elsewhere. */
    void zran3()
    {
        double[] row = new double[NX];
        double[] big = new double[NEXTREMES];
        double[] small = new double[NEXTREMES];
        int[] big_at = new int[NEXTREMES];
        int[] small_at = new int[NEXTREMES];
        int[] big_pos = new int[NEXTREMES];
        int[] small_pos = new int[NEXTREMES];
        double a1 = 0;
        double a2 = 0;
        double x0 = 0;
        double x1 = 0;
        double xx = 0;
        int i = 0;
        int i1 = 0;
        int i2 = 0;
        int i3 = 0;
        int n1 = m1[LT];
        int n2 = m2[LT];
        int c = 0;
        int pos = 0;

        a1 = power(MULT, NX);
        a2 = power(MULT, NX * NX);
        zero3(v_top, 0, LT);

        x0 = SEED;
        randlc(ref x0, power(MULT, NX * NX * zoff[LT]));
        for (i3 = 1; i3 <= planes[LT]; i3++)
        {
            x1 = x0;
            for (i2 = 1; i2 <= NX; i2++)
            {
                xx = x1;
                vranlc(NX, ref xx, MULT, row);
                c = n1 * (i2 + n2 * i3);
                Span<double> v_top_row = Spans.From(v_top, c + 1);
                Span<double> row_m1 = Spans.From(row, 0);
                int i1_count = Math.Max(NX, 0);
                for (int i1_k = 0; i1_k < i1_count; i1_k++)
                {
                    v_top_row[i1_k] = row_m1[i1_k];
                }
                i1 = 1 + i1_count;
                randlc(ref x1, a1);
            }
            randlc(ref x0, a2);
        }

        for (i = 0; i < NEXTREMES; i++)
        {
            big[i] = 0.0;
            small[i] = 1.0;
            big_at[i] = -1;
            small_at[i] = -1;
        }
        for (i3 = 1; i3 <= planes[LT]; i3++)
        {
            for (i2 = 1; i2 <= NX; i2++)
            {
                for (i1 = 1; i1 <= NX; i1++)
                {
                    pos = (i1 - 1) + NX * ((i2 - 1) + NX * (i3 - 1 + zoff[LT]));
                    c = i1 + n1 * (i2 + n2 * i3);
                    keep_largest(big, big_at, v_top[c], pos);
                    keep_smallest(small, small_at, v_top[c], pos);
                }
            }
        }
        select_global(big, big_at, 1, big_pos);
        select_global(small, small_at, 0, small_pos);

        zero3(v_top, 0, LT);
        for (i = 0; i < NEXTREMES; i++)
        {
            set_if_mine(small_pos[i], -1.0);
        }
        for (i = 0; i < NEXTREMES; i++)
        {
            set_if_mine(big_pos[i], 1.0);
        }
        comm3(v_top, 0, LT);
    }

    /* The L2 norm (root mean square) and the largest magnitude of the residual
     * on the finest level. */
    void norm2u3(ref double rnm2, ref double rnmu)
    {
        int n1 = m1[LT];
        int n2 = m2[LT];
        int i1 = 0;
        int i2 = 0;
        int i3 = 0;
        int c = 0;
        int off = level_offset[LT];
        double[] sums = new double[1];
        double[] all_sums = new double[1];
        double maxabs = 0;
        double all_max = 0;
        double val = 0;

        sums[0] = 0.0;
        maxabs = 0.0;
        for (i3 = 1; i3 <= planes[LT]; i3++)
        {
            for (i2 = 1; i2 <= NX; i2++)
            {
                c = off + n1 * (i2 + n2 * i3);
                double sums_0 = sums[0];
                for (i1 = 1; i1 <= NX; i1++)
                {
                    val = r_all[c + i1];
                    sums_0 = sums_0 + val * val;
                    if (Math.Abs(val) > maxabs)
                    {
                        maxabs = Math.Abs(val);
                    }
                }
                sums[0] = sums_0;
            }
        }
        cMPI.Allreduce(sums, 0, all_sums, 0, 1, MPI_DOUBLE, MPI_SUM, cMPI.COMM_WORLD);
        cMPI.Allreduce(ref maxabs, ref all_max, 1, MPI_DOUBLE, MPI_MAX, cMPI.COMM_WORLD);
        rnm2 = Math.Sqrt(all_sums[0] / ((double)NX * NX * NX));
        rnmu = all_max;
    }

    /* One V-cycle: restrict the residual down to level 1, smooth there, then
     * on the way up interpolate, recompute the residual and smooth. */
    void mg3p()
    {
        int k = 0;

        for (k = LT; k >= 2; k--)
        {
            rprj3(r_all, level_offset[k], k, r_all, level_offset[k - 1]);
        }

        zero3(u_all, level_offset[1], 1);
        psinv(r_all, level_offset[1], u_all, level_offset[1], 1);

        for (k = 2; k <= LT - 1; k++)
        {
            zero3(u_all, level_offset[k], k);
            interp(u_all, level_offset[k - 1], k - 1, u_all, level_offset[k]);
            resid(u_all, level_offset[k], r_all, level_offset[k], r_all, level_offset[k], k);
            psinv(r_all, level_offset[k], u_all, level_offset[k], k);
        }

        interp(u_all, level_offset[LT - 1], LT - 1, u_all, level_offset[LT]);
        resid(u_all, level_offset[LT], v_top, 0, r_all, level_offset[LT], LT);
        psinv(r_all, level_offset[LT], u_all, level_offset[LT], LT);
    }

    int is_power_of_two(int n)
    {
        return n > 0 && (n & (n - 1)) == 0 ? 1 : 0;
    }

    public int main(int argc, Ptr<sbyte>[] argv)
    {
        int it = 0;
        int top = 0;
        int verified = 0;
        double rnm2 = 0;
        double rnmu = 0;
        double seconds = 0;
        double tmax = 0;
        double mops = 0;
        double err = 0;

        cMPI.Init();
        cMPI.Comm_rank(cMPI.COMM_WORLD, out mg_rank);
        cMPI.Comm_size(cMPI.COMM_WORLD, out mg_size);

        if (!(is_power_of_two(mg_size) != 0) || 2 * mg_size > NX)
        {
            if (mg_rank == 0)
            {
                printf(" MG needs a power-of-two number of processes up to %d, not %d\n", NX / 2, mg_size);
            }
            cMPI.Finalize();
            return 1;
        }

        if (mg_rank == 0)
        {
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

        cMPI.Barrier(cMPI.COMM_WORLD);
        timer_clear(0);
        timer_start(0);
        resid(u_all, top, v_top, 0, r_all, top, LT);
        norm2u3(ref rnm2, ref rnmu);
        for (it = 1; it <= NIT; it++)
        {
            if (mg_rank == 0 && (it == 1 || it == NIT || it % 5 == 0))
            {
                printf("  iter %3d\n", it);
            }
            mg3p();
            resid(u_all, top, v_top, 0, r_all, top, LT);
        }
        norm2u3(ref rnm2, ref rnmu);
        timer_stop(0);
        seconds = timer_read(0);
        cMPI.Reduce(ref seconds, ref tmax, 1, MPI_DOUBLE, MPI_MAX, 0, cMPI.COMM_WORLD);

        if (mg_rank == 0)
        {
            printf(" Benchmark completed\n");
            err = Math.Abs(rnm2 - RNM2_VERIFY_VALUE) / RNM2_VERIFY_VALUE;
            verified = err <= EPSILON ? 1 : 0;
            if (verified != 0)
            {
                printf(" VERIFICATION SUCCESSFUL\n");
            }
            else
            {
                printf(" VERIFICATION FAILED\n");
            }
            printf(" L2 Norm is  %20.13e\n", rnm2);
            printf(" Error is    %20.13e\n", err);
            mops = tmax > 0.0 ? 58.0 * NIT * (double)NX * NX * NX / tmax / 1000000.0 : 0.0;
            print_results(CStrings.FromString("MG"), (sbyte)CLASS_CHAR, NX, NX, NX, NIT, mg_size, tmax, mops, CStrings.FromString("floating point"), verified);
        }

        cMPI.Finalize();
        return 0;
    }

    /* Wall-clock timers on MPI_Wtime, numbered 0..NPB_MAX_TIMERS-1. */
    const int NPB_MAX_TIMERS = 64;
    /* MG's operators, from the NPB 3.3 definitions, on one level's local grid:
     *   resid:  r = v - A u          (A: 27-point, a = {-8/3, 0, 1/6, 1/12})
     *   psinv:  u = u + S r          (smoother S: c = {-3/8, 1/32, -1/64, 0})
     *   rprj3:  s = P r              (restriction to the next coarser level)
     *   interp: u = u + Q z          (trilinear prolongation from the coarser level)
     * Coefficients of the same distance are summed first (u1: face neighbours
     * in y/z, u2: edge neighbours in y/z) as NPB does, so the sums round alike.
     * Every operator ends with comm3 on what it wrote. */
    const double A0 = -8.0 / 3.0;
    const double A2 = 1.0 / 6.0;
    const double A3 = 1.0 / 12.0;
    const double C0 = -3.0 / 8.0;
    const double C1 = 1.0 / 32.0;
    const double C2 = -1.0 / 64.0;

    void resid(double[] u, int uo, double[] v, int vo, double[] r, int ro, int k)
    {
        double[] u1 = new double[M1MAX];
        double[] u2 = new double[M1MAX];
        int n1 = m1[k];
        int n2 = m2[k];
        int n3 = m3[k];
        int i1 = 0;
        int i2 = 0;
        int i3 = 0;
        int c = 0;
        int ym = 0;
        int yp = 0;
        int zm = 0;
        int zp = 0;

        for (i3 = 1; i3 < n3 - 1; i3++)
        {
            for (i2 = 1; i2 < n2 - 1; i2++)
            {
                c = n1 * (i2 + n2 * i3); /* row (i2, i3) */
                ym = c - n1;
                yp = c + n1;
                zm = c - n1 * n2;
                zp = c + n1 * n2;
                Span<double> u1_span = Spans.From(u1, 0);
                Span<double> u_row = Spans.From(u, uo + ym);
                Span<double> u_row2 = Spans.From(u, uo + yp);
                Span<double> u_row3 = Spans.From(u, uo + zm);
                Span<double> u_row4 = Spans.From(u, uo + zp);
                for (i1 = 0; i1 < n1; i1++)
                {
                    u1_span[i1] = u_row[i1] + u_row2[i1] + u_row3[i1] + u_row4[i1];
                }
                Span<double> u2_span = Spans.From(u2, 0);
                Span<double> u_row5 = Spans.From(u, uo + zm - n1);
                Span<double> u_row6 = Spans.From(u, uo + zm + n1);
                Span<double> u_row7 = Spans.From(u, uo + zp - n1);
                Span<double> u_row8 = Spans.From(u, uo + zp + n1);
                for (i1 = 0; i1 < n1; i1++)
                {
                    u2_span[i1] = u_row5[i1] + u_row6[i1] + u_row7[i1] + u_row8[i1];
                }
                Span<double> r_row = Spans.From(r, ro + c + 1);
                Span<double> v_row = Spans.From(v, vo + c + 1);
                Span<double> u_row9 = Spans.From(u, uo + c + 1);
                Span<double> u2_0 = Spans.From(u2, 1);
                Span<double> u1_m1 = Spans.From(u1, 0);
                Span<double> u1_p1 = Spans.From(u1, 2);
                Span<double> u2_m1 = Spans.From(u2, 0);
                Span<double> u2_p1 = Spans.From(u2, 2);
                int i1_count = Math.Max(n1 - 1, 1) - 1;
                for (int i1_k = 0; i1_k < i1_count; i1_k++)
                {
                    r_row[i1_k] = v_row[i1_k] - A0 * u_row9[i1_k] - A2 * (u2_0[i1_k] + u1_m1[i1_k] + u1_p1[i1_k]) - A3 * (u2_m1[i1_k] + u2_p1[i1_k]);
                }
                i1 = 1 + i1_count;
            }
        }
        comm3(r, ro, k);
    }

    void psinv(double[] r, int ro, double[] u, int uo, int k)
    {
        double[] r1 = new double[M1MAX];
        double[] r2 = new double[M1MAX];
        int n1 = m1[k];
        int n2 = m2[k];
        int n3 = m3[k];
        int i1 = 0;
        int i2 = 0;
        int i3 = 0;
        int c = 0;
        int ym = 0;
        int yp = 0;
        int zm = 0;
        int zp = 0;

        for (i3 = 1; i3 < n3 - 1; i3++)
        {
            for (i2 = 1; i2 < n2 - 1; i2++)
            {
                c = n1 * (i2 + n2 * i3);
                ym = c - n1;
                yp = c + n1;
                zm = c - n1 * n2;
                zp = c + n1 * n2;
                Span<double> r1_span = Spans.From(r1, 0);
                Span<double> r_row = Spans.From(r, ro + ym);
                Span<double> r_row2 = Spans.From(r, ro + yp);
                Span<double> r_row3 = Spans.From(r, ro + zm);
                Span<double> r_row4 = Spans.From(r, ro + zp);
                for (i1 = 0; i1 < n1; i1++)
                {
                    r1_span[i1] = r_row[i1] + r_row2[i1] + r_row3[i1] + r_row4[i1];
                }
                Span<double> r2_span = Spans.From(r2, 0);
                Span<double> r_row5 = Spans.From(r, ro + zm - n1);
                Span<double> r_row6 = Spans.From(r, ro + zm + n1);
                Span<double> r_row7 = Spans.From(r, ro + zp - n1);
                Span<double> r_row8 = Spans.From(r, ro + zp + n1);
                for (i1 = 0; i1 < n1; i1++)
                {
                    r2_span[i1] = r_row5[i1] + r_row6[i1] + r_row7[i1] + r_row8[i1];
                }
                Span<double> u_row = Spans.From(u, uo + c + 1);
                Span<double> r_row9 = Spans.From(r, ro + c + 1);
                Span<double> r_row_m1 = Spans.From(r, ro + c);
                Span<double> r_row_p1 = Spans.From(r, ro + c + 2);
                Span<double> r1_0 = Spans.From(r1, 1);
                Span<double> r2_0 = Spans.From(r2, 1);
                Span<double> r1_m1 = Spans.From(r1, 0);
                Span<double> r1_p1 = Spans.From(r1, 2);
                int i1_count = Math.Max(n1 - 1, 1) - 1;
                for (int i1_k = 0; i1_k < i1_count; i1_k++)
                {
                    u_row[i1_k] = u_row[i1_k] + C0 * r_row9[i1_k] + C1 * (r_row_m1[i1_k] + r_row_p1[i1_k] + r1_0[i1_k]) + C2 * (r2_0[i1_k] + r1_m1[i1_k] + r1_p1[i1_k]);
                }
                i1 = 1 + i1_count;
            }
        }
        comm3(u, uo, k);
    }

    /* Fine level k to coarse level k - 1. Coarse point J (global) is centred on
     * fine point 2J. On a level that turns replicated here, each rank computes
     * the coarse planes above its own fine slab and the shares are gathered. */
    void rprj3(double[] r, int ro, int k, double[] s, int so)
    {
        double[] x1 = new double[M1MAX];
        double[] y1 = new double[M1MAX];
        double x2 = 0;
        double y2 = 0;
        int j = k - 1;
        int n1 = m1[k];
        int n2 = m2[k];
        int c1 = m1[j];
        int c2 = m2[j];
        int j1 = 0;
        int j2 = 0;
        int j3 = 0;
        int i1 = 0;
        int i2 = 0;
        int i3 = 0;
        int jlo = 0;
        int jhi = 0;
        int f00 = 0;
        int f01 = 0;
        int f10 = 0;
        int f11 = 0;
        int f02 = 0;
        int f20 = 0;
        int f22 = 0;
        int f12 = 0;
        int f21 = 0;

        /* The coarse planes my fine planes cover, as local coarse indices. */
        jlo = zoff[k] / 2 + 1 - zoff[j];
        jhi = (zoff[k] + planes[k]) / 2 - zoff[j];

        for (j3 = jlo; j3 <= jhi; j3++)
        {
            i3 = 2 * (j3 + zoff[j]) - 1 - zoff[k];
            for (j2 = 1; j2 < c2 - 1; j2++)
            {
                i2 = 2 * j2 - 1;
                /* rows (i2 + a, i3 + b) of the 3 x 3 fine neighbourhood */
                f00 = ro + n1 * (i2 + n2 * i3);
                f01 = ro + n1 * (i2 + n2 * (i3 + 1));
                f02 = ro + n1 * (i2 + n2 * (i3 + 2));
                f10 = f00 + n1;
                f11 = f01 + n1;
                f12 = f02 + n1;
                f20 = f10 + n1;
                f21 = f11 + n1;
                f22 = f12 + n1;
                Span<double> x1_span = Spans.From(x1, 0);
                Span<double> r_span = Spans.From(r, 0);
                Span<double> y1_span = Spans.From(y1, 0);
                for (j1 = 1; j1 < c1; j1++)
                {
                    i1 = 2 * j1 - 1;
                    x1_span[i1] = r_span[f01 + i1] + r_span[f21 + i1] + r_span[f10 + i1] + r_span[f12 + i1];
                    y1_span[i1] = r_span[f00 + i1] + r_span[f02 + i1] + r_span[f20 + i1] + r_span[f22 + i1];
                }
                Span<double> r_span2 = Spans.From(r, 0);
                Span<double> s_span = Spans.From(s, 0);
                Span<double> x1_span2 = Spans.From(x1, 0);
                Span<double> y1_span2 = Spans.From(y1, 0);
                for (j1 = 1; j1 < c1 - 1; j1++)
                {
                    i1 = 2 * j1 - 1;
                    y2 = r_span2[f00 + i1 + 1] + r_span2[f02 + i1 + 1] + r_span2[f20 + i1 + 1] + r_span2[f22 + i1 + 1];
                    x2 = r_span2[f01 + i1 + 1] + r_span2[f21 + i1 + 1] + r_span2[f10 + i1 + 1] + r_span2[f12 + i1 + 1];
                    s_span[so + j1 + c1 * (j2 + c2 * j3)] = 0.5 * r_span2[f11 + i1 + 1] + 0.25 * (r_span2[f11 + i1] + r_span2[f11 + i1 + 2] + x2) + 0.125 * (x1_span2[i1] + x1_span2[i1 + 2] + y2) + 0.0625 * (y1_span2[i1] + y1_span2[i1 + 2]);
                }
            }
        }

        if (distributed[k] != 0 && !(distributed[j] != 0) && mg_size > 1)
        {
            gather_planes(s, so, j, jhi - jlo + 1);
        }
        comm3(s, so, j);
    }

    /* Coarse level j to fine level j + 1: coarse plane I feeds fine planes 2I
     * and 2I + 1 (global, ghosts included); I run over the coarse planes that
     * feed my fine planes. */
    void interp(double[] z, int zo, int j, double[] u, int uo)
    {
        double[] z1 = new double[M1MAX];
        double[] z2 = new double[M1MAX];
        double[] z3 = new double[M1MAX];
        int k = j + 1;
        int mm1 = m1[j];
        int mm2 = m2[j];
        int n1 = m1[k];
        int n2 = m2[k];
        int i1 = 0;
        int i2 = 0;
        int i3 = 0;
        int ilo = 0;
        int ihi = 0;
        int c00 = 0;
        int c10 = 0;
        int c01 = 0;
        int c11 = 0;
        int f00 = 0;
        int f10 = 0;
        int f01 = 0;
        int f11 = 0;
        int fz = 0;

        ilo = zoff[k] / 2 - zoff[j];
        ihi = (zoff[k] + planes[k]) / 2 - zoff[j];

        for (i3 = ilo; i3 <= ihi; i3++)
        {
            fz = 2 * (i3 + zoff[j]) - zoff[k]; /* my local fine plane of 2I */
            for (i2 = 0; i2 < mm2 - 1; i2++)
            {
                c00 = zo + mm1 * (i2 + mm2 * i3);
                c10 = c00 + mm1; /* i2 + 1 */
                c01 = c00 + mm1 * mm2; /* i3 + 1 */
                c11 = c01 + mm1;
                f00 = uo + n1 * (2 * i2 + n2 * fz);
                f10 = f00 + n1;
                f01 = f00 + n1 * n2;
                f11 = f01 + n1;
                Span<double> z1_span = Spans.From(z1, 0);
                Span<double> z_row = Spans.From(z, c10);
                Span<double> z_row2 = Spans.From(z, c00);
                Span<double> z2_span = Spans.From(z2, 0);
                Span<double> z_row3 = Spans.From(z, c01);
                Span<double> z3_span = Spans.From(z3, 0);
                Span<double> z_row4 = Spans.From(z, c11);
                for (i1 = 0; i1 < mm1; i1++)
                {
                    z1_span[i1] = z_row[i1] + z_row2[i1];
                    z2_span[i1] = z_row3[i1] + z_row2[i1];
                    z3_span[i1] = z_row4[i1] + z_row3[i1] + z1_span[i1];
                }
                Span<double> z_row5 = Spans.From(z, c00);
                Span<double> z_row6 = Spans.From(z, c00 + 1);
                Span<double> u_span = Spans.From(u, 0);
                for (i1 = 0; i1 < mm1 - 1; i1++)
                {
                    u_span[f00 + 2 * i1] = u_span[f00 + 2 * i1] + z_row5[i1];
                    u_span[f00 + 2 * i1 + 1] = u_span[f00 + 2 * i1 + 1] + 0.5 * (z_row6[i1] + z_row5[i1]);
                }
                Span<double> z1_span2 = Spans.From(z1, 0);
                Span<double> z1_p1 = Spans.From(z1, 1);
                Span<double> u_span2 = Spans.From(u, 0);
                for (i1 = 0; i1 < mm1 - 1; i1++)
                {
                    u_span2[f10 + 2 * i1] = u_span2[f10 + 2 * i1] + 0.5 * z1_span2[i1];
                    u_span2[f10 + 2 * i1 + 1] = u_span2[f10 + 2 * i1 + 1] + 0.25 * (z1_span2[i1] + z1_p1[i1]);
                }
                Span<double> z2_span2 = Spans.From(z2, 0);
                Span<double> z2_p1 = Spans.From(z2, 1);
                Span<double> u_span3 = Spans.From(u, 0);
                for (i1 = 0; i1 < mm1 - 1; i1++)
                {
                    u_span3[f01 + 2 * i1] = u_span3[f01 + 2 * i1] + 0.5 * z2_span2[i1];
                    u_span3[f01 + 2 * i1 + 1] = u_span3[f01 + 2 * i1 + 1] + 0.25 * (z2_span2[i1] + z2_p1[i1]);
                }
                Span<double> z3_span2 = Spans.From(z3, 0);
                Span<double> z3_p1 = Spans.From(z3, 1);
                Span<double> u_span4 = Spans.From(u, 0);
                for (i1 = 0; i1 < mm1 - 1; i1++)
                {
                    u_span4[f11 + 2 * i1] = u_span4[f11 + 2 * i1] + 0.25 * z3_span2[i1];
                    u_span4[f11 + 2 * i1 + 1] = u_span4[f11 + 2 * i1 + 1] + 0.125 * (z3_span2[i1] + z3_p1[i1]);
                }
            }
        }
        comm3(u, uo, k);
    }

    /* Accumulating timers: timer_stop adds the time since timer_start. */
    double[] timer_started_at = new double[NPB_MAX_TIMERS];
    double[] timer_elapsed = new double[NPB_MAX_TIMERS];

    void timer_clear(int n)
    {
        timer_elapsed[n] = 0.0;
    }

    void timer_start(int n)
    {
        timer_started_at[n] = cMPI.Wtime();
    }

    void timer_stop(int n)
    {
        timer_elapsed[n] += cMPI.Wtime() - timer_started_at[n];
    }

    double timer_read(int n)
    {
        return timer_elapsed[n];
    }
    /* The NPB-style end-of-run report, printed by rank 0. Timing-dependent
     * values are only on the lines that start with " Time in seconds =" and
     * " Mop/s", so a test can mask exactly those. */
    /* n2 == 0 and n3 == 0: a 1-D size n1; otherwise an n1 x n2 x n3 grid. */
    /* NPB pseudo-random numbers: the linear congruential generator
     * x(k+1) = a * x(k) mod 2^46, returned as x(k+1) * 2^-46 in (0, 1).
     * a = 5^13 in every kernel. All intermediates are exact integers below
     * 2^53, so the sequence is the same on any IEEE double machine. */
    /* The problem class is chosen at compile time with -DCLASS=S, W or A
     * (S when not given). npbparams.h of each kernel tests NPB_CLASS:
     *   #if NPB_CLASS == NPB_CLASS_S ... #elif NPB_CLASS == NPB_CLASS_W ... */

    public static int Main(string[] args) => CProgram.Run("c_timers", args, (argc, argv) => new MG().main(argc, CArgv.From(argv)));
}
