/* Reductions whose two buffers are of different types, under the one datatype the call takes (PRK amr.c:
 * `MPI_Allreduce(&my_ID_bgx, &ilow, 1, MPI_LONG, MPI_MIN, ...)` of an int into a long). C reads count * extent
 * bytes from each buffer's address: the int's 4 bytes and the 4 after it (zeros here, in a padded struct), so the
 * long is the int's 32 bits read as unsigned. The port reads the same bytes of the int and zeros past it, and
 * writes the result's bytes that fall in the receiving variable.
 * ranks: 1 2 4 7
 */
#include <stdio.h>
#include <mpi.h>

struct padded { int n; int pad; };

int main(int argc, char **argv)
{
    int rank, size, errs = 0, toterrs;
    struct padded id = {0, 0}, low = {0, 0};
    long ilow = -1, sum = 0, mixed[2] = {0, 0};
    int pairs[4] = {0, 0, 0, 0};
    long wide;
    unsigned int u;
    double scanned = 0;
    float f[2] = {0, 0};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* amr's shape: an int reduced into a long */
    id.n = rank + 3;
    MPI_Allreduce(&id.n, &ilow, 1, MPI_LONG, MPI_MIN, MPI_COMM_WORLD);
    printf("rank %d: ilow %ld\n", rank, ilow);
    if (ilow != 3) errs++;

    /* a negative int: its bytes and 4 zeros are 2^32 - 1 as a long */
    id.n = -1;
    MPI_Allreduce(&id.n, &sum, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    printf("rank %d: sum %ld\n", rank, sum);

    /* an array of ints read as longs: two ints make one long */
    pairs[0] = rank; pairs[1] = 0; pairs[2] = 1; pairs[3] = 0;
    MPI_Allreduce(pairs, mixed, 2, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    printf("rank %d: mixed %ld %ld\n", rank, mixed[0], mixed[1]);

    /* the result narrower than the datatype: its low bytes, the rest dropped (natively: into low.pad, a zero
       byte pattern only when the sum is below 2^32) */
    wide = rank + 1;
    MPI_Reduce(&wide, &low.n, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) printf("rank %d: reduced %d\n", rank, low.n);

    /* signedness differs, sizes agree: the same bytes */
    u = 5;
    MPI_Scan(&u, &low.n, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    printf("rank %d: scan %d\n", rank, low.n);

    /* a wider read buffer into a narrower result: the MAX is decided by the high halves, which reach the call
       (the result's low half is rank 0's 0; natively its high half goes into got.pad) */
    struct padded got = {0, 0};
    long w = ((long)(size - rank) << 32) | rank;
    MPI_Scan(&w, &got.n, 1, MPI_LONG, MPI_MAX, MPI_COMM_WORLD);
    printf("rank %d: scan max %d\n", rank, got.n);

    /* floats into a double: two floats' bytes make the one double the call reads (the largest of equal ones) */
    f[0] = 1.5f; f[1] = 2.5f;
    MPI_Allreduce(f, &scanned, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    printf("rank %d: floats as a double %.17g\n", rank, scanned);

    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0 && toterrs == 0)
        printf(" No Errors\n");
    MPI_Finalize();
    return 0;
}
