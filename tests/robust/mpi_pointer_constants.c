/* MPI's pointer constants compared (Open MPI's mpi.h makes MPI_STATUS_IGNORE and MPI_BOTTOM null, MPI_IN_PLACE 1;
 * fuzz seed 4 input 7455: `MPI_STATUS_IGNORE == 0` became `null.IsNull`, CS0023), and a wrapper given
 * MPI_STATUS_IGNORE for its status pointer, which it tests and forwards to MPI. */
#include <stdio.h>
#include <mpi.h>

static int ignored(MPI_Status *st) { return st == MPI_STATUS_IGNORE; }

static int exchange(int *v, MPI_Status *st)
{
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Sendrecv(v, 1, MPI_INT, rank, 7, v + 1, 1, MPI_INT, rank, 7, MPI_COMM_WORLD, st);
    return st != MPI_STATUS_IGNORE ? st->MPI_TAG : -1;
}

int main(int argc, char **argv)
{
    MPI_Status s;
    int x[2] = {1, 0};
    MPI_Init(&argc, &argv);
    if (MPI_STATUS_IGNORE == 0)
        printf("MPI_STATUS_IGNORE is null\n");
    printf("%d %d %d %d\n", MPI_STATUSES_IGNORE != NULL, MPI_BOTTOM == NULL, MPI_IN_PLACE == 0,
           (void *)MPI_STATUS_IGNORE == MPI_BOTTOM);
    printf("%d %d\n", ignored(&s), ignored(MPI_STATUS_IGNORE));
    printf("%d", exchange(x, &s));
    printf(" %d %d\n", exchange(x, MPI_STATUS_IGNORE), x[1]);
    MPI_Finalize();
    return 0;
}
