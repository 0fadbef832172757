/* MPI_Pack, MPI_Unpack and MPI_Pack_size: a count, then that many doubles, then a vector of ints,
 * sent as MPI_PACKED from rank 0 to every other rank.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

int errs = 0;

int main(int argc, char **argv)
{
    int rank, size, i, r, n, toterrs, position, isize, dsize, psize, got;
    char buffer[256];
    double values[5];
    int ints[8];
    MPI_Datatype evens;
    MPI_Status status;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    MPI_Type_vector(4, 1, 2, MPI_INT, &evens);
    MPI_Type_commit(&evens);
    MPI_Pack_size(1, MPI_INT, MPI_COMM_WORLD, &isize);
    MPI_Pack_size(5, MPI_DOUBLE, MPI_COMM_WORLD, &dsize);
    MPI_Pack_size(1, evens, MPI_COMM_WORLD, &psize);
    if (isize < 4 || dsize < 40 || psize < 16 || isize + dsize + psize > 256) {
        errs++;
        printf("[%d] Pack_size: %d %d %d\n", rank, isize, dsize, psize);
    }

    if (rank == 0) {
        for (r = 1; r < size; r++) {
            n = r % 5 + 1;
            for (i = 0; i < n; i++)
                values[i] = r + 0.25 * i;
            for (i = 0; i < 8; i++)
                ints[i] = 10 * r + i;
            position = 0;
            MPI_Pack(&n, 1, MPI_INT, buffer, 256, &position, MPI_COMM_WORLD);
            MPI_Pack(values, n, MPI_DOUBLE, buffer, 256, &position, MPI_COMM_WORLD);
            MPI_Pack(ints, 1, evens, buffer, 256, &position, MPI_COMM_WORLD);
            MPI_Send(buffer, position, MPI_PACKED, r, 0, MPI_COMM_WORLD);
        }
    } else {
        MPI_Recv(buffer, 256, MPI_PACKED, 0, 0, MPI_COMM_WORLD, &status);
        got = 256;
        position = 0;
        MPI_Unpack(buffer, got, &position, &n, 1, MPI_INT, MPI_COMM_WORLD);
        if (n != rank % 5 + 1) {
            errs++;
            printf("[%d] unpacked count %d\n", rank, n);
        } else {
            MPI_Unpack(buffer, got, &position, values, n, MPI_DOUBLE, MPI_COMM_WORLD);
            for (i = 0; i < n; i++)
                if (values[i] != rank + 0.25 * i) {
                    errs++;
                    printf("[%d] unpacked values[%d] = %g\n", rank, i, values[i]);
                }
            for (i = 0; i < 8; i++)
                ints[i] = -1;
            MPI_Unpack(buffer, got, &position, ints, 1, evens, MPI_COMM_WORLD);
            for (i = 0; i < 8; i++)
                if (ints[i] != (i % 2 == 0 ? 10 * rank + i : -1)) {
                    errs++;
                    printf("[%d] unpacked ints[%d] = %d\n", rank, i, ints[i]);
                }
            if (position != isize + n * 8 + psize) {
                errs++;
                printf("[%d] unpack ended at %d, expected %d\n", rank, position, isize + n * 8 + psize);
            }
        }
    }

    MPI_Type_free(&evens);
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
