/* Messages that are all envelope: NULL buffers with count 0, typed by a predefined datatype
 * (MPI_INT, MPI_CHAR) or by a derived one, as task farms send their stop signals; the receiver
 * learns the sender and tag from the status and a count of 0 from MPI_Get_count.
 * ranks: 1 2 3 */
#include <stdio.h>
#include <mpi.h>

int errs = 0;

int main(int argc, char **argv)
{
    int rank, size, toterrs, i, n;
    MPI_Datatype pair;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Type_contiguous(2, MPI_DOUBLE, &pair);
    MPI_Type_commit(&pair);
    if (rank == 0) {
        for (i = 1; i < size; i++) {
            MPI_Recv(NULL, 0, pair, MPI_ANY_SOURCE, 5, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, pair, &n);
            if (n != 0 || st.MPI_TAG != 5) errs++;
            MPI_Recv(NULL, 0, MPI_CHAR, st.MPI_SOURCE, 6, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_CHAR, &n);
            if (n != 0 || st.MPI_TAG != 6) errs++;
        }
        for (i = 1; i < size; i++)
            MPI_Send(NULL, 0, MPI_INT, i, 7, MPI_COMM_WORLD);
    } else {
        MPI_Send(NULL, 0, pair, 0, 5, MPI_COMM_WORLD);
        MPI_Ssend(NULL, 0, MPI_CHAR, 0, 6, MPI_COMM_WORLD);
        MPI_Recv(NULL, 0, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        if (st.MPI_TAG != 7 || st.MPI_SOURCE != 0) errs++;
    }
    MPI_Bcast(NULL, 0, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Type_free(&pair);

    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0 && toterrs == 0)
        printf(" No Errors\n");
    MPI_Finalize();
    return 0;
}
