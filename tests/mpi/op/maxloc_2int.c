/* MPI_MAXLOC and MPI_MINLOC on MPI_2INT pairs held in int arrays, with ties (the lowest index wins),
 * through Allreduce, Reduce to every root and Scan.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

int errs = 0;

int main(int argc, char **argv)
{
    int rank, size, r, root, toterrs, best, where;
    int in[4], out[4];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* Pair 0: value rank % 3 (ties every third rank); pair 1: value -rank. */
    in[0] = rank % 3;
    in[1] = rank;
    in[2] = -rank;
    in[3] = rank;
    MPI_Allreduce(in, out, 2, MPI_2INT, MPI_MAXLOC, MPI_COMM_WORLD);
    best = -1;
    where = -1;
    for (r = 0; r < size; r++)
        if (r % 3 > best) {
            best = r % 3;
            where = r;
        }
    if (out[0] != best || out[1] != where) {
        errs++;
        printf("[%d] MAXLOC: (%d, %d), expected (%d, %d)\n", rank, out[0], out[1], best, where);
    }
    if (out[2] != 0 || out[3] != 0) {
        errs++;
        printf("[%d] MAXLOC of -rank: (%d, %d), expected (0, 0)\n", rank, out[2], out[3]);
    }

    for (root = 0; root < size; root++) {
        out[0] = out[1] = out[2] = out[3] = -99;
        MPI_Reduce(in, out, 2, MPI_2INT, MPI_MINLOC, root, MPI_COMM_WORLD);
        if (rank == root) {
            if (out[0] != 0 || out[1] != 0) {
                errs++;
                printf("[%d] MINLOC to root %d: (%d, %d), expected (0, 0)\n", rank, root, out[0], out[1]);
            }
            if (out[2] != 1 - size || out[3] != size - 1) {
                errs++;
                printf("[%d] MINLOC of -rank to root %d: (%d, %d)\n", rank, root, out[2], out[3]);
            }
        }
    }

    MPI_Scan(in, out, 1, MPI_2INT, MPI_MAXLOC, MPI_COMM_WORLD);
    best = -1;
    where = -1;
    for (r = 0; r <= rank; r++)
        if (r % 3 > best) {
            best = r % 3;
            where = r;
        }
    if (out[0] != best || out[1] != where) {
        errs++;
        printf("[%d] Scan MAXLOC: (%d, %d), expected (%d, %d)\n", rank, out[0], out[1], best, where);
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
