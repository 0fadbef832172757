/* MPI_Type_create_struct with offsetof displacements, resized to sizeof the struct, in Bcast and
 * Scatter; and a struct sent as sizeof(s) MPI_BYTEs around a ring.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <stddef.h>
#include <mpi.h>

#define MAXP 8

typedef struct {
    double x, y;
    int id;
    char tag;
} particle_t;

int errs = 0;

int main(int argc, char **argv)
{
    int rank, size, i, toterrs, tsize;
    particle_t ps[MAXP], mine, copy;
    int blocklens[3] = {2, 1, 1};
    MPI_Aint displs[3], lb, extent;
    MPI_Datatype types[3] = {MPI_DOUBLE, MPI_INT, MPI_CHAR};
    MPI_Datatype raw, ptype;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    displs[0] = offsetof(particle_t, x);
    displs[1] = offsetof(particle_t, id);
    displs[2] = offsetof(particle_t, tag);
    MPI_Type_create_struct(3, blocklens, displs, types, &raw);
    MPI_Type_get_extent(raw, &lb, &extent);
    MPI_Type_size(raw, &tsize);
    /* 21 bytes of data; Open MPI pads the extent to the alignment of double, as the compiler pads the struct. */
    if (tsize != 21 || lb != 0 || extent != 24) {
        errs++;
        printf("[%d] struct: size %d lb %ld extent %ld\n", rank, tsize, lb, extent);
    }
    MPI_Type_create_resized(raw, 0, sizeof mine, &ptype);
    MPI_Type_commit(&ptype);

    for (i = 0; i < size; i++) {
        ps[i].x = rank == 0 ? i + 0.5 : -1;
        ps[i].y = rank == 0 ? -i : -1;
        ps[i].id = rank == 0 ? 10 + i : -1;
        ps[i].tag = rank == 0 ? 'a' + i : 0;
    }
    MPI_Bcast(ps, size, ptype, 0, MPI_COMM_WORLD);
    for (i = 0; i < size; i++) {
        if (ps[i].x != i + 0.5 || ps[i].y != -i || ps[i].id != 10 + i || ps[i].tag != 'a' + i) {
            errs++;
            printf("[%d] struct bcast: particle %d is (%g, %g, %d, %c)\n", rank, i, ps[i].x, ps[i].y, ps[i].id, ps[i].tag);
        }
    }

    MPI_Scatter(ps, 1, ptype, &mine, 1, ptype, 0, MPI_COMM_WORLD);
    if (mine.id != 10 + rank) {
        errs++;
        printf("[%d] struct scatter: id %d\n", rank, mine.id);
    }

    MPI_Sendrecv(&mine, sizeof mine, MPI_BYTE, (rank + 1) % size, 0,
                 &copy, sizeof copy, MPI_BYTE, (rank + size - 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (copy.id != 10 + (rank + size - 1) % size || copy.tag != 'a' + (rank + size - 1) % size) {
        errs++;
        printf("[%d] struct as bytes: id %d tag %c\n", rank, copy.id, copy.tag);
    }

    MPI_Type_free(&ptype);
    MPI_Type_free(&raw);
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
