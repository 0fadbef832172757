// Translated by cmpi-translate from pi.c. Edit freely: this is now your code.
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
public sealed class Pi
{
    /* pi by the midpoint rule: rank 0 broadcasts the number of intervals, every
     * rank sums its share of 4/(1+x^2), and Reduce adds the parts on rank 0. */
    const double PI25DT = 3.141592653589793238462643;

    double f(double x)
    {
        return 4.0 / (1.0 + x * x);
    }

    public int main(int argc, Ptr<sbyte>[] argv)
    {
        int n = 0;
        int rank = 0;
        int size = 0;
        int i = 0;
        double mypi = 0;
        double pi = 0;
        double h = 0;
        double sum = 0;
        double x = 0;
        double t0 = 0;
        double t1 = 0;

        cMPI.Init();
        cMPI.Comm_size(cMPI.COMM_WORLD, out size);
        cMPI.Comm_rank(cMPI.COMM_WORLD, out rank);

        t0 = cMPI.Wtime();
        if (rank == 0)
        {
            n = 1000000;
        }
        cMPI.Bcast(ref n, 1, MPI_INT, 0, cMPI.COMM_WORLD);

        h = 1.0 / (double)n;
        sum = 0.0;
        for (i = rank + 1; i <= n; i += size)
        {
            x = h * ((double)i - 0.5);
            sum += f(x);
        }
        mypi = h * sum;

        cMPI.Reduce(ref mypi, ref pi, 1, MPI_DOUBLE, MPI_SUM, 0, cMPI.COMM_WORLD);
        t1 = cMPI.Wtime();

        if (rank == 0)
        {
            printf("pi is approximately %.16f, Error is %.16f\n", pi, Math.Abs(pi - PI25DT));
            printf("intervals: %d, ranks: %d\n", n, size);
            printf("wall clock time = %f\n", t1 - t0);
        }
        cMPI.Finalize();
        return 0;
    }

    public static int Main(string[] args) => CProgram.Run("pi", args, (argc, argv) => new Pi().main(argc, CArgv.From(argv)));
}
