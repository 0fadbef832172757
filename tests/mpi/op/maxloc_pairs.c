/* MPI_MAXLOC and MPI_MINLOC on the struct pair types: MPI_DOUBLE_INT, MPI_FLOAT_INT, MPI_LONG_INT,
 * MPI_SHORT_INT and MPI_LONG_DOUBLE_INT.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

struct double_int { double value; int index; };
struct float_int { float value; int index; };
struct long_int { long value; int index; };
struct short_int { short value; int index; };
struct long_double_int { long double value; int index; };

int errs = 0;

void check(int rank, const char *what, double value, int index, double evalue, int eindex)
{
    if (value != evalue || index != eindex) {
        errs++;
        printf("[%d] %s: (%g, %d), expected (%g, %d)\n", rank, what, value, index, evalue, eindex);
    }
}

int main(int argc, char **argv)
{
    int rank, size, toterrs;
    struct double_int din, dout;
    struct float_int fin, fout;
    struct long_int lin, lout;
    struct short_int sin, sout;
    struct long_double_int ldin, ldout;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* The largest value is on the middle rank; every other rank ties at the smallest, 0.25. */
    din.value = rank == size / 2 ? 2.5 : 0.25;
    din.index = rank;
    MPI_Allreduce(&din, &dout, 1, MPI_DOUBLE_INT, MPI_MAXLOC, MPI_COMM_WORLD);
    check(rank, "DOUBLE_INT MAXLOC", dout.value, dout.index, size == 1 ? 2.5 : 2.5, size / 2);
    MPI_Allreduce(&din, &dout, 1, MPI_DOUBLE_INT, MPI_MINLOC, MPI_COMM_WORLD);
    check(rank, "DOUBLE_INT MINLOC", dout.value, dout.index, size == 1 ? 2.5 : 0.25, size == 1 ? 0 : (size / 2 == 0 ? 1 : 0));

    fin.value = (float)(rank % 2);
    fin.index = 10 * rank;
    MPI_Allreduce(&fin, &fout, 1, MPI_FLOAT_INT, MPI_MAXLOC, MPI_COMM_WORLD);
    check(rank, "FLOAT_INT MAXLOC", fout.value, fout.index, size > 1 ? 1.0 : 0.0, size > 1 ? 10 : 0);

    lin.value = 1000L - rank;
    lin.index = rank;
    MPI_Allreduce(&lin, &lout, 1, MPI_LONG_INT, MPI_MINLOC, MPI_COMM_WORLD);
    check(rank, "LONG_INT MINLOC", (double)lout.value, lout.index, 1001.0 - size, size - 1);

    sin.value = (short)(rank * rank - 4 * rank);
    sin.index = rank;
    MPI_Reduce(&sin, &sout, 1, MPI_SHORT_INT, MPI_MINLOC, 0, MPI_COMM_WORLD);
    if (rank == 0)
        check(rank, "SHORT_INT MINLOC", sout.value, sout.index,
              size >= 3 ? -4.0 : (size == 2 ? -3.0 : 0.0), size >= 3 ? 2 : size - 1);

    ldin.value = rank;
    ldin.index = -rank;
    MPI_Allreduce(&ldin, &ldout, 1, MPI_LONG_DOUBLE_INT, MPI_MAXLOC, MPI_COMM_WORLD);
    check(rank, "LONG_DOUBLE_INT MAXLOC", (double)ldout.value, ldout.index, size - 1.0, 1 - size);

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
