/* MPI_Get_address of a `void *` that points into a typed array (`void *at = &values[2]`, as a generic registration
 * routine takes its buffers): the address is the element's, 8 bytes past the array's start for ints, and a struct
 * datatype of such addresses sends from MPI_BOTTOM the elements they name. */
#include <mpi.h>
#include <stdio.h>

static MPI_Aint address_of(void *location)
{
    MPI_Aint a;
    MPI_Get_address(location, &a);
    return a;
}

int main(int argc, char **argv)
{
    int rank, size, errs = 0, all;
    int values[6] = {10, 11, 12, 13, 14, 15};
    double weights[3] = {0.5, 1.5, 2.5};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    void *at = &values[2];
    MPI_Aint start, third, direct;
    MPI_Get_address(values, &start);
    MPI_Get_address(at, &third);
    direct = address_of(&values[4]);
    if (third - start != 2 * (MPI_Aint)sizeof(int) || direct - start != 4 * (MPI_Aint)sizeof(int)) {
        errs++;
        printf("rank %d: offsets %ld %ld\n", rank, (long)(third - start), (long)(direct - start));
    }

    /* values[2..3] and weights[1] as one message from MPI_BOTTOM */
    int lengths[2] = {2, 1};
    MPI_Aint displs[2] = {address_of(at), address_of(&weights[1])};
    MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE}, message;
    MPI_Type_create_struct(2, lengths, displs, types, &message);
    MPI_Type_commit(&message);
    if (rank == 0) {
        values[2] = 100;
        weights[1] = 9.25;
    }
    MPI_Bcast(MPI_BOTTOM, 1, message, 0, MPI_COMM_WORLD);
    if (values[2] != 100 || values[3] != 13 || weights[1] != 9.25 || values[1] != 11 || weights[0] != 0.5) {
        errs++;
        printf("rank %d: %d %d %g\n", rank, values[2], values[3], weights[1]);
    }
    MPI_Type_free(&message);

    MPI_Reduce(&errs, &all, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (all == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", all);
    }
    MPI_Finalize();
    return 0;
}
