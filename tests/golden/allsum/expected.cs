// Translated by cmpi-translate from allsum.c. Edit freely: this is now your code.
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
public sealed class Allsum
{
    /* Every rank contributes to a result that rank 0 prints: the sum, maximum and
     * minimum of per-rank values, an Allreduce'd checksum and a Barrier. */
    const int N = 8;

    long checksum(int[] v, int n)
    {
        long s = 0;
        int i = 0;
        for (i = 0; i < n; i++)
        {
            s = s * 31 + v[i];
        }
        return s;
    }

    public int main(int argc, Ptr<sbyte>[] argv)
    {
        int rank = 0;
        int size = 0;
        int i = 0;
        int[] local = new int[N];
        int[] total = new int[N];
        double @value = 0;
        double maxv = 0;
        double minv = 0;
        long sum = 0;
        uint bits = 0;
        uint allbits = 0;

        cMPI.Init();
        cMPI.Comm_rank(cMPI.COMM_WORLD, out rank);
        cMPI.Comm_size(cMPI.COMM_WORLD, out size);

        for (i = 0; i < N; i++)
        {
            local[i] = (rank + 1) * (i + 1);
        }
        cMPI.Reduce(local, 0, total, 0, N, MPI_INT, MPI_SUM, 0, cMPI.COMM_WORLD);

        @value = 1.0 / (rank + 3);
        cMPI.Reduce(ref @value, ref maxv, 1, MPI_DOUBLE, MPI_MAX, 0, cMPI.COMM_WORLD);
        cMPI.Reduce(ref @value, ref minv, 1, MPI_DOUBLE, MPI_MIN, 0, cMPI.COMM_WORLD);

        sum = checksum(local, N);
        long allsum = 0;
        cMPI.Allreduce(ref sum, ref allsum, 1, MPI_LONG, MPI_SUM, cMPI.COMM_WORLD);

        bits = 1u << rank;
        cMPI.Allreduce(ref bits, ref allbits, 1, MPI_UNSIGNED, MPI_BOR, cMPI.COMM_WORLD);
        cMPI.Barrier(cMPI.COMM_WORLD);

        if (rank == 0)
        {
            printf("sums:");
            for (i = 0; i < N; i++)
            {
                printf(" %d", total[i]);
            }
            printf("\nmax %.6f min %.6f\n", maxv, minv);
            printf("checksum %ld bits %#x\n", allsum, allbits);
        }
        if (allsum % 2 == 0 && rank == size - 1)
        {
            printf("rank %d agrees: checksum %ld is even\n", rank, allsum);
        }
        cMPI.Finalize();
        return 0;
    }

    public static int Main(string[] args) => CProgram.Run("allsum", args, (argc, argv) => new Allsum().main(argc, CArgv.From(argv)));
}
