/* Flexible array members as MPI messages: a struct with a count and `double v[]`, malloc'ed with room for the
 * elements and sent as one block of MPI_BYTE (its size computed with sizeof and offsetof), probed and received
 * into a block of the size the status gives; and a particle buffer (`struct particle p[]`) whose elements go out
 * as a contiguous datatype of bytes and are reduced by rank 0.
 * ranks: 1 2 4 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

struct msg { int n; int from; double v[]; };
struct particle { double x; int id; };
struct batch { int count; struct particle p[]; };

int main(int argc, char **argv) {
    int rank, size, errs = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int to = (rank + 1) % size, from = (rank + size - 1) % size;

    int n = 3 + rank;
    size_t bytes = offsetof(struct msg, v) + n * sizeof(double);
    struct msg *out = malloc(bytes);
    out->n = n;
    out->from = rank;
    for (int i = 0; i < n; i++) out->v[i] = rank * 10 + i;
    MPI_Request req;
    MPI_Isend(out, (int)bytes, MPI_BYTE, to, 1, MPI_COMM_WORLD, &req);

    MPI_Status st;
    int got;
    MPI_Probe(from, 1, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_BYTE, &got);
    struct msg *in = malloc(got);
    MPI_Recv(in, got, MPI_BYTE, from, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    if (in->from != from || in->n != 3 + from || (size_t)got != offsetof(struct msg, v) + in->n * sizeof(double)) {
        errs++;
        printf("rank %d: header from=%d n=%d bytes=%d\n", rank, in->from, in->n, got);
    }
    for (int i = 0; i < in->n; i++)
        if (in->v[i] != from * 10 + i) {
            errs++;
            printf("rank %d: v[%d] = %g\n", rank, i, in->v[i]);
        }

    MPI_Datatype particle_bytes;
    MPI_Type_contiguous((int)sizeof(struct particle), MPI_BYTE, &particle_bytes);
    MPI_Type_commit(&particle_bytes);
    struct batch *b = malloc(sizeof *b + 2 * sizeof(struct particle));
    b->count = 2;
    for (int i = 0; i < 2; i++) {
        b->p[i].x = rank + 0.5 * i;
        b->p[i].id = rank * 100 + i;
    }
    if (rank == 0) {
        struct batch *all = malloc(sizeof *all + 2 * size * sizeof(struct particle));
        all->count = 2 * size;
        MPI_Gather(b->p, 2, particle_bytes, all->p, 2, particle_bytes, 0, MPI_COMM_WORLD);
        for (int i = 0; i < all->count; i++)
            if (all->p[i].id != (i / 2) * 100 + i % 2 || all->p[i].x != i / 2 + 0.5 * (i % 2)) {
                errs++;
                printf("particle %d: %g %d\n", i, all->p[i].x, all->p[i].id);
            }
        free(all);
    } else {
        MPI_Gather(b->p, 2, particle_bytes, NULL, 0, particle_bytes, 0, MPI_COMM_WORLD);
    }
    MPI_Type_free(&particle_bytes);

    int total;
    MPI_Reduce(&errs, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (total == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", total);
    }
    free(out);
    free(in);
    free(b);
    MPI_Finalize();
    return 0;
}
