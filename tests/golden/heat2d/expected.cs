// Translated by cmpi-translate from heat2d.c. Edit freely: this is now your code.
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
public sealed class Heat2d
{
    /* 2-D heat diffusion, rows distributed, double** matrices, halo exchange with Sendrecv, convergence by Allreduce. */
    const int NX = 32;
    const int NY = 24;
    const int MAXIT = 500;
    const double TOL = 1e-4;

    Ptr<double>[] alloc2d(int rows, int cols)
    {
        Ptr<double>[] m = new Ptr<double>[rows];
        double[] block = new double[rows * cols];
        int i = 0;
        for (i = 0; i < rows; i++)
        {
            m[i] = new Ptr<double>(block, i * cols);
        }
        return m;
    }

    void free2d(Ptr<double>[] m)
    {
        free(m[0]);
        free(m);
    }

    public int main(int argc, Ptr<sbyte>[] argv)
    {
        int rank = 0;
        int size = 0;
        int i = 0;
        int j = 0;
        int it = 0;
        int local = 0;
        int up = 0;
        int down = 0;
        Ptr<double>[] u = null;
        Ptr<double>[] unew = null;
        double diff = 0;
        double gdiff = 0;
        double t0 = 0;
        Status st = default;
        cMPI.Init();
        cMPI.Comm_rank(cMPI.COMM_WORLD, out rank);
        cMPI.Comm_size(cMPI.COMM_WORLD, out size);
        t0 = cMPI.Wtime();
        local = NX / size + (rank < NX % size ? 1 : 0);
        u = alloc2d(local + 2, NY);
        unew = alloc2d(local + 2, NY);
        if (rank == 0)
        {
            for (j = 0; j < NY; j++)
            {
                u[0][j] = unew[0][j] = 100.0;
            }
        }
        if (rank == size - 1)
        {
            for (j = 0; j < NY; j++)
            {
                u[local + 1][j] = unew[local + 1][j] = 50.0 * Math.Sin(j * Math.PI / (NY - 1));
            }
        }
        up = rank > 0 ? rank - 1 : cMPI.PROC_NULL;
        down = rank < size - 1 ? rank + 1 : cMPI.PROC_NULL;
        for (it = 0; it < MAXIT; it++)
        {
            cMPI.Sendrecv(u[1], NY, MPI_DOUBLE, up, 0, u[local + 1], NY, MPI_DOUBLE, down, 0, cMPI.COMM_WORLD, out st);
            cMPI.Sendrecv(u[local], NY, MPI_DOUBLE, down, 1, u[0], NY, MPI_DOUBLE, up, 1, cMPI.COMM_WORLD, out st);
            diff = 0.0;
            for (i = 1; i <= local; i++)
            {
                Span<double> unew_i = Spans.From(unew[i], 1);
                Span<double> u_im1 = Spans.From(u[i - 1], 1);
                Span<double> u_ip1 = Spans.From(u[i + 1], 1);
                Span<double> u_i_m1 = Spans.From(u[i], 0);
                Span<double> u_i_p1 = Spans.From(u[i], 2);
                Span<double> u_i = Spans.From(u[i], 1);
                int j_count = Math.Max(NY - 1, 1) - 1;
                for (int j_k = 0; j_k < j_count; j_k++)
                {
                    unew_i[j_k] = 0.25 * (u_im1[j_k] + u_ip1[j_k] + u_i_m1[j_k] + u_i_p1[j_k]);
                    diff = CMath.fmax(diff, Math.Abs(unew_i[j_k] - u_i[j_k]));
                }
                j = 1 + j_count;
            }
            {
                Ptr<double>[] tmp = u;
                u = unew;
                unew = tmp;
            }
            cMPI.Allreduce(ref diff, ref gdiff, 1, MPI_DOUBLE, MPI_MAX, cMPI.COMM_WORLD);
            if (gdiff < TOL)
            {
                break;
            }
        }
        double sum = 0.0;
        double gsum = 0;
        for (i = 1; i <= local; i++)
        {
            Span<double> u_i2 = Spans.From(u[i], 0);
            for (j = 0; j < NY; j++)
            {
                sum += u_i2[j];
            }
        }
        cMPI.Reduce(ref sum, ref gsum, 1, MPI_DOUBLE, MPI_SUM, 0, cMPI.COMM_WORLD);
        if (rank == 0)
        {
            printf("iterations %d, residual %.6e, sum %.6f\n", it, gdiff, gsum);
            if (cMPI.Wtime() - t0 < 0)
            {
                printf("clock went backwards\n");
            }
        }
        free2d(u);
        free2d(unew);
        cMPI.Finalize();
        return 0;
    }

    public static int Main(string[] args) => CProgram.Run("heat2d", args, (argc, argv) => new Heat2d().main(argc, CArgv.From(argv)));
}
