/* Pointers into structs (views in the port) given to the blocking calls whose cMPI methods take a pointer
 * themselves (the rows' takes_pointers): Ssend and Recv of a moved pointer into a struct's array, Reduce into a
 * view at the root and from one everywhere, Allreduce and Reduce in place in a view, Sendrecv mixing a scalar's
 * address with a view, Bcast through a double pointer read as bytes, Scan between views and Exscan in place in
 * one. Only the view's elements change.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

struct cell {
    int head;
    int vals[5];
    double w[4];
    int tail;
};

int main(int argc, char **argv)
{
    int rank, size, next, prev, i, errs = 0, toterrs, one;
    struct cell a, b;
    int *p;
    double *dw;
    unsigned char *bytes;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    next = (rank + 1) % size;
    prev = (rank + size - 1) % size;

    a.head = 11; a.tail = 22;
    b.head = 33; b.tail = 44;
    for (i = 0; i < 5; i++) { a.vals[i] = rank * 100 + i; b.vals[i] = -1; }
    for (i = 0; i < 4; i++) { a.w[i] = rank + 0.5 * i; b.w[i] = -1.0; }

    /* Ssend from a pointer moved into a struct's array, Recv into another at an offset (even ranks send first). */
    p = a.vals + 1;
    if (size > 1) {
        if (rank % 2 == 0) {
            MPI_Ssend(p, 3, MPI_INT, next, 5, MPI_COMM_WORLD);
            MPI_Recv(&b.vals[2], 3, MPI_INT, prev, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(&b.vals[2], 3, MPI_INT, prev, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Ssend(p, 3, MPI_INT, next, 5, MPI_COMM_WORLD);
        }
        for (i = 0; i < 5; i++) {
            int want = i >= 2 ? prev * 100 + i - 1 : -1;
            if (b.vals[i] != want) { errs++; printf("b.vals[%d] = %d, expected %d\n", i, b.vals[i], want); }
        }
    }

    /* Reduce from a view into a view at the root; the other ranks' receive view stays as it was. */
    for (i = 0; i < 5; i++) b.vals[i] = -1;
    MPI_Reduce(&a.vals[1], &b.vals[1], 3, MPI_INT, MPI_SUM, size - 1, MPI_COMM_WORLD);
    for (i = 0; i < 5; i++) {
        int want = (rank == size - 1 && i >= 1 && i <= 3) ? 100 * size * (size - 1) / 2 + size * i : -1;
        if (b.vals[i] != want) { errs++; printf("reduce b.vals[%d] = %d, expected %d\n", i, b.vals[i], want); }
    }

    /* In place: Allreduce over a view of doubles, Reduce at the root over a view of ints. */
    dw = &a.w[1];
    MPI_Allreduce(MPI_IN_PLACE, dw, 2, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    if (a.w[0] != rank || a.w[1] != size - 1 + 0.5 || a.w[2] != size - 1 + 1.0 || a.w[3] != rank + 1.5) {
        errs++;
        printf("in-place allreduce: %g %g %g %g\n", a.w[0], a.w[1], a.w[2], a.w[3]);
    }
    for (i = 0; i < 5; i++) a.vals[i] = i + 1;
    if (rank == 0)
        MPI_Reduce(MPI_IN_PLACE, a.vals + 3, 2, MPI_INT, MPI_PROD, 0, MPI_COMM_WORLD);
    else
        MPI_Reduce(a.vals + 3, NULL, 2, MPI_INT, MPI_PROD, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        int p4 = 1, p5 = 1;
        for (i = 0; i < size; i++) { p4 *= 4; p5 *= 5; }
        if (a.vals[3] != p4 || a.vals[4] != p5 || a.vals[2] != 3) {
            errs++;
            printf("in-place reduce: %d %d %d\n", a.vals[2], a.vals[3], a.vals[4]);
        }
    }

    /* Sendrecv: a scalar's address sent, received into a struct's scalar field through a pointer. */
    one = 1000 + rank;
    p = &b.tail;
    MPI_Sendrecv(&one, 1, MPI_INT, next, 6, p, 1, MPI_INT, prev, 6, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (b.tail != 1000 + prev || b.head != 33) { errs++; printf("b.tail = %d, b.head = %d\n", b.tail, b.head); }

    /* Bcast of a struct's doubles read as bytes (memory read as another type: a staged view). */
    for (i = 0; i < 4; i++) b.w[i] = rank == 0 ? 1.5 * i : 0.0;
    bytes = (unsigned char *)&b.w[1];
    MPI_Bcast(bytes, 2 * (int)sizeof(double), MPI_BYTE, 0, MPI_COMM_WORLD);
    if (b.w[1] != 1.5 || b.w[2] != 3.0 || b.w[0] != 0.0 || b.w[3] != (rank == 0 ? 4.5 : 0.0)) {
        errs++;
        printf("bcast bytes: %g %g %g %g\n", b.w[0], b.w[1], b.w[2], b.w[3]);
    }
    /* Scan from one struct's array into another's; Exscan in place through a pointer into a struct. */
    for (i = 0; i < 5; i++) { a.vals[i] = rank + i; b.vals[i] = -7; }
    MPI_Scan(&a.vals[1], &b.vals[1], 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (b.vals[1] != rank * (rank + 1) / 2 + (rank + 1) || b.vals[2] != rank * (rank + 1) / 2 + 2 * (rank + 1) ||
        b.vals[0] != -7 || b.vals[3] != -7) {
        errs++;
        printf("scan: %d %d %d %d\n", b.vals[0], b.vals[1], b.vals[2], b.vals[3]);
    }
    p = a.vals + 3;
    MPI_Exscan(MPI_IN_PLACE, p, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if ((rank > 0 && a.vals[3] != rank * (rank - 1) / 2 + 3 * rank) || a.vals[2] != rank + 2 || a.vals[4] != rank + 4) {
        errs++;
        printf("exscan in place: %d %d %d\n", a.vals[2], a.vals[3], a.vals[4]);
    }
    if (a.head != 11 || a.tail != 22) { errs++; printf("a.head = %d, a.tail = %d\n", a.head, a.tail); }

    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
