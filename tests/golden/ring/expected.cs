// Translated by cmpi-translate from ring.c. Edit freely: this is now your code.
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
public sealed class Ring
{
    /* A token ring: rank 0 starts a token that every rank increments and passes
     * on; each rank reports who sent it the token and with which tag. */
    const int ROUNDS = 3;

    public int main(int argc, Ptr<sbyte>[] argv)
    {
        int rank = 0;
        int size = 0;
        int token = 0;
        int round = 0;
        Status status = default;

        cMPI.Init();
        cMPI.Comm_rank(cMPI.COMM_WORLD, out rank);
        cMPI.Comm_size(cMPI.COMM_WORLD, out size);

        int next = (rank + 1) % size;
        int prev = (rank + size - 1) % size;
        for (round = 0; round < ROUNDS; round++)
        {
            if (rank == 0)
            {
                token = token + 1;
                cMPI.Send(ref token, 1, MPI_INT, next, 100 + round, cMPI.COMM_WORLD);
                cMPI.Recv(ref token, 1, MPI_INT, cMPI.ANY_SOURCE, cMPI.ANY_TAG, cMPI.COMM_WORLD, out status);
            }
            else
            {
                cMPI.Recv(ref token, 1, MPI_INT, prev, cMPI.ANY_TAG, cMPI.COMM_WORLD, out status);
                token = token + 1;
                cMPI.Send(ref token, 1, MPI_INT, next, status.MPI_TAG, cMPI.COMM_WORLD);
            }
            printf("round %d: rank %d got token %d from rank %d (tag %d)\n", round, rank, token, status.MPI_SOURCE, status.MPI_TAG);
        }
        if (rank == 0)
        {
            printf("final token %d after %d rounds on %d ranks\n", token, ROUNDS, size);
        }
        cMPI.Finalize();
        return 0;
    }

    public static int Main(string[] args) => CProgram.Run("ring", args, (argc, argv) => new Ring().main(argc, CArgv.From(argv)));
}
