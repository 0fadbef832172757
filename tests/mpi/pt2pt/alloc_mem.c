/* MPI_Alloc_mem / MPI_Free_mem for message buffers: doubles and a struct array, sent around a ring.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

typedef struct {
    int id;
    double v;
} item_t;

int errs = 0;

int main(int argc, char **argv)
{
    int rank, size, i, n = 100, toterrs;
    double *buf, *in;
    item_t *items;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Alloc_mem(n * sizeof(double), MPI_INFO_NULL, &buf);
    MPI_Alloc_mem(n * sizeof(double), MPI_INFO_NULL, &in);
    MPI_Alloc_mem(3 * sizeof(item_t), MPI_INFO_NULL, &items);
    for (i = 0; i < n; i++)
        buf[i] = rank * 1000 + i;
    for (i = 0; i < 3; i++) {
        items[i].id = rank;
        items[i].v = rank + i * 0.5;
    }
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    MPI_Sendrecv(buf, n, MPI_DOUBLE, right, 0, in, n, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (i = 0; i < n; i++)
        if (in[i] != left * 1000 + i) {
            errs++;
            printf("[%d] in[%d] = %g\n", rank, i, in[i]);
            break;
        }
    MPI_Sendrecv_replace(items, 3 * sizeof(item_t), MPI_BYTE, right, 1, left, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (items[2].id != left || items[2].v != left + 1.0) {
        errs++;
        printf("[%d] items[2] = %d %g\n", rank, items[2].id, items[2].v);
    }
    MPI_Free_mem(buf);
    MPI_Free_mem(in);
    MPI_Free_mem(items);

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
