/* Struct displacements written as integer arithmetic on addresses, as legacy codes and textbooks do instead of
 * MPI_Get_address or offsetof (Eijkhout's `struct`: `(size_t)&(s.x) - (size_t)&s`): `(size_t)&s.x - (size_t)&s`,
 * `(long)`, `(MPI_Aint)`, `(char *)&s.x - (char *)&s`, a field of an array element, `&arr[1] - &arr[0]` as the
 * extent, and MPI_Get_address of fields. Each must be C's offsetof (the port's structs lie out as C's); the types
 * built from them (MPI_Type_create_struct, and MPI-1's MPI_Type_struct) move the struct between ranks. The port
 * stopped with "a pointer into a struct's field ... has no address as an integer" before. */
#define OMPI_OMIT_MPI1_COMPAT_DECLS 0
#include <stddef.h>
#include <stdio.h>
#include <mpi.h>

struct rec {
    char tag;
    double x;
    int k[3];
    short s;
};

static int check(const char *what, long got, long want, int rank)
{
    if (got == want) return 0;
    printf("[%d] %s = %ld, expected %ld\n", rank, what, got, want);
    return 1;
}

int main(int argc, char **argv)
{
    int rank, size, errs = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    struct rec s, arr[3];
    MPI_Aint disp[4], a0, a1;
    errs += check("(size_t)&s.x - (size_t)&s", (long)((size_t)&s.x - (size_t)&s), offsetof(struct rec, x), rank);
    errs += check("(long)&s.tag - (long)&s", (long)&s.tag - (long)&s, offsetof(struct rec, tag), rank);
    errs += check("(MPI_Aint)&s.k[1] - (MPI_Aint)&s", (long)((MPI_Aint)&s.k[1] - (MPI_Aint)&s),
                  offsetof(struct rec, k) + sizeof(int), rank);
    errs += check("(char *)&s.s - (char *)&s", (long)((char *)&s.s - (char *)&s), offsetof(struct rec, s), rank);
    errs += check("(size_t)&(s.x) - (size_t)&s", (long)((size_t)&(s.x) - (size_t)&s), offsetof(struct rec, x), rank);
    errs += check("(size_t)&arr[1] - (size_t)&arr[0]", (long)((size_t)&arr[1] - (size_t)&arr[0]),
                  sizeof(struct rec), rank);
    errs += check("(size_t)&arr[2].s - (size_t)&arr[0]", (long)((size_t)&arr[2].s - (size_t)&arr[0]),
                  2 * sizeof(struct rec) + offsetof(struct rec, s), rank);
    errs += check("(char *)&arr[1].x - (char *)arr", (long)((char *)&arr[1].x - (char *)arr),
                  sizeof(struct rec) + offsetof(struct rec, x), rank);
    MPI_Get_address(&arr[1].k[0], &a1);
    MPI_Get_address(&arr[1], &a0);
    errs += check("MPI_Get_address(&arr[1].k[0]) - MPI_Get_address(&arr[1])", (long)(a1 - a0),
                  offsetof(struct rec, k), rank);
    /* The two ways of taking an address agree. */
    errs += check("(MPI_Aint)&arr[1] - MPI_Get_address(&arr[1])", (long)((MPI_Aint)&arr[1] - a0), 0, rank);

    disp[0] = (size_t)&s.tag - (size_t)&s;
    disp[1] = (long)&s.x - (long)&s;
    disp[2] = (MPI_Aint)&s.k - (MPI_Aint)&s;
    disp[3] = (char *)&s.s - (char *)&s;
    int lens[4] = {1, 1, 3, 1};
    MPI_Datatype types[4] = {MPI_CHAR, MPI_DOUBLE, MPI_INT, MPI_SHORT}, t, t1, tv;
    MPI_Type_create_struct(4, lens, disp, types, &t);
    MPI_Type_create_resized(t, 0, (size_t)&arr[1] - (size_t)&arr[0], &tv);
    MPI_Type_commit(&tv);
    MPI_Type_struct(4, lens, disp, types, &t1);
    MPI_Type_commit(&t1);

    for (int i = 0; i < 3; i++) {
        arr[i].tag = (char)('a' + rank);
        arr[i].x = rank + 0.5 * i;
        for (int j = 0; j < 3; j++) arr[i].k[j] = 100 * rank + 10 * i + j;
        arr[i].s = (short)(rank - i);
    }
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    struct rec got[3], one;
    MPI_Sendrecv(arr, 3, tv, right, 0, got, 3, tv, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&arr[2], 1, t1, right, 1, &one, 1, t1, left, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int i = 0; i < 3; i++) {
        errs += check("got.tag", got[i].tag, 'a' + left, rank);
        errs += check("got.x * 2", (long)(2 * got[i].x), 2 * left + i, rank);
        for (int j = 0; j < 3; j++) errs += check("got.k", got[i].k[j], 100 * left + 10 * i + j, rank);
        errs += check("got.s", got[i].s, left - i, rank);
    }
    errs += check("one.k[2]", one.k[2], 100 * left + 22, rank);
    errs += check("one.s", one.s, left - 2, rank);

    MPI_Type_free(&t);
    MPI_Type_free(&tv);
    MPI_Type_free(&t1);
    int all;
    MPI_Reduce(&errs, &all, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (all == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", all);
    }
    MPI_Finalize();
    return 0;
}
