/* A `void *` handle (a struct's `void *` field the program reads as several types) given to MPI as memory: its
 * bytes, as the Intel MPI Benchmarks' EXT and RMA parts give `c_info->s_buffer` and `c_info->r_buffer` to
 * MPI_Win_create and MPI_Put uncast; a handle holding an int's address given to MPI_Bcast.
 * ranks: 1 2 4
 * native-env: OMPI_MCA_osc=pt2pt */
#include <stdio.h>
#include <mpi.h>

struct comm_info { void *s_buffer, *r_buffer; float *s_data; MPI_Win win; };
typedef struct { void *data; int count; } Message;

static void *v_alloc(size_t size)
{
    void *ptr = NULL;
    MPI_Alloc_mem(size, MPI_INFO_NULL, (void *)&ptr);
    return ptr;
}

int main(int argc, char **argv)
{
    int rank, size, i, errs = 0, toterrs, x;
    struct comm_info c;
    Message m;
    float *r;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    x = rank == 0 ? 42 : -1;
    m.data = &x;
    m.count = 1;
    MPI_Bcast(m.data, m.count, MPI_INT, 0, MPI_COMM_WORLD);
    if (x != 42) {
        errs++;
        printf("[%d] x = %d\n", rank, x);
    }

    c.s_buffer = v_alloc(4 * sizeof(float));
    c.r_buffer = v_alloc(4 * sizeof(float));
    c.s_data = (float *)c.s_buffer;
    r = (float *)c.r_buffer;
    for (i = 0; i < 4; i++) {
        c.s_data[i] = rank * 10 + i;
        r[i] = -1;
    }
    MPI_Bcast(c.s_buffer, 2, MPI_FLOAT, 0, MPI_COMM_WORLD);
    if (c.s_data[0] != 0 || c.s_data[1] != 1 || c.s_data[2] != rank * 10 + 2) {
        errs++;
        printf("[%d] s_data = %g %g %g\n", rank, c.s_data[0], c.s_data[1], c.s_data[2]);
    }
    MPI_Win_create(c.r_buffer, 4 * sizeof(float), sizeof(float), MPI_INFO_NULL, MPI_COMM_WORLD, &c.win);
    MPI_Win_fence(0, c.win);
    MPI_Put(c.s_buffer, 4, MPI_FLOAT, (rank + 1) % size, 0, 4, MPI_FLOAT, c.win);
    MPI_Win_fence(0, c.win);
    for (i = 2; i < 4; i++)
        if (r[i] != ((rank + size - 1) % size) * 10 + i) {
            errs++;
            printf("[%d] r[%d] = %g\n", rank, i, r[i]);
        }
    MPI_Win_free(&c.win);
    MPI_Free_mem(c.s_buffer);
    MPI_Free_mem(c.r_buffer);

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
