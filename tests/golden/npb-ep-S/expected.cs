// Translated by cmpi-translate from c_timers.c, print_results.c, randdp.c, ep.c. Edit freely: this is now your code.
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
public sealed class EP
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

    /* NPB EP (embarrassingly parallel), written for cmpi from the NPB 3.3
     * definition: generate 2^(M+1) uniform numbers with randlc (seed 271828183),
     * turn pairs into Gaussian deviates by the Marsaglia polar method, and count
     * them in square annuli. The 2^(M-MK) blocks of 2^MK pairs are shared out
     * among the ranks; each block starts from a seed found by jumping ahead in
     * the sequence, so the result does not depend on the number of ranks apart
     * from the order of the final sums. Verified on sx and sy. */
    const int MK = 16;
    const int NN = (1<< ((M - MK))); /* number of blocks */
    const int NK = (1<< MK); /* pairs per block */
    const int NQ = 10; /* number of annuli counted */
    const double EPSILON = 1.0e-8;
    const double A_MULT = 1220703125.0;
    const double SEED = 271828183.0;

    double[] x = new double[2 * NK]; /* one block of uniform numbers */
    double[] q = new double[NQ]; /* this rank's annulus counts */
    double[] q_total = new double[NQ]; /* summed over ranks */

    double larger(double a, double b)
    {
        return CMath.IfGreater(a, b);
    }

    /* a^(2 NK): the multiplier that jumps one whole block ahead. */
    double block_multiplier()
    {
        double t1 = A_MULT;
        int i = 0;

        for (i = 0; i < MK + 1; i++)
        {
            randlc(ref t1, t1);
        }
        return t1;
    }

    /* The seed of block kk (0-based): SEED * an^kk by binary powering. */
    double block_seed(int kk, double an)
    {
        double t1 = SEED;
        double t2 = an;
        int ik = 0;

        while (kk != 0)
        {
            ik = kk / 2;
            if (2 * ik != kk)
            {
                randlc(ref t1, t2);
            }
            randlc(ref t2, t2);
            kk = ik;
        }
        return t1;
    }

    /* Generate block kk and add its Gaussian pairs to the sums and counts. */
    void do_block(int kk, double an, ref double sx, ref double sy)
    {
        double seed = block_seed(kk, an);
        double x1 = 0;
        double x2 = 0;
        double t1 = 0;
        double t2 = 0;
        double t3 = 0;
        double t4 = 0;
        int i = 0;
        int l = 0;

        vranlc(2 * NK, ref seed, A_MULT, x);
        for (i = 0; i < NK; i++)
        {
            x1 = 2.0 * x[2 * i] - 1.0;
            x2 = 2.0 * x[2 * i + 1] - 1.0;
            t1 = x1 * x1 + x2 * x2;
            if (t1 <= 1.0)
            {
                t2 = Math.Sqrt(-2.0 * CMath.log(t1) / t1);
                t3 = x1 * t2;
                t4 = x2 * t2;
                l = double.ConvertToIntegerNative<int>(larger(Math.Abs(t3), Math.Abs(t4)));
                q[l] += 1.0;
                sx += t3;
                sy += t4;
            }
        }
    }

    public int main(int argc, Ptr<sbyte>[] argv)
    {
        int rank = 0;
        int nprocs = 0;
        int i = 0;
        int k = 0;
        int first_block = 0;
        int nblocks = 0;
        int extra = 0;
        int verified = 0;
        double an = 0;
        double sx = 0;
        double sy = 0;
        double[] sums = new double[2];
        double[] sums_total = new double[2];
        double gc = 0;
        double seconds = 0;
        double tmax = 0;
        double mops = 0;
        double sx_err = 0;
        double sy_err = 0;

        cMPI.Init();
        cMPI.Comm_size(cMPI.COMM_WORLD, out nprocs);
        cMPI.Comm_rank(cMPI.COMM_WORLD, out rank);

        if (rank == 0)
        {
            printf("\n\n NAS Parallel Benchmarks 3.3 -- EP Benchmark (cmpi C+MPI)\n\n");
            printf(" Number of random numbers generated: %15d\n", 2 * NN * NK);
            printf(" Number of active processes:         %15d\n", nprocs);
        }

        /* Blocks are dealt out in contiguous runs; the first `extra` ranks
         * take one block more. */
        nblocks = NN / nprocs;
        extra = NN % nprocs;
        if (rank < extra)
        {
            nblocks = nblocks + 1;
            first_block = rank * nblocks;
        }
        else
        {
            first_block = extra * (nblocks + 1) + (rank - extra) * nblocks;
        }

        an = block_multiplier();
        sx = 0.0;
        sy = 0.0;
        Span<double> q_span = Spans.From(q, 0);
        for (i = 0; i < NQ; i++)
        {
            q_span[i] = 0.0;
        }

        cMPI.Barrier(cMPI.COMM_WORLD);
        timer_clear(0);
        timer_start(0);

        for (k = 0; k < nblocks; k++)
        {
            do_block(first_block + k, an, ref sx, ref sy);
        }

        sums[0] = sx;
        sums[1] = sy;
        cMPI.Allreduce(sums, 0, sums_total, 0, 2, MPI_DOUBLE, MPI_SUM, cMPI.COMM_WORLD);
        cMPI.Allreduce(q, 0, q_total, 0, NQ, MPI_DOUBLE, MPI_SUM, cMPI.COMM_WORLD);
        sx = sums_total[0];
        sy = sums_total[1];

        timer_stop(0);
        seconds = timer_read(0);
        cMPI.Reduce(ref seconds, ref tmax, 1, MPI_DOUBLE, MPI_MAX, 0, cMPI.COMM_WORLD);
        cMPI.Bcast(ref tmax, 1, MPI_DOUBLE, 0, cMPI.COMM_WORLD);

        gc = 0.0;
        Span<double> q_total_span = Spans.From(q_total, 0);
        for (i = 0; i < NQ; i++)
        {
            gc += q_total_span[i];
        }

        sx_err = Math.Abs((sx - SX_VERIFY_VALUE) / SX_VERIFY_VALUE);
        sy_err = Math.Abs((sy - SY_VERIFY_VALUE) / SY_VERIFY_VALUE);
        verified = sx_err <= EPSILON && sy_err <= EPSILON ? 1 : 0;

        if (rank == 0)
        {
            mops = tmax > 0.0 ? Math.Pow(2.0, M + 1) / tmax / 1000000.0 : 0.0;
            printf(" EP Benchmark Results:\n\n");
            printf(" N = 2^%5d\n", M);
            printf(" No. Gaussian Pairs = %15.0f\n", gc);
            printf(" Sums = %25.15e %25.15e\n", sx, sy);
            printf(" Counts: \n");
            for (i = 0; i < NQ; i++)
            {
                printf("%3d%15.0f\n", i, q_total[i]);
            }
            printf(" Relative errors: sx %.3e, sy %.3e (tolerance %.1e)\n", sx_err, sy_err, EPSILON);
            print_results(CStrings.FromString("EP"), (sbyte)CLASS_CHAR, 1 << (M + 1), 0, 0, 0, nprocs, tmax, mops, CStrings.FromString("Random numbers generated"), verified);
        }

        cMPI.Finalize();
        return 0;
    }

    /* EP problem size by class: 2^M pairs of uniform numbers in blocks of 2^MK. */
    const int CLASS_CHAR = 'S';
    const int M = 24;
    const double SX_VERIFY_VALUE = (- 3.247834652034740e+3);
    const double SY_VERIFY_VALUE = (- 6.958407078382297e+3);
    /* Wall-clock timers on MPI_Wtime, numbered 0..NPB_MAX_TIMERS-1. */
    const int NPB_MAX_TIMERS = 64;
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

    public static int Main(string[] args) => CProgram.Run("c_timers", args, (argc, argv) => new EP().main(argc, CArgv.From(argv)));
}
