/* Buffers that are parts of structs: send from and receive into a fixed array inside a struct (&s.arr[1], s.v
 * through a pointer), a scalar field through a pointer (int *q = &r.x), fields of an array of structs, a
 * collective into a struct's array, and an int buffer read as unsigned.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

struct rec {
    int tag;
    int arr[6];
    double v[3];
    int x;
};

int main(int argc, char **argv)
{
    int rank, size, next, prev, i, errs = 0, toterrs;
    struct rec s, r, table[3];
    int *q, *p;
    double *d;
    unsigned *u;
    int plain[4];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    next = (rank + 1) % size;
    prev = (rank + size - 1) % size;

    s.tag = 100 + rank;
    s.x = 7 * rank;
    for (i = 0; i < 6; i++) s.arr[i] = rank * 10 + i;
    for (i = 0; i < 3; i++) s.v[i] = rank + 0.25 * i;
    r.tag = -1;
    r.x = -1;
    for (i = 0; i < 6; i++) r.arr[i] = -1;
    for (i = 0; i < 3; i++) r.v[i] = -1.0;

    /* &s.arr[1]: four elements from the middle of the struct's array, into the middle of another. */
    MPI_Sendrecv(&s.arr[1], 4, MPI_INT, next, 1, &r.arr[1], 4, MPI_INT, prev, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (i = 0; i < 6; i++) {
        int want = (i >= 1 && i <= 4) ? prev * 10 + i : -1;
        if (r.arr[i] != want) { errs++; printf("r.arr[%d] = %d, expected %d\n", i, r.arr[i], want); }
    }

    /* d = s.v: the struct's double array through a pointer, with blocking Send and Recv. */
    d = s.v;
    if (rank % 2 == 0) {
        MPI_Send(d, 3, MPI_DOUBLE, next, 2, MPI_COMM_WORLD);
        d = r.v;
        MPI_Recv(d, 3, MPI_DOUBLE, prev, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        double *in = r.v;
        MPI_Recv(in, 3, MPI_DOUBLE, prev, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(d, 3, MPI_DOUBLE, next, 2, MPI_COMM_WORLD);
    }
    for (i = 0; i < 3; i++)
        if (r.v[i] != prev + 0.25 * i) { errs++; printf("r.v[%d] = %g\n", i, r.v[i]); }

    /* int *q = &r.x: a scalar field through a pointer. */
    q = &r.x;
    p = &s.x;
    MPI_Sendrecv(p, 1, MPI_INT, next, 3, q, 1, MPI_INT, prev, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (r.x != 7 * prev) { errs++; printf("r.x = %d, expected %d\n", r.x, 7 * prev); }

    /* Fields of an array of structs, and a collective into a struct's array. */
    for (i = 0; i < 3; i++) { table[i].tag = 0; table[i].x = 0; }
    MPI_Allreduce(&s.tag, &table[1].tag, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (table[1].tag != 100 * size + size * (size - 1) / 2 || table[0].tag != 0 || table[2].tag != 0) {
        errs++;
        printf("allreduce into table[1].tag: %d\n", table[1].tag);
    }
    for (i = 0; i < 6; i++) table[2].arr[i] = rank == 0 ? 50 + i : 0;
    MPI_Bcast(table[2].arr + 2, 3, MPI_INT, 0, MPI_COMM_WORLD);
    for (i = 0; i < 6; i++) {
        int want = (i >= 2 && i <= 4) ? 50 + i : (rank == 0 ? 50 + i : 0);
        if (table[2].arr[i] != want) { errs++; printf("table[2].arr[%d] = %d\n", i, table[2].arr[i]); }
    }

    /* An int array read as unsigned: the same memory, sent as MPI_UNSIGNED. */
    for (i = 0; i < 4; i++) plain[i] = rank == 0 ? -1 - i : 0;
    u = (unsigned *)plain;
    MPI_Bcast(u + 1, 2, MPI_UNSIGNED, 0, MPI_COMM_WORLD);
    if (plain[1] != -2 || plain[2] != -3 || (rank != 0 && (plain[0] != 0 || plain[3] != 0))) {
        errs++;
        printf("unsigned view: %d %d %d %d\n", plain[0], plain[1], plain[2], plain[3]);
    }

    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
