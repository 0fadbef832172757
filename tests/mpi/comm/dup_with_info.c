/* MPI_Comm_dup_with_info: a new communicator of the same group (congruent, a context of its own: a message on the
 * duplicate is not received on the old one), with an info object or MPI_INFO_NULL, keeping the topology.
 * ranks: 1 2 4 */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, result, value = -1, ndims, toterrs, errs = 0, dims[1] = {0}, periods[1] = {1};
    MPI_Info info;
    MPI_Comm dup, dup2, ring, ringdup;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_assert_no_any_tag", "true");
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, info, &dup);
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, MPI_INFO_NULL, &dup2);
    MPI_Info_free(&info);
    MPI_Comm_compare(MPI_COMM_WORLD, dup, &result);
    if (result != MPI_CONGRUENT) { errs++; printf("compare with world: %d\n", result); }
    MPI_Comm_compare(dup, dup2, &result);
    if (result != MPI_CONGRUENT) { errs++; printf("compare the two: %d\n", result); }

    /* a message on dup reaches a receive on dup, not the one posted first on the world */
    if (size > 1) {
        if (rank == 0) {
            int one = 1, two = 2;
            MPI_Send(&one, 1, MPI_INT, 1, 0, dup);
            MPI_Send(&two, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
        } else if (rank == 1) {
            MPI_Request req;
            int world_value = -1;
            MPI_Irecv(&world_value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
            MPI_Recv(&value, 1, MPI_INT, 0, 0, dup, MPI_STATUS_IGNORE);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
            if (value != 1 || world_value != 2) { errs++; printf("dup got %d, world got %d\n", value, world_value); }
        }
    }

    MPI_Dims_create(size, 1, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
    MPI_Comm_dup_with_info(ring, MPI_INFO_NULL, &ringdup);
    MPI_Cartdim_get(ringdup, &ndims);
    if (ndims != 1) { errs++; printf("the duplicate of a ring has %d dimensions\n", ndims); }

    MPI_Comm_free(&ringdup);
    MPI_Comm_free(&ring);
    MPI_Comm_free(&dup2);
    MPI_Comm_free(&dup);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
