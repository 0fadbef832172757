/* Fortran's basic datatypes named in C, as Open MPI's mpi.h declares them (HLRS's MPI course sends an int
 * as MPI_INTEGER for a zero-length synchronisation message): sizes, a broadcast and a reduction of each with the
 * C type of its size, and the empty MPI_INTEGER messages of a ring. Undeclared identifiers in cmpi before.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <stdint.h>
#include <mpi.h>

int errs = 0, rank, size;

static void check(const char *what, long got, long want)
{
    if (got != want) {
        errs++;
        printf("[%d] %s: got %ld, expected %ld\n", rank, what, got, want);
    }
}

static void size_is(const char *name, MPI_Datatype t, int want)
{
    int s;
    MPI_Type_size(t, &s);
    check(name, s, want);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    size_is("MPI_INTEGER", MPI_INTEGER, 4);
    size_is("MPI_REAL", MPI_REAL, 4);
    size_is("MPI_DOUBLE_PRECISION", MPI_DOUBLE_PRECISION, 8);
    size_is("MPI_LOGICAL", MPI_LOGICAL, 4);
    size_is("MPI_CHARACTER", MPI_CHARACTER, 1);
    size_is("MPI_INTEGER1", MPI_INTEGER1, 1);
    size_is("MPI_INTEGER2", MPI_INTEGER2, 2);
    size_is("MPI_INTEGER4", MPI_INTEGER4, 4);
    size_is("MPI_INTEGER8", MPI_INTEGER8, 8);
    size_is("MPI_REAL4", MPI_REAL4, 4);
    size_is("MPI_REAL8", MPI_REAL8, 8);

    int i = rank == size - 1 ? -123456 : 0;
    float f = rank == size - 1 ? 2.5f : 0;
    double d = rank == size - 1 ? -0.125 : 0;
    char c = rank == size - 1 ? 'F' : 0;
    int64_t l = rank == size - 1 ? -5000000000LL : 0;
    MPI_Bcast(&i, 1, MPI_INTEGER, size - 1, MPI_COMM_WORLD);
    MPI_Bcast(&f, 1, MPI_REAL, size - 1, MPI_COMM_WORLD);
    MPI_Bcast(&d, 1, MPI_DOUBLE_PRECISION, size - 1, MPI_COMM_WORLD);
    MPI_Bcast(&c, 1, MPI_CHARACTER, size - 1, MPI_COMM_WORLD);
    MPI_Bcast(&l, 1, MPI_INTEGER8, size - 1, MPI_COMM_WORLD);
    check("MPI_INTEGER bcast", i, -123456);
    check("MPI_REAL bcast", (long)(f * 4), 10);
    check("MPI_DOUBLE_PRECISION bcast", (long)(d * 8), -1);
    check("MPI_CHARACTER bcast", c, 'F');
    check("MPI_INTEGER8 bcast", (long)l, -5000000000L);

    int isum, one = rank + 1;
    double dmax, dv = rank * 0.5;
    float rsum, rv = 1.5f;
    MPI_Allreduce(&one, &isum, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&dv, &dmax, 1, MPI_DOUBLE_PRECISION, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(&rv, &rsum, 1, MPI_REAL4, MPI_SUM, MPI_COMM_WORLD);
    check("MPI_INTEGER sum", isum, (long)size * (size + 1) / 2);
    check("MPI_DOUBLE_PRECISION max", (long)(dmax * 2), size - 1);
    check("MPI_REAL4 sum", (long)(rsum * 2), 3L * size);

    /* a zero-length message as a signal, received into an int described as MPI_INTEGER */
    int dummy = 7, got = 0;
    MPI_Request rq;
    MPI_Irecv(&got, 1, MPI_INTEGER, (rank + size - 1) % size, 17, MPI_COMM_WORLD, &rq);
    MPI_Send(&dummy, 0, MPI_INTEGER, (rank + 1) % size, 17, MPI_COMM_WORLD);
    MPI_Status st;
    MPI_Wait(&rq, &st);
    int n;
    MPI_Get_count(&st, MPI_INTEGER, &n);
    check("empty signal count", n, 0);
    check("empty signal left the buffer", got, 0);

    int toterrs;
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
