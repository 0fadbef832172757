// Translated by cmpi-translate from oddeven_sort.c. Edit freely: this is now your code.
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
public sealed class Oddeven_sort
{
    /* Odd-even transposition sort of distributed keys; rand_r seeds; merge with a function pointer helper. */
    int less(int a, int b)
    {
        return a < b ? 1 : 0;
    }

    void merge_keep(int[] mine, int[] theirs, int n, int keep_low, Func<int, int, int> lt)
    {
        int[] tmp = new int[2 * n];
        int i = 0;
        int j = 0;
        int k = 0;
        for (k = 0; k < 2 * n; k++)
        {
            if (j >= n || (i < n && lt(mine[i], theirs[j]) != 0))
            {
                tmp[k] = mine[i++];
            }
            else
            {
                tmp[k] = theirs[j++];
            }
        }
        memcpy(mine, keep_low != 0 ? tmp : new Ptr<int>(tmp, n), (ulong)n * 4);
        free(tmp);
    }

    int by_value(Ptr<int> a, Ptr<int> b)
    {
        return a[0] - b[0];
    }

    public int main(int argc, Ptr<sbyte>[] argv)
    {
        int rank = 0;
        int size = 0;
        int n = 6;
        int phase = 0;
        int i = 0;
        uint seed = 0;
        cMPI.Init();
        cMPI.Comm_rank(cMPI.COMM_WORLD, out rank);
        cMPI.Comm_size(cMPI.COMM_WORLD, out size);
        int[] keys = new int[16];
        int[] other = new int[16];
        seed = 1234u + (uint)rank * 7u;
        for (i = 0; i < n; i++)
        {
            keys[i] = rand_r(ref seed) % 1000;
        }
        qsort(keys, (ulong)n, 4, by_value);
        for (phase = 0; phase < size; phase++)
        {
            int partner = (phase % 2 == rank % 2) ? rank + 1 : rank - 1;
            if (partner < 0 || partner >= size)
            {
                continue;
            }
            cMPI.Sendrecv(keys, 0, n, MPI_INT, partner, phase, other, 0, n, MPI_INT, partner, phase, cMPI.COMM_WORLD, out _);
            merge_keep(keys, other, n, rank < partner ? 1 : 0, less);
        }
        int[] all = null;
        if (rank == 0)
        {
            all = new int[size * n];
        }
        cMPI.Gather(keys, 0, n, MPI_INT, all, 0, n, MPI_INT, 0, cMPI.COMM_WORLD);
        if (rank == 0)
        {
            int ok = 1;
            for (i = 1; i < size * n; i++)
            {
                if (all[i - 1] > all[i])
                {
                    ok = 0;
                }
            }
            printf("sorted=%d first=%d last=%d\n", ok, all[0], all[size * n - 1]);
            for (i = 0; i < size * n; i++)
            {
                printf("%d%c", all[i], (i + 1) % 12 != 0 ? ' ' : '\n');
            }
            printf("\n");
            free(all);
        }
        cMPI.Finalize();
        return 0;
    }

    public static int Main(string[] args) => CProgram.Run("oddeven_sort", args, (argc, argv) => new Oddeven_sort().main(argc, CArgv.From(argv)));
}
