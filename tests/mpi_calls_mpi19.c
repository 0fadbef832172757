/* Calls every row added by mpi19 (round 19) with the argument shapes real codes use: MPI_Type_match_size for a C
 * type's size, external32 packing of an array, a scalar and a struct pair into a byte buffer and back, its size. */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, values[3] = {1, 2, 3}, back[3] = {0, 0, 0}, one = 7, got = 0;
    struct { double v; int i; } pair = {1.5, 2}, pair_back;
    char packed[64];
    const char *rep = "external32";
    MPI_Aint size = 0, pos = 0, at = 0;
    MPI_Datatype real_type;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_match_size(MPI_TYPECLASS_REAL, sizeof(double), &real_type);
    MPI_Pack_external_size("external32", 3, MPI_INT, &size);
    MPI_Pack_external("external32", values, 3, MPI_INT, packed, sizeof packed, &pos);
    MPI_Pack_external(rep, &one, 1, MPI_INT, packed, sizeof packed, &pos);
    MPI_Pack_external("external32", &pair, 1, MPI_DOUBLE_INT, packed, sizeof packed, &pos);
    MPI_Unpack_external("external32", packed, pos, &at, back, 3, MPI_INT);
    MPI_Unpack_external(rep, packed, pos, &at, &got, 1, MPI_INT);
    MPI_Unpack_external("external32", packed, pos, &at, &pair_back, 1, MPI_DOUBLE_INT);
    int right = size == 12 && at == 28 && back[0] == 1 && back[2] == 3 && got == 7 && real_type == MPI_REAL8 &&
                pair_back.v == 1.5 && pair_back.i == 2 && MPI_INFO_ENV != MPI_INFO_NULL;
    if (rank == 0)
        printf("%s %ld %ld\n", right ? "ok" : "wrong", (long)size, (long)at);
    MPI_Finalize();
    return 0;
}
