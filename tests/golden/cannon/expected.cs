// Translated by cmpi-translate from cannon.c. Edit freely: this is now your code.
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
public sealed class Cannon
{
    /* Cannon's matrix multiplication C = A * B on a q x q periodic process grid
     * (p = q*q ranks, n x n matrices in (n/q) x (n/q) blocks; shared/REFERENCE.md).
     *
     * The grid is an MPI Cartesian communicator with both dimensions periodic.
     * Initial skew: the blocks of A in grid row i move i places left, the blocks of
     * B in grid column j move j places up. Then q rounds of: multiply the local
     * blocks into C, move A one place left and B one place up
     * (MPI_Cart_shift + MPI_Sendrecv_replace).
     * Rank 0 gathers C, multiplies A and B serially, and reports the largest
     * difference.
     *
     * usage: cannon [n]     (default 256; n must be a multiple of q)
     */
    const int DEFAULT_N = 256;
    const double TOLERANCE = 1e-9;

    /* The test matrices: small rationals whose products round, so the order of
     * the sums shows in the last bits while the error stays far below TOLERANCE. */
    double a_entry(int i, int j)
    {
        return (double)((i * 31 + j * 17) % 97) / 97.0 - 0.5;
    }

    double b_entry(int i, int j)
    {
        return (double)((i * 13 + j * 29 + 7) % 89) / 89.0 - 0.5;
    }

    /* c += a * b for nb x nb row-major blocks (i-k-j order: unit stride inside). */
    void multiply_add(int nb, double[] a, double[] b, double[] c)
    {
        int i = 0;
        int j = 0;
        int k = 0;
        for (i = 0; i < nb; i++)
        {
            for (k = 0; k < nb; k++)
            {
                double aik = a[i * nb + k];
                Span<double> c_row = Spans.From(c, i * nb);
                Span<double> b_row = Spans.From(b, k * nb);
                for (j = 0; j < nb; j++)
                {
                    c_row[j] += aik * b_row[j];
                }
            }
        }
    }

    /* Rank 0's check: the serial product of the full matrices against the
     * gathered blocks (block r of gathered belongs to the grid rank r). */
    double max_error(Comm grid, int n, int q, double[] gathered)
    {
        int nb = n / q;
        double[] a = new double[(ulong)n * (ulong)n];
        double[] b = new double[(ulong)n * (ulong)n];
        double[] c = new double[(ulong)n * (ulong)n];
        double worst = 0.0;
        int i = 0;
        int j = 0;
        int r = 0;
        int[] coords = new int[2];

        for (i = 0; i < n; i++)
        {
            for (j = 0; j < n; j++)
            {
                a[i * n + j] = a_entry(i, j);
                b[i * n + j] = b_entry(i, j);
                c[i * n + j] = 0.0;
            }
        }
        multiply_add(n, a, b, c);

        for (r = 0; r < q * q; r++)
        {
            cMPI.Cart_coords(grid, r, 2, coords);
            for (i = 0; i < nb; i++)
            {
                for (j = 0; j < nb; j++)
                {
                    double got = gathered[r * nb * nb + i * nb + j];
                    double want = c[(coords[0] * nb + i) * n + coords[1] * nb + j];
                    double err = Math.Abs(got - want);
                    worst = CMath.IfGreater(err, worst);
                }
            }
        }
        free(a);
        free(b);
        free(c);
        return worst;
    }

