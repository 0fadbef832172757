// Translated by cmpi-translate from c_timers.c, print_results.c, randdp.c, fft.c, ft.c. Edit freely: this is now your code.
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
public sealed class FT
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

    /* FT's 3-D FFT: radix-2 1-D transforms along each axis, and the transposes
     * between the z-slab and y-slab layouts (ft.h).
     *
     * The 1-D transform is unnormalised, forward with exp(-2 pi i jk/n),
     * inverse with exp(+2 pi i jk/n), so inverse(forward(u)) = n u. Roots are
     * computed once with cos and sin for the largest size; a size n uses every
     * (MAXDIM/n)-th root. */
    dcomplex[] roots = new dcomplex[MAXDIM / 2];
    dcomplex[] line = new dcomplex[MAXDIM];
    double[] send_buf = new double[2 * NTOTAL];
    double[] recv_buf = new double[2 * NTOTAL];

    void fft_init()
    {
        double pi = 3.141592653589793238;
        double angle = 0;
        int k = 0;

        Span<dcomplex> roots_span = Spans.From(roots, 0);
        for (k = 0; k < MAXDIM / 2; k++)
        {
            angle = 2.0 * pi * (double)k / (double)MAXDIM;
            ref dcomplex roots_span_k = ref roots_span[k];
            roots_span_k.real = Math.Cos(angle);
            roots_span_k.imag = -Math.Sin(angle);
        }
    }

    /* In place on line[0..n-1]; direction 1 forward, -1 inverse. */
    void fft_line(int n, int direction)
    {
        int i = 0;
        int j = 0;
        int bit = 0;
        int len = 0;
        int half = 0;
        int start = 0;
        int k = 0;
        int step = 0;
        double wr = 0;
        double wi = 0;
        double br = 0;
        double bi = 0;
        dcomplex t = default;

        /* bit-reversal permutation */
        j = 0;
        for (i = 0; i < n - 1; i++)
        {
            if (i < j)
            {
                t = line[i];
                line[i] = line[j];
                line[j] = t;
            }
            bit = n / 2;
            while (bit >= 1 && (j & bit) != 0)
            {
                j = j ^ bit;
                bit = bit / 2;
            }
            j = j | bit;
        }

        /* butterflies of growing length */
        Span<dcomplex> roots_span = Spans.From(roots, 0);
        Span<dcomplex> line_span = Spans.From(line, 0);
        for (len = 2; len <= n; len *= 2)
        {
            half = len / 2;
            step = MAXDIM / len;
            for (start = 0; start < n; start += len)
            {
                for (k = 0; k < half; k++)
                {
                    ref dcomplex roots_k = ref roots_span[k * step];
                    wr = roots_k.real;
                    wi = direction * roots_k.imag;
                    ref dcomplex line_k = ref line_span[start + k + half];
                    var wr_wi = Lanes.Pair(wr, wi);
                    var br_bi = Lanes.SubAdd(Lanes.Both(line_k.real) * wr_wi, Lanes.Both(line_k.imag) * Lanes.Swap(wr_wi));
                    br = Lanes.First(br_bi);
                    bi = Lanes.Second(br_bi);
                    ref dcomplex line_k2 = ref line_span[start + k];
                    Lanes.Ref(ref line_k) = Lanes.Ref(ref line_k2) - br_bi;
                    Lanes.Ref(ref line_k2) = Lanes.Ref(ref line_k2) + br_bi;
                }
            }
        }
    }

    /* Transform the n lines data[first + m * stride], m < n, for `count` lines
     * whose first elements are first_0 + c * line_step, c < count. */
    void fft_lines(dcomplex[] data, int first_0, int line_step, int count, int n, int stride, int direction)
    {
        int c = 0;
        int m = 0;
        int first = 0;

        Span<dcomplex> line_span = Spans.From(line, 0);
        Span<dcomplex> data_span = Spans.From(data, 0);
        for (c = 0; c < count; c++)
        {
            first = first_0 + c * line_step;
            for (m = 0; m < n; m++)
            {
                line_span[m] = data_span[first + m * stride];
            }
            fft_line(n, direction);
            for (m = 0; m < n; m++)
            {
                data_span[first + m * stride] = line_span[m];
            }
        }
    }

    /* x and y transforms of every local plane in space layout. */
    void fft_xy(dcomplex[] data, int direction)
    {
        int kl = 0;
        int plane = 0;

        for (kl = 0; kl < nz_local; kl++)
        {
            plane = NX * NY * kl;
            fft_lines(data, plane, NX, NY, NX, 1, direction); /* along x: rows */
            fft_lines(data, plane, 1, NX, NY, NX, direction); /* along y: columns */
        }
    }

    /* z transforms in frequency layout: for each jl, NX lines of stride NX. */
    void fft_z(dcomplex[] data, int direction)
    {
        int jl = 0;

        for (jl = 0; jl < ny_local; jl++)
        {
            fft_lines(data, NX * NZ * jl, 1, NX, NZ, NX, direction);
        }
    }

    /* z slabs to y slabs: the block for rank p holds my planes kl, its rows jl,
     * all i. */
    void transpose_to_frequency(dcomplex[] data)
    {
        int p = 0;
        int kl = 0;
        int jl = 0;
        int i = 0;
        int n = 0;
        int src = 0;
        int dst = 0;
        int chunk = nz_local * ny_local * NX;

        Span<double> send_buf_span = Spans.From(send_buf, 0);
        for (p = 0; p < ft_size; p++)
        {
            for (kl = 0; kl < nz_local; kl++)
            {
                for (jl = 0; jl < ny_local; jl++)
                {
                    src = NX * (p * ny_local + jl + NY * kl);
                    Span<dcomplex> data_row = Spans.From(data, src);
                    for (i = 0; i < NX; i++)
                    {
                        ref dcomplex data_row_i = ref data_row[i];
                        send_buf_span[n] = data_row_i.real;
                        send_buf_span[n + 1] = data_row_i.imag;
                        n += 2;
                    }
                }
            }
        }
        cMPI.Alltoall(send_buf, 0, 2 * chunk, MPI_DOUBLE, recv_buf, 0, 2 * chunk, MPI_DOUBLE, comm_transpose);
        n = 0;
        Span<double> recv_buf_span = Spans.From(recv_buf, 0);
        for (p = 0; p < ft_size; p++)
        {
            for (kl = 0; kl < nz_local; kl++)
            {
                for (jl = 0; jl < ny_local; jl++)
                {
                    dst = NX * (p * nz_local + kl + NZ * jl);
                    Span<dcomplex> data_row2 = Spans.From(data, dst);
                    for (i = 0; i < NX; i++)
                    {
                        ref dcomplex data_row2_i = ref data_row2[i];
                        data_row2_i.real = recv_buf_span[n];
                        data_row2_i.imag = recv_buf_span[n + 1];
                        n += 2;
                    }
                }
            }
        }
    }

    /* y slabs back to z slabs: the block for rank p holds its planes kl, my
     * rows jl, all i. */
    void transpose_to_space(dcomplex[] data)
    {
        int p = 0;
        int kl = 0;
        int jl = 0;
        int i = 0;
        int n = 0;
        int src = 0;
        int dst = 0;
        int chunk = nz_local * ny_local * NX;

        Span<double> send_buf_span = Spans.From(send_buf, 0);
        for (p = 0; p < ft_size; p++)
        {
            for (kl = 0; kl < nz_local; kl++)
            {
                for (jl = 0; jl < ny_local; jl++)
                {
                    src = NX * (p * nz_local + kl + NZ * jl);
                    Span<dcomplex> data_row = Spans.From(data, src);
                    for (i = 0; i < NX; i++)
                    {
                        ref dcomplex data_row_i = ref data_row[i];
                        send_buf_span[n] = data_row_i.real;
                        send_buf_span[n + 1] = data_row_i.imag;
                        n += 2;
                    }
                }
            }
        }
        cMPI.Alltoall(send_buf, 0, 2 * chunk, MPI_DOUBLE, recv_buf, 0, 2 * chunk, MPI_DOUBLE, comm_transpose);
        n = 0;
        Span<double> recv_buf_span = Spans.From(recv_buf, 0);
        for (p = 0; p < ft_size; p++)
        {
            for (kl = 0; kl < nz_local; kl++)
            {
                for (jl = 0; jl < ny_local; jl++)
                {
                    dst = NX * (p * ny_local + jl + NY * kl);
                    Span<dcomplex> data_row2 = Spans.From(data, dst);
                    for (i = 0; i < NX; i++)
                    {
                        ref dcomplex data_row2_i = ref data_row2[i];
                        data_row2_i.real = recv_buf_span[n];
                        data_row2_i.imag = recv_buf_span[n + 1];
                        n += 2;
                    }
                }
            }
        }
    }

    void fft3d_forward(dcomplex[] data)
    {
        fft_xy(data, 1);
        transpose_to_frequency(data);
        fft_z(data, 1);
    }

    void fft3d_inverse(dcomplex[] data)
    {
        fft_z(data, -1);
        transpose_to_space(data);
        fft_xy(data, -1);
    }

    /* FT's shared declarations.
     *
     * Data layouts, each rank holding 1/nprocs of the grid:
     *   space (z slabs):     u[i + NX * (j + NY * kl)],  k = k0 + kl, kl < NZ/nprocs
     *   frequency (y slabs): u[i + NX * (k + NZ * jl)],  j = j0 + jl, jl < NY/nprocs
     * The 3-D FFT transforms x and y in space layout, transposes with Alltoall,
     * and transforms z in frequency layout; the inverse goes back. */
    public struct dcomplex
    {
        public double real;
        public double imag;
    }

    const int MAXDIM = NX; /* NX >= NY, NZ in every class */
    /* FT problem size by class. */
    const int CLASS_CHAR = 'S';
    const int NX = 64;
    const int NY = 64;
    const int NZ = 64;
    const int NITER = 6;

    const int NTOTAL = (NX * NY * NZ);
    /* NPB FT (3-D FFT PDE solver), written for cmpi from the NPB 3.3 definition.
     *
     * Solves the heat equation du/dt = alpha lap(u) spectrally: u0 = FFT(u) of a
     * random complex field, then for t = 1..NITER
     *   u0 = u0 * exp(-4 alpha pi^2 (i'^2 + j'^2 + k'^2))   (i' the signed frequency)
     *   u1 = inverse FFT(u0)    (unnormalised)
     * and a checksum of 1024 points of u1 / NTOTAL per step, verified against
     * the official values with relative tolerance 1e-12. */
    const double EPSILON = 1.0e-12;
    const double ALPHA = 1.0e-6;
    const double SEED = 314159265.0;
    const double MULT = 1220703125.0;
    const int NCHECK = 1024;

    int ft_rank = 0;

    int ft_size = 0;
    int nz_local = 0;
    int ny_local = 0;
    Comm comm_transpose = default;

    dcomplex[] u0 = new dcomplex[NTOTAL]; /* the field in frequency layout, evolving */
    dcomplex[] u1 = new dcomplex[NTOTAL]; /* work: one step's field */
    double[] twiddle = new double[NTOTAL]; /* the per-step decay factor, frequency layout */
    double[] row = new double[2 * NX];
    double[] checksum_real = new double[NITER];
    double[] checksum_imag = new double[NITER];
    /* The official checksums, one (real, imag) pair per iteration. */
    double[] reference_real = new double[] { 5.546087004964e+02, 5.546385409189e+02, 5.546148406171e+02, 5.545423607415e+02, 5.544255039624e+02, 5.542683411902e+02 };
    double[] reference_imag = new double[] { 4.845363331978e+02, 4.865304269511e+02, 4.883910722336e+02, 4.901273169046e+02, 4.917475857993e+02, 4.932597244941e+02 };

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

    /* Random numbers in memory order of the whole grid (real, imag, real, ...),
     * so my slab starts 2 * NX * NY * k0 numbers into the sequence. */
    void compute_initial_conditions(dcomplex[] u)
    {
        double x = SEED;
        int kl = 0;
        int j = 0;
        int i = 0;
        int row_start = 0;

        randlc(ref x, power(MULT, 2 * NX * NY * ft_rank * nz_local));
        Span<double> row_span = Spans.From(row, 0);
        for (kl = 0; kl < nz_local; kl++)
        {
            for (j = 0; j < NY; j++)
            {
                vranlc(2 * NX, ref x, MULT, row);
                row_start = NX * (j + NY * kl);
                Span<dcomplex> u_row = Spans.From(u, row_start);
                for (i = 0; i < NX; i++)
                {
                    ref dcomplex u_row_i = ref u_row[i];
                    u_row_i.real = row_span[2 * i];
                    u_row_i.imag = row_span[2 * i + 1];
                }
            }
        }
    }

    /* The signed frequency of index i on an axis of n points. */
    int signed_frequency(int i, int n)
    {
        return i >= n / 2 ? i - n : i;
    }

    void compute_twiddle()
    {
        double pi = 3.141592653589793238;
        double ap = -4.0 * ALPHA * pi * pi;
        int jl = 0;
        int k = 0;
        int i = 0;
        int ii = 0;
        int jj = 0;
        int kk = 0;

        for (jl = 0; jl < ny_local; jl++)
        {
            jj = signed_frequency(ft_rank * ny_local + jl, NY);
            for (k = 0; k < NZ; k++)
            {
                kk = signed_frequency(k, NZ);
                for (i = 0; i < NX; i++)
                {
                    ii = signed_frequency(i, NX);
                    twiddle[i + NX * (k + NZ * jl)] = Math.Exp(ap * (double)(ii * ii + jj * jj + kk * kk));
                }
            }
        }
    }

    /* u0 = u0 * twiddle; u1 = u0. */
    void evolve()
    {
        int n = 0;
        int count = NX * NZ * ny_local;

        Span<dcomplex> u0_span = Spans.From(u0, 0);
        Span<double> twiddle_span = Spans.From(twiddle, 0);
        Span<dcomplex> u1_span = Spans.From(u1, 0);
        for (n = 0; n < count; n++)
        {
            ref dcomplex u0_span_n = ref u0_span[n];
            u0_span_n.real = u0_span_n.real * twiddle_span[n];
            u0_span_n.imag = u0_span_n.imag * twiddle_span[n];
            u1_span[n].real = u0_span_n.real;
            u1_span[n].imag = u0_span_n.imag;
        }
    }

    /* Sum of u at (j mod NX, 3j mod NY, 5j mod NZ), j = 1..1024, over NTOTAL;
     * the ranks' parts are added on rank 0. */
    void checksum(int iter, dcomplex[] u)
    {
        double[] local = new double[2];
        double[] total = new double[2];
        int j = 0;
        int q = 0;
        int r = 0;
        int s = 0;

        local[0] = 0.0;
        local[1] = 0.0;
        double local_0 = local[0];
        double local_1 = local[1];
        for (j = 1; j <= NCHECK; j++)
        {
            q = j % NX;
            r = (3 * j) % NY;
            s = (5 * j) % NZ - ft_rank * nz_local;
            if (s >= 0 && s < nz_local)
            {
                local_0 = local_0 + u[q + NX * (r + NY * s)].real;
                local_1 = local_1 + u[q + NX * (r + NY * s)].imag;
            }
        }
        local[0] = local_0;
        local[1] = local_1;
        local[0] = local[0] / (double)NTOTAL;
        local[1] = local[1] / (double)NTOTAL;
        cMPI.Reduce(local, 0, total, 0, 2, MPI_DOUBLE, MPI_SUM, 0, cMPI.COMM_WORLD);
        if (ft_rank == 0)
        {
            checksum_real[iter - 1] = total[0];
            checksum_imag[iter - 1] = total[1];
            printf(" T = %5d     Checksum = %22.12e %22.12e\n", iter, total[0], total[1]);
        }
    }

    /* On rank 0: |(checksum - reference) / reference| <= EPSILON every step. */
    int verify()
    {
        double dr = 0;
        double di = 0;
        double denom = 0;
        double err_real = 0;
        double err_imag = 0;
        double err = 0;
        int i = 0;
        int ok = 1;

        for (i = 0; i < NITER; i++)
        {
            /* complex quotient (c - ref) / ref, then its modulus */
            dr = checksum_real[i] - reference_real[i];
            di = checksum_imag[i] - reference_imag[i];
            denom = reference_real[i] * reference_real[i] + reference_imag[i] * reference_imag[i];
            err_real = (dr * reference_real[i] + di * reference_imag[i]) / denom;
            err_imag = (di * reference_real[i] - dr * reference_imag[i]) / denom;
            err = Math.Sqrt(err_real * err_real + err_imag * err_imag);
            if (!(err <= EPSILON))
            {
                ok = 0;
            }
        }
        return ok;
    }

    public int main(int argc, Ptr<sbyte>[] argv)
    {
        int iter = 0;
        int verified = 0;
        double seconds = 0;
        double tmax = 0;
        double mops = 0;

        cMPI.Init();
        cMPI.Comm_rank(cMPI.COMM_WORLD, out ft_rank);
        cMPI.Comm_size(cMPI.COMM_WORLD, out ft_size);

        if (ft_size > NZ || ft_size > NY || NZ % ft_size != 0 || NY % ft_size != 0)
        {
            if (ft_rank == 0)
            {
                printf(" FT needs a number of processes dividing %d and %d, not %d\n", NY, NZ, ft_size);
            }
            cMPI.Finalize();
            return 1;
        }
        nz_local = NZ / ft_size;
        ny_local = NY / ft_size;
        /* All ranks form one slice of the 1-D layout: the transposes' communicator. */
        cMPI.Comm_split(cMPI.COMM_WORLD, 0, ft_rank, out comm_transpose);

        if (ft_rank == 0)
        {
            printf("\n\n NAS Parallel Benchmarks 3.3 -- FT Benchmark (cmpi C+MPI)\n\n");
            printf(" Size                : %4dx%4dx%4d\n", NX, NY, NZ);
            printf(" Iterations          :     %7d\n", NITER);
            printf(" Number of processes :     %7d\n", ft_size);
            printf(" Processor array     :     %7dx%d\n", 1, ft_size);
            printf(" Layout type         :          1D\n");
        }

        fft_init();
        compute_twiddle();

        cMPI.Barrier(comm_transpose);
        timer_clear(0);
        timer_start(0);
        compute_initial_conditions(u0);
        fft3d_forward(u0);
        for (iter = 1; iter <= NITER; iter++)
        {
            evolve();
            fft3d_inverse(u1);
            checksum(iter, u1);
        }
        timer_stop(0);
        seconds = timer_read(0);
        cMPI.Reduce(ref seconds, ref tmax, 1, MPI_DOUBLE, MPI_MAX, 0, cMPI.COMM_WORLD);

        verified = 0;
        if (ft_rank == 0)
        {
            verified = verify();
        }
        cMPI.Bcast(ref verified, 1, MPI_INT, 0, cMPI.COMM_WORLD);

        if (ft_rank == 0)
        {
            mops = 0.0;
            if (tmax > 0.0)
            {
                mops = 1.0e-6 * (double)NTOTAL * (14.8157 + 7.19641 * CMath.log((double)NTOTAL) + (5.23518 + 7.21113 * CMath.log((double)NTOTAL)) * NITER) / tmax;
            }
            print_results(CStrings.FromString("FT"), (sbyte)CLASS_CHAR, NX, NY, NZ, NITER, ft_size, tmax, mops, CStrings.FromString("floating point"), verified);
        }

        cMPI.Comm_free(ref comm_transpose);
        cMPI.Finalize();
        return 0;
    }

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
    /* my planes in space and in frequency layout */
    /* space layout in, frequency layout out */
    /* frequency layout in, space layout out */
    /* The problem class is chosen at compile time with -DCLASS=S, W or A
     * (S when not given). npbparams.h of each kernel tests NPB_CLASS:
     *   #if NPB_CLASS == NPB_CLASS_S ... #elif NPB_CLASS == NPB_CLASS_W ... */

    public static int Main(string[] args) => CProgram.Run("c_timers", args, (argc, argv) => new FT().main(argc, CArgv.From(argv)));
}
