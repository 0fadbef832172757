/* Blocks of a matrix through a subarray type resized to one block column (the usual Scatterv of 2-D blocks):
 * the type's elements overlap, so the v-collectives must write only the slots they receive.
 * Scatterv, Gatherv back to the root, Allgatherv to every rank, Alltoallv.
 * ranks: 1 2 4 7 9 */
#include <stdio.h>
#include <math.h>
#include <mpi.h>

#define B 2     /* block side */
#define MAXQ 3  /* blocks per side */

int errs = 0;

int main(int argc, char **argv)
{
    int rank, size, q, n, i, j, r, toterrs;
    char global[MAXQ * B * MAXQ * B], copy[MAXQ * B * MAXQ * B], local[B][B]; /* n x n, row-major */
    int counts[16], displs[16];
    MPI_Datatype block, block_col;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    q = (int)sqrt((double)size);
    if (q > MAXQ)
        q = MAXQ;
    n = q * B;

    int sizes[2] = {n, n}, subsizes[2] = {B, B}, starts[2] = {0, 0};
    MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_C, MPI_CHAR, &block);
    MPI_Type_create_resized(block, 0, B * sizeof(char), &block_col);
    MPI_Type_commit(&block_col);

    /* rank r < q*q gets block (r / q, r % q); the others get nothing */
    for (r = 0; r < size; r++) {
        counts[r] = r < q * q ? 1 : 0;
        displs[r] = r < q * q ? (r / q) * q * B + r % q : 0;
    }
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            global[i * n + j] = rank == 0 ? 'a' + (i * n + j) % 26 : '.';
            copy[i * n + j] = '.';
        }
    for (i = 0; i < B; i++)
        for (j = 0; j < B; j++)
            local[i][j] = '?';

    MPI_Scatterv(global, counts, displs, block_col, &local[0][0], counts[rank] * B * B, MPI_CHAR, 0,
                 MPI_COMM_WORLD);
    if (counts[rank]) {
        int bi = rank / q, bj = rank % q;
        for (i = 0; i < B; i++)
            for (j = 0; j < B; j++)
                if (local[i][j] != 'a' + ((bi * B + i) * n + bj * B + j) % 26) {
                    errs++;
                    printf("[%d] scatterv local[%d][%d] = %c\n", rank, i, j, local[i][j]);
                }
        for (i = 0; i < B; i++)
            for (j = 0; j < B; j++)
                local[i][j] += 'A' - 'a';
    }

    MPI_Gatherv(&local[0][0], counts[rank] * B * B, MPI_CHAR, global, counts, displs, block_col, 0,
                MPI_COMM_WORLD);
    MPI_Allgatherv(&local[0][0], counts[rank] * B * B, MPI_CHAR, copy, counts, displs, block_col,
                   MPI_COMM_WORLD);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            char want = 'A' + (i * n + j) % 26;
            if (rank == 0 && global[i * n + j] != want) {
                errs++;
                printf("[%d] gatherv global[%d][%d] = %c\n", rank, i, j, global[i * n + j]);
            }
            if (copy[i * n + j] != want) {
                errs++;
                printf("[%d] allgatherv copy[%d][%d] = %c\n", rank, i, j, copy[i * n + j]);
            }
        }

    /* Alltoallv: rank 0 sends each participant its block again, into a cleared matrix at the same place */
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            copy[i * n + j] = '.';
    {
        int sendcounts[16], recvcounts[16], rdispls[16];
        for (r = 0; r < size; r++) {
            sendcounts[r] = rank == 0 ? counts[r] : 0;
            recvcounts[r] = r == 0 ? counts[rank] : 0;
            rdispls[r] = r == 0 ? displs[rank] : 0;
        }
        MPI_Alltoallv(global, sendcounts, displs, block_col, copy, recvcounts, rdispls, block_col,
                      MPI_COMM_WORLD);
    }
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            int mine = counts[rank] && i / B == rank / q && j / B == rank % q;
            char want = mine ? 'A' + (i * n + j) % 26 : '.';
            if (copy[i * n + j] != want) {
                errs++;
                printf("[%d] alltoallv copy[%d][%d] = %c\n", rank, i, j, copy[i * n + j]);
            }
        }

    MPI_Type_free(&block_col);
    MPI_Type_free(&block);
    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0)
            printf(" No Errors\n");
        else
            printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
