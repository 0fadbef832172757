// Translated by cmpi-translate from jacobi.c. Edit freely: this is now your code.
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
public sealed class Jacobi
{
    /* Jacobi relaxation on a square plate, rows split over the ranks as legacy codes write it: the
     * local block is a pointer to rows (double (*u)[N]) from calloc with one ghost row above and below,
     * ghost rows are exchanged with MPI_Sendrecv (MPI_PROC_NULL at the edges) from u[1] and &u[rows][0],
     * and the change is summed with MPI_Allreduce. */
    const int N = 16; /* plate size; a multiple of the rank count */

    public int main(int argc, Ptr<sbyte>[] argv)
    {
        int rank = 0;
        int size = 0;
        int iter = 0;
        Status status = default;
        cMPI.Init();
        cMPI.Comm_rank(cMPI.COMM_WORLD, out rank);
        cMPI.Comm_size(cMPI.COMM_WORLD, out size);
        int rows = N / size;
        double[] u = new double[(rows + 2) * 16];
        double[] unew = new double[(rows + 2) * 16];
        for (int i = 1; i <= rows; i++)
        {
            for (int j = 0; j < N; j++)
            {
                u[i * 16 + j] = (rank * rows + i - 1 == 0) ? 100.0 : 0.0;
            }
        }
        int up = rank > 0 ? rank - 1 : cMPI.PROC_NULL;
        int down = rank < size - 1 ? rank + 1 : cMPI.PROC_NULL;
        for (iter = 0; iter < 50; iter++)
        {
            cMPI.Sendrecv(u, 16, N, MPI_DOUBLE, up, 0, u, (rows + 1) * 16, N, MPI_DOUBLE, down, 0, cMPI.COMM_WORLD, out status);
            cMPI.Sendrecv(u, rows * 16, N, MPI_DOUBLE, down, 1, u, 0, N, MPI_DOUBLE, up, 1, cMPI.COMM_WORLD, out status);
            double local = 0;
            double diff = 0;
            for (int i = 1; i <= rows; i++)
            {
                for (int j = 1; j < N - 1; j++)
                {
                    if (rank * rows + i - 1 == 0 || rank * rows + i - 1 == N - 1)
                    {
                        unew[i * 16 + j] = u[i * 16 + j];
                        continue;
                    }
                    unew[i * 16 + j] = 0.25 * (u[(i - 1) * 16 + j] + u[(i + 1) * 16 + j] + u[i * 16 + (j - 1)] + u[i * 16 + (j + 1)]);
                    local += Math.Abs(unew[i * 16 + j] - u[i * 16 + j]);
                }
            }
            for (int i = 1; i <= rows; i++)
            {
                for (int j = 1; j < N - 1; j++)
                {
                    u[i * 16 + j] = unew[i * 16 + j];
                }
            }
            cMPI.Allreduce(ref local, ref diff, 1, MPI_DOUBLE, MPI_SUM, cMPI.COMM_WORLD);
            if (rank == 0 && iter % 10 == 0)
            {
                printf("iter %d diff %.10f\n", iter, diff);
            }
        }
        free(u);
        free(unew);
        cMPI.Finalize();
        return 0;
    }

    public static int Main(string[] args) => CProgram.Run("jacobi", args, (argc, argv) => new Jacobi().main(argc, CArgv.From(argv)));
}
