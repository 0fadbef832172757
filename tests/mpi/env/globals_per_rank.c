/* Every rank has its own globals, static locals and global arrays, as separate MPI processes do.
 * The translated ranks are threads of one process sharing one load of the program: each writes its
 * rank into its globals, all meet at a barrier (so any shared storage holds the last writer's value),
 * then each checks that it still sees its own values.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

int me = -1;
double scaled[8];
struct { int rank; char tag[8]; } record;
int *me_ptr = &me;

static int calls(int reset)
{
    static int count = 0;
    if (reset) count = reset;
    return ++count;
}

int main(int argc, char **argv)
{
    int rank, size, i, round, errs = 0, toterrs;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (round = 0; round < 3; round++) {
        *me_ptr = rank;
        for (i = 0; i < 8; i++) scaled[i] = rank * 10.0 + i;
        record.rank = rank;
        snprintf(record.tag, sizeof record.tag, "r%d", rank);
        calls(rank * 100 + 1);
        MPI_Barrier(MPI_COMM_WORLD);
        if (me != rank) { errs++; printf("rank %d: me = %d\n", rank, me); }
        for (i = 0; i < 8; i++)
            if (scaled[i] != rank * 10.0 + i) { errs++; printf("rank %d: scaled[%d] = %g\n", rank, i, scaled[i]); }
        if (record.rank != rank || record.tag[1] != '0' + rank % 10) { errs++; printf("rank %d: record of %d\n", rank, record.rank); }
        if (calls(0) != rank * 100 + 3) { errs++; printf("rank %d: static local shared\n", rank); }
        MPI_Barrier(MPI_COMM_WORLD);
    }
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
