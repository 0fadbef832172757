// Translated by cmpi-translate from cg.c, matrix.c, c_timers.c, print_results.c, randdp.c. Edit freely: this is now your code.
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
public sealed class CG
{
    /* NPB CG's matrix, from the NPB 3.3 definition of makea/sparse/sprnvc:
     *   A = sum over i = 0..NA-1 of ratio^i * v_i v_i^T + (RCOND - SHIFT) I,
     * ratio = RCOND^(1/NA). v_i has NONZER random entries at random positions
     * (sprnvc: pairs of randlc numbers, value then position, positions drawn as
     * int(nn1 * u) + 1 with nn1 the power of two >= NA, out-of-range and
     * repeated positions skipped) and then 0.5 at position i (vecset).
     * Entries that meet at one (row, column) are summed in the order of i, and
     * the diagonal term is added to entry (i, i) while v_i is processed, as
     * NPB's sparse() does. Rows are stored compressed, columns ascending. */
    const double RCOND = 0.1;
    const double MATRIX_SEED = 314159265.0;
    const double MATRIX_MULT = 1220703125.0;
    const int VEC_MAX = (NONZER + 1);
    const int NZ_MAX = (NA * (NONZER + 1) * (NONZER + 1));

    /* The generated outer vectors v_i: positions 0-based. */
    int[] outer_count = new int[NA];
    int[] outer_index = new int[NA * VEC_MAX];
    double[] outer_value = new double[NA * VEC_MAX];

    /* My rows, compressed: row j (local, 0-based) has entries
     * row_start[j] .. row_start[j] + row_len[j] - 1. */
    double[] a = new double[NZ_MAX];
    int[] colidx = new int[NZ_MAX];
    int[] row_start = new int[NA + 1];
    int[] row_len = new int[NA];
    int first_row = 0;
    int num_rows = 0;

    double tran = 0;

    /* Build one random sparse vector of NONZER distinct positions in 1..NA. */
    int sprnvc(double[] v, int[] iv, int nn1)
    {
        int nzv = 0;
        int i = 0;
        int k = 0;
        int seen = 0;
        double @value = 0;
        double position = 0;

        while (nzv < NONZER)
        {
            @value = randlc(ref tran, MATRIX_MULT);
            position = randlc(ref tran, MATRIX_MULT);
            i = double.ConvertToIntegerNative<int>(nn1 * position) + 1;
            if (i > NA)
            {
                continue;
            }
            seen = 0;
            Span<int> iv_span = Spans.From(iv, 0);
            for (k = 0; k < nzv; k++)
            {
                if (iv_span[k] == i)
                {
                    seen = 1;
                }
            }
            if (seen != 0)
            {
                continue;
            }
            v[nzv] = @value;
            iv[nzv] = i;
            nzv++;
        }
        return nzv;
    }

    /* Set position i of the sparse vector to val, appending it if absent. */
    int vecset(double[] v, int[] iv, int nzv, int i, double val)
    {
        int k = 0;
        int found = 0;

        for (k = 0; k < nzv; k++)
        {
            if (iv[k] == i)
            {
                v[k] = val;
                found = 1;
            }
        }
        if (!(found != 0))
        {
            v[nzv] = val;
            iv[nzv] = i;
            nzv++;
        }
        return nzv;
    }

    /* Add va to entry (row, col) of my local row `row`, appending if new. */
    void add_entry(int row, int col, double va)
    {
        int k = 0;
        int start = row_start[row];
        int end = row_start[row] + row_len[row];

        for (k = start; k < end; k++)
        {
            if (colidx[k] == col)
            {
                a[k] = a[k] + va;
                return;
            }
        }
        colidx[end] = col;
        a[end] = va;
        row_len[row]++;
    }