    public int main(int argc, Ptr<sbyte>[] argv)
    {
        int n = DEFAULT_N;
        int world_rank = 0;
        int nprocs = 0;
        int q = 0;
        int nb = 0;
        int rank = 0;
        int step = 0;
        int i = 0;
        int j = 0;
        int[] dims = new int[2];
        int[] periods = new int[2];
        int[] coords = new int[2];
        int left = 0;
        int right = 0;
        int up = 0;
        int down = 0;
        int source = 0;
        int dest = 0;
        Comm grid = default;
        Status status = default;
        double[] a = null;
        double[] b = null;
        double[] c = null;
        double[] gathered = null;
        double t0 = 0;
        double elapsed = 0;
        double checksum = 0;
        double local_sum = 0;

        cMPI.Init();
        cMPI.Comm_size(cMPI.COMM_WORLD, out nprocs);
        cMPI.Comm_rank(cMPI.COMM_WORLD, out world_rank);

        if (argc > 1)
        {
            n = atoi(argv[1]);
        }
        q = double.ConvertToIntegerNative<int>(Math.Sqrt((double)nprocs) + 0.5);
        if (q * q != nprocs || n <= 0 || n % q != 0)
        {
            if (world_rank == 0)
            {
                printf("cannon: needs a square number of ranks and n a multiple of sqrt(ranks) (ranks %d, n %d)\n", nprocs, n);
            }
            cMPI.Finalize();
            return 1;
        }
        nb = n / q;

        dims[0] = q;
        dims[1] = q;
        periods[0] = 1;
        periods[1] = 1;
        cMPI.Cart_create(cMPI.COMM_WORLD, 2, dims, periods, 1, out grid);
        cMPI.Comm_rank(grid, out rank);
        cMPI.Cart_coords(grid, rank, 2, coords);

        /* Each rank makes its own blocks: A(I, J) and B(I, J) for grid position (I, J). */
        a = new double[(ulong)nb * (ulong)nb];
        b = new double[(ulong)nb * (ulong)nb];
        c = new double[(ulong)nb * (ulong)nb];
        for (i = 0; i < nb; i++)
        {
            for (j = 0; j < nb; j++)
            {
                a[i * nb + j] = a_entry(coords[0] * nb + i, coords[1] * nb + j);
                b[i * nb + j] = b_entry(coords[0] * nb + i, coords[1] * nb + j);
                c[i * nb + j] = 0.0;
            }
        }

        cMPI.Barrier(grid);
        t0 = cMPI.Wtime();

        /* Initial skew: row i of A left by i, column j of B up by j. */
        cMPI.Cart_shift(grid, 1, -coords[0], out source, out dest);
        cMPI.Sendrecv_replace(a, 0, nb * nb, MPI_DOUBLE, dest, 1, source, 1, grid, out status);
        cMPI.Cart_shift(grid, 0, -coords[1], out source, out dest);
        cMPI.Sendrecv_replace(b, 0, nb * nb, MPI_DOUBLE, dest, 2, source, 2, grid, out status);

        /* Neighbours for the single shifts: A comes from the right, B from below. */
        cMPI.Cart_shift(grid, 1, -1, out right, out left);
        cMPI.Cart_shift(grid, 0, -1, out down, out up);

        for (step = 0; step < q; step++)
        {
            multiply_add(nb, a, b, c);
            cMPI.Sendrecv_replace(a, 0, nb * nb, MPI_DOUBLE, left, 3, right, 3, grid, out status);
            cMPI.Sendrecv_replace(b, 0, nb * nb, MPI_DOUBLE, up, 4, down, 4, grid, out status);
        }

        elapsed = cMPI.Wtime() - t0;

        local_sum = 0.0;
        for (i = 0; i < nb * nb; i++)
        {
            local_sum += c[i];
        }
        cMPI.Reduce(ref local_sum, ref checksum, 1, MPI_DOUBLE, MPI_SUM, 0, grid);

        gathered = null;
        if (rank == 0)
        {
            gathered = new double[(ulong)n * (ulong)n];
        }
        cMPI.Gather(c, 0, nb * nb, MPI_DOUBLE, gathered, 0, nb * nb, MPI_DOUBLE, 0, grid);

        if (rank == 0)
        {
            double err = max_error(grid, n, q, gathered);
            printf("Cannon: n = %d, grid = %d x %d, block = %d\n", n, q, q, nb);
            printf("sum of C = %.10e\n", checksum);
            printf("max error = %.3e\n", err);
            printf("%s\n", err <= TOLERANCE ? CString.Lit("PASSED") : CString.Lit("FAILED"));
            printf("multiply time = %.6f seconds\n", elapsed);
            free(gathered);
        }

        free(a);
        free(b);
        free(c);
        cMPI.Comm_free(ref grid);
        cMPI.Finalize();
        return 0;
    }

    public static int Main(string[] args) => CProgram.Run("cannon", args, (argc, argv) => new Cannon().main(argc, CArgv.From(argv)));
}
