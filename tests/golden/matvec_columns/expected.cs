// Translated by cmpi-translate from matvec_columns.c. Edit freely: this is now your code.
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
public sealed class Matvec_columns
{
    /* Matrix-vector product with column blocks: MPI_Type_vector + resized type, Scatter of columns, Reduce_scatter. */
    public int main(int argc, Ptr<sbyte>[] argv)
    {
        int rank = 0;
        int size = 0;
        int n = 8;
        int i = 0;
        int j = 0;
        cMPI.Init();
        cMPI.Comm_rank(cMPI.COMM_WORLD, out rank);
        cMPI.Comm_size(cMPI.COMM_WORLD, out size);
        if (argc > 1)
        {
            n = atoi(argv[1]);
        }
        if (n % size != 0)
        {
            if (!(rank != 0))
            {
                printf("n must divide by size\n");
            }
            cMPI.Finalize();
            return 0;
        }
        int cols = n / size;
        double[] A = null;
        double[] x = new double[n];
        double[] Aloc = new double[n * cols];
        double[] xloc = new double[cols];
        double[] partial = new double[n];
        double[] y = new double[cols];
        Datatype col = default;
        Datatype coltype = default;
        cMPI.Type_vector(n, cols, n, MPI_DOUBLE, out col);
        cMPI.Type_create_resized(col, 0, (long)((ulong)cols * 8), out coltype);
        cMPI.Type_commit(ref coltype);
        if (rank == 0)
        {
            A = new double[n * n];
            for (i = 0; i < n; i++)
            {
                Span<double> A_row = Spans.From(A, i * n);
                for (j = 0; j < n; j++)
                {
                    A_row[j] = (i + 1) * 0.5 - j * 0.25;
                }
            }
            for (i = 0; i < n; i++)
            {
                x[i] = 1.0 / (i + 1);
            }
        }
        cMPI.Scatter(A, 0, 1, coltype, Aloc, 0, n * cols, MPI_DOUBLE, 0, cMPI.COMM_WORLD);
        cMPI.Scatter(x, 0, cols, MPI_DOUBLE, xloc, 0, cols, MPI_DOUBLE, 0, cMPI.COMM_WORLD);
        for (i = 0; i < n; i++)
        {
            partial[i] = 0;
            Span<double> Aloc_row = Spans.From(Aloc, i * cols);
            Span<double> xloc_span = Spans.From(xloc, 0);
            for (j = 0; j < cols; j++)
            {
                partial[i] += Aloc_row[j] * xloc_span[j];
            }
        }
        int[] counts = new int[size];
        for (i = 0; i < size; i++)
        {
            counts[i] = cols;
        }
        cMPI.Reduce_scatter(partial, 0, y, 0, counts, MPI_DOUBLE, MPI_SUM, cMPI.COMM_WORLD);
        double[] yall = rank == 0 ? new double[n] : null;
        cMPI.Gather(y, 0, cols, MPI_DOUBLE, yall, 0, cols, MPI_DOUBLE, 0, cMPI.COMM_WORLD);
        if (rank == 0)
        {
            for (i = 0; i < n; i++)
            {
                printf("y[%d] = %8.4f\n", i, yall[i]);
            }
            free(yall);
            free(A);
        }
        cMPI.Type_free(ref coltype);
        cMPI.Type_free(ref col);
        free(x);
        free(Aloc);
        free(xloc);
        free(partial);
        free(y);
        free(counts);
        cMPI.Finalize();
        return 0;
    }

    public static int Main(string[] args) => CProgram.Run("matvec_columns", args, (argc, argv) => new Matvec_columns().main(argc, CArgv.From(argv)));
}