    /* Columns ascending within each row (insertion sort: rows are short). */
    void sort_rows()
    {
        int row = 0;
        int k = 0;
        int m = 0;
        int col = 0;
        double val = 0;

        for (row = 0; row < num_rows; row++)
        {
            for (k = row_start[row] + 1; k < row_start[row] + row_len[row]; k++)
            {
                col = colidx[k];
                val = a[k];
                m = k - 1;
                while (m >= row_start[row] && colidx[m] > col)
                {
                    colidx[m + 1] = colidx[m];
                    a[m + 1] = a[m];
                    m--;
                }
                colidx[m + 1] = col;
                a[m + 1] = val;
            }
        }
    }

    /* Close the gaps between rows left by the upper-bound reservation. */
    void compact_rows()
    {
        int row = 0;
        int k = 0;
        int next = 0;
        int start = 0;

        Span<int> colidx_span = Spans.From(colidx, 0);
        Span<double> a_span = Spans.From(a, 0);
        for (row = 0; row < num_rows; row++)
        {
            start = row_start[row];
            row_start[row] = next;
            Span<int> colidx_row = Spans.From(colidx, start);
            Span<double> a_row = Spans.From(a, start);
            for (k = 0; k < row_len[row]; k++)
            {
                colidx_span[next] = colidx_row[k];
                a_span[next] = a_row[k];
                next++;
            }
        }
        row_start[num_rows] = next;
    }

    void makea(int lo, int hi)
    {
        double[] vc = new double[VEC_MAX];
        double size = 0;
        double ratio = 0;
        double scale = 0;
        double va = 0;
        int[] ivc = new int[VEC_MAX];
        int nn1 = 0;
        int i = 0;
        int k = 0;
        int m = 0;
        int nzv = 0;
        int row = 0;
        int col = 0;

        first_row = lo;
        num_rows = hi - lo;

        /* The same random stream as NPB: one number is drawn before makea. */
        tran = MATRIX_SEED;
        randlc(ref tran, MATRIX_MULT);

        nn1 = 1;
        do
        {
            nn1 = 2 * nn1;
        } while (nn1 < NA);

        for (i = 0; i < NA; i++)
        {
            nzv = sprnvc(vc, ivc, nn1);
            nzv = vecset(vc, ivc, nzv, i + 1, 0.5);
            outer_count[i] = nzv;
            Span<int> outer_index_row = Spans.From(outer_index, i * VEC_MAX);
            Span<int> ivc_span = Spans.From(ivc, 0);
            Span<double> outer_value_row = Spans.From(outer_value, i * VEC_MAX);
            Span<double> vc_span = Spans.From(vc, 0);
            for (k = 0; k < nzv; k++)
            {
                outer_index_row[k] = ivc_span[k] - 1;
                outer_value_row[k] = vc_span[k];
            }
        }

        /* Reserve for each of my rows the most entries it can receive. */
        row = Spans.Fill<int>(row_start, 0, 0, (long)(num_rows) + 1, 0);
        for (i = 0; i < NA; i++)
        {
            for (k = 0; k < outer_count[i]; k++)
            {
                row = outer_index[i * VEC_MAX + k];
                if (row >= lo && row < hi)
                {
                    row_start[row - lo + 1] += outer_count[i];
                }
            }
        }
        Span<int> row_start_from1 = Spans.From(row_start, 1);
        Span<int> row_start_span = Spans.From(row_start, 0);
        Span<int> row_len_span = Spans.From(row_len, 0);
        int row_limit = num_rows;
        for (row = 0; row < row_limit; row++)
        {
            row_start_from1[row] += row_start_span[row];
            row_len_span[row] = 0;
        }

        ratio = Math.Pow(RCOND, 1.0 / (double)NA);
        size = 1.0;
        for (i = 0; i < NA; i++)
        {
            for (k = 0; k < outer_count[i]; k++)
            {
                row = outer_index[i * VEC_MAX + k];
                if (row < lo || row >= hi)
                {
                    continue;
                }
                scale = size * outer_value[i * VEC_MAX + k];
                for (m = 0; m < outer_count[i]; m++)
                {
                    col = outer_index[i * VEC_MAX + m];
                    va = outer_value[i * VEC_MAX + m] * scale;
                    if (col == row && row == i)
                    {
                        va = va + RCOND - SHIFT;
                    }
                    add_entry(row - lo, col, va);
                }
            }
            size = size * ratio;
        }

        sort_rows();
        compact_rows();
    }

