/* Numbers narrower than the datatype that describes them, as legacy codes have it (PRK sparse.c: `int size`
 * broadcast as MPI_LONG_LONG_INT). C moves count * extent bytes from the buffer's address, the neighbour's bytes
 * too; the port moves the same bytes of the variable or array (from the offset), reading zeros past its end and
 * dropping what a receive puts there. Here every neighbour holds zeros, so the native run reads the same bytes,
 * and what it writes into the neighbours (zeros) changes nothing: both runs print the same.
 * ranks: 1 2 4 7
 */
#include <stdio.h>
#include <mpi.h>

struct padded { int n; int pad; };
struct row { int a[3]; int tail[2]; };
struct half { short h; short pad[3]; };
struct shorts { short sh[4]; short tail; };
struct gathered { int v[7]; int tail[8]; };

int main(int argc, char **argv)
{
    int rank, size, errs = 0, toterrs;
    struct padded p = {0, 0};
    struct row r = {{0, 0, 0}, {0, 0}};
    struct half s = {0, {0, 0, 0}};
    struct shorts q = {{0, 0, 0, 0}, 0};
    struct padded mine = {0, 0};
    long all[8];
    struct gathered g = {{0}, {0}};
    int counts[8], displs[8];
    MPI_Request req;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* a scalar: an int as one MPI_LONG_LONG_INT, a negative one (its 8 bytes are not the long -123456) */
    if (rank == 0) p.n = -123456;
    MPI_Bcast(&p.n, 1, MPI_LONG_LONG_INT, 0, MPI_COMM_WORLD);
    printf("rank %d: bcast n %d\n", rank, p.n);
    if (p.n != -123456) errs++;

    /* an array field: 2 MPI_LONGs (16 bytes) from the ints a[1], a[2] reach 4 bytes past a */
    if (rank == 0) { r.a[0] = 1; r.a[1] = 2; r.a[2] = 3; }
    MPI_Bcast(&r.a[1], 2, MPI_LONG, 0, MPI_COMM_WORLD);
    printf("rank %d: row %d %d %d\n", rank, r.a[0], r.a[1], r.a[2]);

    /* point to point into a short described as MPI_INT; nonblocking from and into the last element of a short
       array (a view of the struct's array: its staged copy, clipped) */
    if (size > 1) {
        if (rank == 0) {
            s.h = 77;
            MPI_Send(&s.h, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
            q.sh[3] = 88;
            MPI_Isend(&q.sh[3], 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &req);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
        } else if (rank == 1) {
            MPI_Recv(&s.h, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            printf("rank %d: recv %d\n", rank, s.h);
            MPI_Irecv(&q.sh[3], 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &req);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
            printf("rank %d: irecv %d %d %d %d\n", rank, q.sh[0], q.sh[1], q.sh[2], q.sh[3]);
            if (q.sh[3] != 88) errs++;
        }
    }

    /* a gather: each rank's int as one MPI_LONG (its 4 bytes and 4 zeros: the long 2^32 - 1 for -1) */
    mine.n = rank % 2 ? -1 : rank;
    MPI_Allgather(&mine.n, 1, MPI_LONG, all, 1, MPI_LONG, MPI_COMM_WORLD);
    for (int i = 0; i < size; i++)
        printf("rank %d: all[%d] = %ld\n", rank, i, all[i]);

    /* a v-collective into an int array as MPI_LONGs: 8 bytes a rank into 28, the rest past v (natively into
       g.tail, which nothing prints) */
    for (int i = 0; i < size; i++) { counts[i] = 1; displs[i] = i; }
    MPI_Allgatherv(&mine.n, 1, MPI_LONG, g.v, counts, displs, MPI_LONG, MPI_COMM_WORLD);
    printf("rank %d: v %d %d %d %d %d %d %d\n", rank, g.v[0], g.v[1], g.v[2], g.v[3], g.v[4], g.v[5], g.v[6]);

    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0 && toterrs == 0)
        printf(" No Errors\n");
    MPI_Finalize();
    return 0;
}
