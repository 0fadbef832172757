/* MPI_Type_indexed, MPI_Type_create_indexed_block, MPI_Type_create_hindexed(_block) (blocks out of
 * order) in point-to-point and Gather.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

#define MAXP 8

int errs = 0;

int main(int argc, char **argv)
{
    int rank, size, i, r, toterrs, tsize;
    int src[10], dst[10], all[4 * MAXP];
    int blocklens[3] = {1, 2, 1}, displs[3] = {0, 3, 8}, bdispls[2] = {1, 5};
    MPI_Aint hdispls[2];
    int hlens[2] = {1, 1};
    MPI_Aint lb, extent;
    MPI_Datatype idx, iblock, hidx;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    for (i = 0; i < 10; i++)
        src[i] = rank * 100 + i;

    /* {0}, {3, 4}, {8} */
    MPI_Type_indexed(3, blocklens, displs, MPI_INT, &idx);
    MPI_Type_commit(&idx);
    MPI_Type_size(idx, &tsize);
    MPI_Type_get_extent(idx, &lb, &extent);
    if (tsize != 16 || lb != 0 || extent != 36) {
        errs++;
        printf("[%d] indexed: size %d lb %ld extent %ld\n", rank, tsize, lb, extent);
    }
    for (i = 0; i < 10; i++)
        dst[i] = -1;
    MPI_Sendrecv(src, 1, idx, (rank + 1) % size, 0, dst, 1, idx, (rank + size - 1) % size, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (i = 0; i < 10; i++) {
        int expect = (i == 0 || i == 3 || i == 4 || i == 8) ? ((rank + size - 1) % size) * 100 + i : -1;
        if (dst[i] != expect) {
            errs++;
            printf("[%d] indexed sendrecv: dst[%d] = %d, expected %d\n", rank, i, dst[i], expect);
        }
    }

    /* {1, 2}, {5, 6}, gathered contiguously at rank 0. */
    MPI_Type_create_indexed_block(2, 2, bdispls, MPI_INT, &iblock);
    MPI_Type_commit(&iblock);
    MPI_Gather(src, 1, iblock, all, 4, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        for (r = 0; r < size; r++) {
            if (all[4 * r] != r * 100 + 1 || all[4 * r + 1] != r * 100 + 2 ||
                all[4 * r + 2] != r * 100 + 5 || all[4 * r + 3] != r * 100 + 6) {
                errs++;
                printf("[%d] indexed_block gather: rank %d's block is %d %d %d %d\n", rank, r,
                       all[4 * r], all[4 * r + 1], all[4 * r + 2], all[4 * r + 3]);
            }
        }
    }

    /* hindexed with byte displacements out of order: element 7 first, then element 2. */
    hdispls[0] = 7 * sizeof(int);
    hdispls[1] = 2 * sizeof(int);
    MPI_Type_create_hindexed(2, hlens, hdispls, MPI_INT, &hidx);
    MPI_Type_commit(&hidx);
    for (i = 0; i < 10; i++)
        dst[i] = -1;
    MPI_Sendrecv(src, 1, hidx, rank, 5, dst, 2, MPI_INT, rank, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (dst[0] != rank * 100 + 7 || dst[1] != rank * 100 + 2 || dst[2] != -1) {
        errs++;
        printf("[%d] hindexed order: %d %d %d\n", rank, dst[0], dst[1], dst[2]);
    }

    /* hindexed_block: blocks of two ints at the same byte displacements */
    {
        MPI_Datatype hblock;
        MPI_Type_create_hindexed_block(2, 2, hdispls, MPI_INT, &hblock);
        MPI_Type_commit(&hblock);
        for (i = 0; i < 10; i++)
            dst[i] = -1;
        MPI_Sendrecv(src, 1, hblock, rank, 6, dst, 4, MPI_INT, rank, 6, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (dst[0] != rank * 100 + 7 || dst[1] != rank * 100 + 8 || dst[2] != rank * 100 + 2 || dst[3] != rank * 100 + 3) {
            errs++;
            printf("[%d] hindexed_block: %d %d %d %d\n", rank, dst[0], dst[1], dst[2], dst[3]);
        }
        MPI_Type_free(&hblock);
    }

    MPI_Type_free(&idx);
    MPI_Type_free(&iblock);
    MPI_Type_free(&hidx);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0)
            printf(" No Errors\n");
        else
            printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