    void matvec(double[] v, double[] result)
    {
        int row = 0;
        int k = 0;
        double sum = 0;

        Span<double> a_span = Spans.From(a, 0);
        Span<int> colidx_span = Spans.From(colidx, 0);
        Span<double> v_span = Spans.From(v, 0);
        for (row = 0; row < num_rows; row++)
        {
            sum = 0.0;
            int k_start = row_start[row];
            int k_limit = row_start[row + 1];
            for (k = k_start; k < k_limit; k++)
            {
                sum = sum + a_span[k] * v_span[colidx_span[k]];
            }
            result[first_row + row] = sum;
        }
    }

    /* CG problem size by class and the official zeta. */
    const int CLASS_CHAR = 'S';
    const int NA = 1400;
    const int NONZER = 7;
    const int NITER = 15;
    const double SHIFT = 10.0;
    const double ZETA_VERIFY_VALUE = 8.5971775078648;
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

    /* Wall-clock timers on MPI_Wtime, numbered 0..NPB_MAX_TIMERS-1. */
    const int NPB_MAX_TIMERS = 64;

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
    const int CG_STEPS = 25;
    const double EPSILON = 1.0e-10;
    const int TAG_GATHER = 2000;
    const int TAG_SUM = 2001;

    /* Global vectors (length NA); each rank computes its own rows only. */
    double[] x = new double[NA];
    double[] z = new double[NA];
    double[] p = new double[NA];
    double[] q = new double[NA];
    double[] r = new double[NA];

    int my_rank = 0;

    int comm_size = 0;

    /* First row of rank `rank`'s block (rank == comm_size gives NA). */
    int block_start(int rank)
    {
        return (int)((long)rank * NA / comm_size);
    }

    /* Make v[] whole on every rank: at each doubling step exchange the rows of
     * my group of ranks for those of the partner group. */
    void allgather_vector(double[] v)
    {
        int dist = 0;
        int partner = 0;
        int my_lo = 0;
        int my_hi = 0;
        int their_lo = 0;
        int their_hi = 0;
        Request request = default;
        Status status = default;

        for (dist = 1; dist < comm_size; dist *= 2)
        {
            partner = my_rank ^ dist;
            my_lo = block_start(my_rank & ~(dist - 1));
            my_hi = block_start((my_rank & ~(dist - 1)) + dist);
            their_lo = block_start(partner & ~(dist - 1));
            their_hi = block_start((partner & ~(dist - 1)) + dist);
            cMPI.Irecv(v, their_lo, their_hi - their_lo, MPI_DOUBLE, partner, TAG_GATHER, cMPI.COMM_WORLD, out request);
            cMPI.Send(v, my_lo, my_hi - my_lo, MPI_DOUBLE, partner, TAG_GATHER, cMPI.COMM_WORLD);
            cMPI.Wait(ref request, out status);
        }
    }

    /* Sum s[0..n-1] over all ranks by recursive doubling; a + b == b + a, so
     * both partners of a step hold the same sums afterwards. */
    void global_sum(double[] s, int n)
    {
        double[] other = new double[2];
        int dist = 0;
        int partner = 0;
        int i = 0;
        Request request = default;
        Status status = default;

        for (dist = 1; dist < comm_size; dist *= 2)
        {
            partner = my_rank ^ dist;
            cMPI.Irecv(other, 0, n, MPI_DOUBLE, partner, TAG_SUM, cMPI.COMM_WORLD, out request);
            cMPI.Send(s, 0, n, MPI_DOUBLE, partner, TAG_SUM, cMPI.COMM_WORLD);
            cMPI.Wait(ref request, out status);
            for (i = 0; i < n; i++)
            {
                s[i] = s[i] + other[i];
            }
        }
    }

