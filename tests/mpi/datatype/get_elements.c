/* MPI_Get_elements after partial receives of derived datatypes: a message that fills whole elements and part of
 * another gives MPI_UNDEFINED from Get_count and the number of basic elements received from Get_elements
 * (MPI-4.0 5.1.11), for a vector of doubles, a struct {int; double; int}, MPI_2INT and a type of types.
 * As Open MPI counts: a predefined pair type (MPI_2INT) is one element, a pair inside a derived type two.
 * ranks: 2 4 7 */
#include <stdio.h>
#include <stddef.h>
#include <mpi.h>

struct rec { int a; double b; int c; };

static int errs = 0;

static void expect(const char *what, MPI_Status *st, MPI_Datatype type, int count, int elements)
{
    int c, e;
    MPI_Get_count(st, type, &c);
    MPI_Get_elements(st, type, &e);
    if (c != count || e != elements) {
        errs++;
        printf("%s: Get_count %d (expected %d), Get_elements %d (expected %d)\n", what, c, count, e, elements);
    }
}

int main(int argc, char **argv)
{
    int rank, size, toterrs, i;
    double d[8];
    int ints[8];
    struct rec recs[3];
    MPI_Datatype vec, rectype, pairvec;
    int blocklens[3] = {1, 1, 1};
    MPI_Aint disps[3] = {offsetof(struct rec, a), offsetof(struct rec, b), offsetof(struct rec, c)};
    MPI_Datatype types[3] = {MPI_INT, MPI_DOUBLE, MPI_INT};
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Type_vector(2, 1, 2, MPI_DOUBLE, &vec);                 /* 2 doubles, stride 2 */
    MPI_Type_commit(&vec);
    MPI_Type_create_struct(3, blocklens, disps, types, &rectype); /* int, double, int */
    MPI_Type_commit(&rectype);
    MPI_Type_contiguous(2, MPI_2INT, &pairvec);                 /* 2 MPI_2INT pairs */
    MPI_Type_commit(&pairvec);
    for (i = 0; i < 8; i++) { d[i] = i + 0.5; ints[i] = 10 * i; }

    if (rank == 0) {
        MPI_Send(d, 3, MPI_DOUBLE, 1, 1, MPI_COMM_WORLD);      /* 1.5 vectors */
        MPI_Send(d, 4, MPI_DOUBLE, 1, 2, MPI_COMM_WORLD);      /* 2 whole vectors */
        MPI_Send(d, 0, MPI_DOUBLE, 1, 3, MPI_COMM_WORLD);      /* nothing */
        for (i = 0; i < 3; i++) { recs[i].a = i; recs[i].b = i + 0.25; recs[i].c = -i; }
        /* one record and the first two fields of another: int double int | int double */
        {
            MPI_Datatype partial;
            int bl[3] = {1, 1, 1};
            MPI_Aint dp[3] = {0, (MPI_Aint)sizeof(struct rec) + disps[0], (MPI_Aint)sizeof(struct rec) + disps[1]};
            MPI_Datatype ty[3] = {rectype, MPI_INT, MPI_DOUBLE};
            MPI_Type_create_struct(3, bl, dp, ty, &partial);
            MPI_Type_commit(&partial);
            MPI_Send(recs, 1, partial, 1, 4, MPI_COMM_WORLD);
            MPI_Type_free(&partial);
        }
        MPI_Send(ints, 4, MPI_INT, 1, 7, MPI_COMM_WORLD);       /* 2 MPI_2INT pairs */
        MPI_Send(ints, 5, MPI_INT, 1, 5, MPI_COMM_WORLD);       /* 2.5 MPI_2INT pairs */
        MPI_Send(ints, 7, MPI_INT, 1, 6, MPI_COMM_WORLD);       /* 1 pairvec and 3 ints */
    } else if (rank == 1) {
        MPI_Recv(d, 2, vec, 0, 1, MPI_COMM_WORLD, &st);
        expect("vector, 3 doubles", &st, vec, MPI_UNDEFINED, 3);
        if (d[0] != 0.5 || d[2] != 1.5 || d[3] != 2.5) { errs++; printf("vector data %f %f %f\n", d[0], d[2], d[3]); }
        MPI_Recv(d, 2, vec, 0, 2, MPI_COMM_WORLD, &st);
        expect("vector, 4 doubles", &st, vec, 2, 4);
        MPI_Recv(d, 2, vec, 0, 3, MPI_COMM_WORLD, &st);
        expect("vector, empty", &st, vec, 0, 0);
        MPI_Recv(recs, 2, rectype, 0, 4, MPI_COMM_WORLD, &st);
        expect("struct, 1 record + int double", &st, rectype, MPI_UNDEFINED, 5);
        MPI_Recv(ints, 3, MPI_2INT, 0, 5, MPI_COMM_WORLD, &st);
        expect("MPI_2INT, 5 ints", &st, MPI_2INT, MPI_UNDEFINED, MPI_UNDEFINED);
        MPI_Recv(ints, 3, MPI_2INT, 0, 7, MPI_COMM_WORLD, &st);
        expect("MPI_2INT, 4 ints", &st, MPI_2INT, 2, 2);
        MPI_Recv(ints, 2, pairvec, 0, 6, MPI_COMM_WORLD, &st);
        expect("2 x MPI_2INT, 7 ints", &st, pairvec, MPI_UNDEFINED, 7);
        expect("the same status as MPI_INT", &st, MPI_INT, 7, 7);
    }
    MPI_Type_free(&vec);
    MPI_Type_free(&rectype);
    MPI_Type_free(&pairvec);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
