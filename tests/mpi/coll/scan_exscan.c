/* MPI_Scan and MPI_Exscan with MPI_SUM, MPI_PROD and MPI_MAX on ints, MPI_IN_PLACE for both,
 * and a count of several elements.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

#define N 3

int errs = 0;

int main(int argc, char **argv)
{
    int rank, size, i, toterrs;
    int in[N], out[N], expect;
    long lin, lout;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    for (i = 0; i < N; i++) {
        in[i] = rank + 1 + i;
        out[i] = -1;
    }
    MPI_Scan(in, out, N, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    for (i = 0; i < N; i++) {
        expect = (rank + 1) * (rank + 2) / 2 + i * (rank + 1);
        if (out[i] != expect) {
            errs++;
            printf("[%d] Scan SUM: out[%d] = %d, expected %d\n", rank, i, out[i], expect);
        }
    }

    lin = rank + 1;
    MPI_Scan(&lin, &lout, 1, MPI_LONG, MPI_PROD, MPI_COMM_WORLD);
    expect = 1;
    for (i = 2; i <= rank + 1; i++)
        expect *= i;
    if (lout != expect) {
        errs++;
        printf("[%d] Scan PROD: %ld, expected %d\n", rank, lout, expect);
    }

    /* MPI_MAX over values that go up and down: the running maximum. */
    in[0] = (rank * 5) % 7;
    MPI_Scan(MPI_IN_PLACE, in, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    expect = 0;
    for (i = 0; i <= rank; i++)
        if ((i * 5) % 7 > expect)
            expect = (i * 5) % 7;
    if (in[0] != expect) {
        errs++;
        printf("[%d] Scan MAX in place: %d, expected %d\n", rank, in[0], expect);
    }

    for (i = 0; i < N; i++) {
        in[i] = rank + 1 + i;
        out[i] = -1;
    }
    MPI_Exscan(in, out, N, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank > 0) {
        for (i = 0; i < N; i++) {
            expect = rank * (rank + 1) / 2 + i * rank;
            if (out[i] != expect) {
                errs++;
                printf("[%d] Exscan SUM: out[%d] = %d, expected %d\n", rank, i, out[i], expect);
            }
        }
    }

    in[0] = rank + 2;
    MPI_Exscan(MPI_IN_PLACE, in, 1, MPI_INT, MPI_PROD, MPI_COMM_WORLD);
    if (rank > 0) {
        expect = 1;
        for (i = 0; i < rank; i++)
            expect *= i + 2;
        if (in[0] != expect) {
            errs++;
            printf("[%d] Exscan PROD in place: %d, expected %d\n", rank, in[0], expect);
        }
    }

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