    double dot(double[] u, double[] v, int lo, int hi)
    {
        double[] s = new double[1];
        int j = 0;

        s[0] = 0.0;
        double s_0 = s[0];
        for (j = lo; j < hi; j++)
        {
            s_0 = s_0 + u[j] * v[j];
        }
        s[0] = s_0;
        global_sum(s, 1);
        return s[0];
    }

    /* 25 CG steps on A z = x from z = 0; returns |x - A z|. */
    double conj_grad(int lo, int hi)
    {
        double rho = 0;
        double rho0 = 0;
        double d = 0;
        double alpha = 0;
        double beta = 0;
        double[] sum = new double[1];
        double diff = 0;
        int j = 0;
        int step = 0;

        Span<double> q_span = Spans.From(q, 0);
        Span<double> z_span = Spans.From(z, 0);
        Span<double> r_span = Spans.From(r, 0);
        Span<double> x_span = Spans.From(x, 0);
        Span<double> p_span = Spans.From(p, 0);
        for (j = lo; j < hi; j++)
        {
            q_span[j] = 0.0;
            z_span[j] = 0.0;
            r_span[j] = x_span[j];
            p_span[j] = r_span[j];
        }
        rho = dot(r, r, lo, hi);

        Span<double> z_span2 = Spans.From(z, 0);
        Span<double> p_span2 = Spans.From(p, 0);
        Span<double> r_span2 = Spans.From(r, 0);
        Span<double> q_span2 = Spans.From(q, 0);
        for (step = 1; step <= CG_STEPS; step++)
        {
            allgather_vector(p);
            matvec(p, q);
            d = dot(p, q, lo, hi);
            alpha = rho / d;
            rho0 = rho;
            for (j = lo; j < hi; j++)
            {
                z_span2[j] = z_span2[j] + alpha * p_span2[j];
                r_span2[j] = r_span2[j] - alpha * q_span2[j];
            }
            rho = dot(r, r, lo, hi);
            beta = rho / rho0;
            for (j = lo; j < hi; j++)
            {
                p_span2[j] = r_span2[j] + beta * p_span2[j];
            }
        }

        /* The residual norm, from A z rather than the recurrence. */
        allgather_vector(z);
        matvec(z, r);
        sum[0] = 0.0;
        Span<double> x_span2 = Spans.From(x, 0);
        Span<double> r_span3 = Spans.From(r, 0);
        double sum_0 = sum[0];
        for (j = lo; j < hi; j++)
        {
            diff = x_span2[j] - r_span3[j];
            sum_0 = sum_0 + diff * diff;
        }
        sum[0] = sum_0;
        global_sum(sum, 1);
        return Math.Sqrt(sum[0]);
    }

    /* One outer iteration: solve, then zeta from x . z and x = z / |z|. */
    double power_step(int lo, int hi, ref double rnorm)
    {
        double[] norms = new double[2];
        double scale = 0;
        int j = 0;

        rnorm = conj_grad(lo, hi);
        norms[0] = 0.0;
        norms[1] = 0.0;
        Span<double> x_span = Spans.From(x, 0);
        Span<double> z_span = Spans.From(z, 0);
        double norms_0 = norms[0];
        double norms_1 = norms[1];
        for (j = lo; j < hi; j++)
        {
            norms_0 = norms_0 + x_span[j] * z_span[j];
            norms_1 = norms_1 + z_span[j] * z_span[j];
        }
        norms[0] = norms_0;
        norms[1] = norms_1;
        global_sum(norms, 2);
        scale = 1.0 / Math.Sqrt(norms[1]);
        Span<double> x_span2 = Spans.From(x, 0);
        Span<double> z_span2 = Spans.From(z, 0);
        for (j = lo; j < hi; j++)
        {
            x_span2[j] = scale * z_span2[j];
        }
        return SHIFT + 1.0 / norms[0];
    }

    int is_power_of_two(int n)
    {
        return n > 0 && (n & (n - 1)) == 0 ? 1 : 0;
    }

