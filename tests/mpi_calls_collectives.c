/* Calls every datatype, op and collective row of the rules table (issue 4 part A) with the argument
 * shapes the rows promise (arrays, scalar addresses, MPI_IN_PLACE, a user function), so the translation
 * must compile against CloudMpi and run on one rank. */
#include <stdio.h>
#include <mpi.h>

void addem(int *invec, int *inoutvec, int *len, MPI_Datatype *dtype)
{
    int i;
    for (i = 0; i < len[0]; i++)
        inoutvec[i] += invec[i];
}

int main(int argc, char **argv)
{
    int a[8] = {1, 2, 3, 4, 5, 6, 7, 8}, b[8], c[8];
    int counts[1] = {2}, displs[1] = {0}, bdispls[1] = {0};
    int blocklens[2] = {1, 1}, idx[2] = {0, 2};
    int sizes[2] = {4, 2}, subsizes[2] = {2, 1}, starts[2] = {1, 1};
    MPI_Aint hdispls[2] = {0, 8}, lb, extent, first, second;
    MPI_Datatype types[2], wtypes[1], vec, tmp, dup;
    double x = 2.0, y = 0.0;
    int size, commute, position, packsize, rank;
    char packbuf[64];
    MPI_Op op;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    types[0] = MPI_INT;
    types[1] = MPI_INT;
    wtypes[0] = MPI_INT;
    MPI_Gather(a, 2, MPI_INT, b, 2, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Gather(MPI_IN_PLACE, 2, MPI_INT, b, 2, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Gatherv(a, 2, MPI_INT, b, counts, displs, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Scatter(a, 1, MPI_INT, &size, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Scatterv(a, counts, displs, MPI_INT, b, 2, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Allgather(&x, 1, MPI_DOUBLE, &y, 1, MPI_DOUBLE, MPI_COMM_WORLD);
    MPI_Allgatherv(a, 2, MPI_INT, b, counts, displs, MPI_INT, MPI_COMM_WORLD);
    MPI_Alltoall(a, 2, MPI_INT, b, 2, MPI_INT, MPI_COMM_WORLD);
    MPI_Alltoallv(a, counts, displs, MPI_INT, b, counts, displs, MPI_INT, MPI_COMM_WORLD);
    MPI_Alltoallw(a, counts, bdispls, wtypes, c, counts, bdispls, wtypes, MPI_COMM_WORLD);
    MPI_Reduce_scatter(a, b, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Reduce_scatter_block(a, b, 2, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Scan(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Exscan(a, b, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Reduce_local(a, b, 2, MPI_INT, MPI_PROD);
    MPI_Allreduce(MPI_IN_PLACE, a, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Op_create(addem, 1, &op);
    MPI_Op_commutative(op, &commute);
    MPI_Allreduce(a, b, 2, MPI_INT, op, MPI_COMM_WORLD);
    MPI_Op_free(&op);
    MPI_Type_contiguous(2, MPI_INT, &tmp);
    MPI_Type_vector(2, 1, 2, MPI_INT, &vec);
    MPI_Type_create_hvector(2, 1, 8, MPI_INT, &tmp);
    MPI_Type_indexed(2, blocklens, idx, MPI_INT, &tmp);
    MPI_Type_create_indexed_block(2, 1, idx, MPI_INT, &tmp);
    MPI_Type_create_hindexed(2, blocklens, hdispls, MPI_INT, &tmp);
    MPI_Type_create_hindexed_block(2, 1, hdispls, MPI_INT, &tmp);
    MPI_Type_create_struct(2, blocklens, hdispls, types, &tmp);
    MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_C, MPI_INT, &tmp);
    MPI_Type_create_resized(vec, 0, 16, &tmp);
    MPI_Type_commit(&vec);
    MPI_Type_size(vec, &size);
    MPI_Type_get_extent(vec, &lb, &extent);
    MPI_Type_get_true_extent(vec, &lb, &extent);
    MPI_Type_dup(vec, &dup);
    MPI_Get_address(&a[1], &second);
    MPI_Get_address(a, &first);
    MPI_Type_create_hindexed(1, blocklens, &second, MPI_INT, &tmp);
    MPI_Type_commit(&tmp);
    MPI_Sendrecv(MPI_BOTTOM, 1, tmp, rank, 0, c, 1, MPI_INT, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Type_free(&tmp);
    MPI_Sendrecv(a, 1, vec, rank, 0, c, 2, MPI_INT, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Pack_size(2, MPI_INT, MPI_COMM_WORLD, &packsize);
    position = 0;
    MPI_Pack(a, 2, MPI_INT, packbuf, 64, &position, MPI_COMM_WORLD);
    position = 0;
    MPI_Unpack(packbuf, 64, &position, b, 2, MPI_INT, MPI_COMM_WORLD);
    MPI_Type_free(&vec);
    MPI_Type_free(&dup);
    MPI_Finalize();
    printf("ok %d %d %ld %ld %d %d %d %ld %d\n", size, commute, lb, extent, packsize, b[1], c[1], (long)(second - first), c[0]);
    return 0;
}
