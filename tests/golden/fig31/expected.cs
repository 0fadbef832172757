// Translated by cmpi-translate from fig31.c. Edit freely: this is now your code.
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
public sealed class Fig31
{
    /* The cloudMPI paper's Figure 3.1: rank 0 sends four integers to rank 1,
     * which prints them. */
    const int COUNT = 4;
    const int TAG = 123;

    public int main(int argc, Ptr<sbyte>[] argv)
    {
        int rank = 0;
        int size = 0;
        int i = 0;
        int[] buffer = new int[COUNT];
        Status status = default;

        cMPI.Init();
        cMPI.Comm_size(cMPI.COMM_WORLD, out size);
        cMPI.Comm_rank(cMPI.COMM_WORLD, out rank);

        if (size < 2)
        {
            printf("Please run with at least two ranks.\n");
            cMPI.Finalize();
            return 1;
        }
        if (rank == 0)
        {
            for (i = 0; i < COUNT; i++)
            {
                buffer[i] = i * 10 + 7;
            }
            cMPI.Send(buffer, 0, COUNT, MPI_INT, 1, TAG, cMPI.COMM_WORLD);
        }
        else if (rank == 1)
        {
            for (i = 0; i < COUNT; i++)
            {
                buffer[i] = 0;
            }
            cMPI.Recv(buffer, 0, COUNT, MPI_INT, 0, TAG, cMPI.COMM_WORLD, out status);
            printf("Rank 1 received from rank %d with tag %d:", status.MPI_SOURCE, status.MPI_TAG);
            for (i = 0; i < COUNT; i++)
            {
                printf(" %d", buffer[i]);
            }
            printf("\n");
        }
        cMPI.Finalize();
        return 0;
    }

    public static int Main(string[] args) => CProgram.Run("fig31", args, (argc, argv) => new Fig31().main(argc, CArgv.From(argv)));
}