    public int main(int argc, Ptr<sbyte>[] argv)
    {
        int lo = 0;
        int hi = 0;
        int j = 0;
        int it = 0;
        int verified = 0;
        double zeta = 0;
        double rnorm = 0;
        double seconds = 0;
        double tmax = 0;
        double mops = 0;
        double err = 0;

        cMPI.Init();
        cMPI.Comm_rank(cMPI.COMM_WORLD, out my_rank);
        cMPI.Comm_size(cMPI.COMM_WORLD, out comm_size);

        if (!(is_power_of_two(comm_size) != 0) || comm_size > NA)
        {
            if (my_rank == 0)
            {
                printf(" CG needs a power-of-two number of processes, not %d\n", comm_size);
            }
            cMPI.Finalize();
            return 1;
        }

        if (my_rank == 0)
        {
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
        j = Spans.Fill<double>(x, 0, lo, hi, 1.0);
        zeta = power_step(lo, hi, ref rnorm);
        j = Spans.Fill<double>(x, 0, lo, hi, 1.0);
        zeta = 0.0;

        cMPI.Barrier(cMPI.COMM_WORLD);
        timer_clear(0);
        timer_start(0);
        for (it = 1; it <= NITER; it++)
        {
            zeta = power_step(lo, hi, ref rnorm);
            if (my_rank == 0)
            {
                if (it == 1)
                {
                    printf("\n   iteration           ||r||                 zeta\n");
                }
                printf("    %5d       %20.14e%20.13f\n", it, rnorm, zeta);
            }
        }
        timer_stop(0);
        seconds = timer_read(0);
        cMPI.Reduce(ref seconds, ref tmax, 1, MPI_DOUBLE, MPI_MAX, 0, cMPI.COMM_WORLD);

        if (my_rank == 0)
        {
            printf(" Benchmark completed\n");
            err = Math.Abs(zeta - ZETA_VERIFY_VALUE) / ZETA_VERIFY_VALUE;
            verified = err <= EPSILON ? 1 : 0;
            if (verified != 0)
            {
                printf(" VERIFICATION SUCCESSFUL\n");
            }
            else
            {
                printf(" VERIFICATION FAILED\n");
            }
            printf(" Zeta is    %20.13e\n", zeta);
            printf(" Error is   %20.13e\n", err);
            mops = 0.0;
            if (tmax > 0.0)
            {
                mops = 2.0 * NITER * NA * (3.0 + (double)(NONZER * (NONZER + 1)) + 25.0 * (5.0 + (double)(NONZER * (NONZER + 1))) + 3.0) / tmax / 1000000.0;
            }
            print_results(CStrings.FromString("CG"), (sbyte)CLASS_CHAR, NA, 0, 0, NITER, comm_size, tmax, mops, CStrings.FromString("floating point"), verified);
        }

        cMPI.Finalize();
        return 0;
    }
    /* The problem class is chosen at compile time with -DCLASS=S, W or A
     * (S when not given). npbparams.h of each kernel tests NPB_CLASS:
     *   #if NPB_CLASS == NPB_CLASS_S ... #elif NPB_CLASS == NPB_CLASS_W ... */
    /* NPB pseudo-random numbers: the linear congruential generator
     * x(k+1) = a * x(k) mod 2^46, returned as x(k+1) * 2^-46 in (0, 1).
     * a = 5^13 in every kernel. All intermediates are exact integers below
     * 2^53, so the sequence is the same on any IEEE double machine. */
    /* CG's sparse matrix: generation and product, for the rows this rank owns. */
    /* Build rows [lo, hi) of NPB's matrix A (every rank draws the whole random
     * sequence; it keeps only its rows). */
    /* result[j] = (A v)[j] for my rows j in [lo, hi); v must be whole. */
    /* The NPB-style end-of-run report, printed by rank 0. Timing-dependent
     * values are only on the lines that start with " Time in seconds =" and
     * " Mop/s", so a test can mask exactly those. */
    /* n2 == 0 and n3 == 0: a 1-D size n1; otherwise an n1 x n2 x n3 grid. */

    public static int Main(string[] args) => CProgram.Run("cg", args, (argc, argv) => new CG().main(argc, CArgv.From(argv)));
}
