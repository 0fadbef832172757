/* Reductions of MPI_CHAR: Open MPI 4.1 reduces it as a signed 8-bit integer with every predefined op (MPI lists it
 * in no op group), so a program may OR char flags across ranks (Quinn's sieve exercises: MPI_Reduce of a `char`
 * marks array with MPI_LOR). The port refused them (MPI_ERR_OP). MPI_WCHAR takes no op, in both (MPI_ERR_OP under
 * MPI_ERRORS_RETURN).
 */
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>
#include <mpi.h>

#define N 12

static int errs = 0;

static void expect(int rank, const char *what, int i, int got, int want)
{
    if (got != want) {
        errs++;
        printf("rank %d: %s[%d] = %d, expected %d\n", rank, what, i, got, want);
    }
}

int main(int argc, char **argv)
{
    int rank, size, i, r, toterrs, rc, cls;
    char marks[N], any[N], sum[N], most[N], least[N], bits[N];
    wchar_t w = 1, wsum = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* rank r marks the multiples of r + 2 */
    for (i = 0; i < N; i++)
        marks[i] = i % (rank + 2) == 0;
    MPI_Reduce(marks, any, N, MPI_CHAR, MPI_LOR, 0, MPI_COMM_WORLD);
    MPI_Allreduce(marks, sum, N, MPI_CHAR, MPI_SUM, MPI_COMM_WORLD);
    for (i = 0; i < N; i++) {
        int count = 0;
        for (r = 0; r < size; r++)
            count += i % (r + 2) == 0;
        if (rank == 0)
            expect(rank, "lor", i, any[i], count > 0);
        expect(rank, "sum", i, sum[i], count);
    }

    /* signed: -rank - i is the least, as an 8-bit integer */
    for (i = 0; i < N; i++)
        marks[i] = (char)(-rank - i);
    MPI_Allreduce(marks, most, N, MPI_CHAR, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(marks, least, N, MPI_CHAR, MPI_MIN, MPI_COMM_WORLD);
    for (i = 0; i < N; i++) {
        expect(rank, "max", i, most[i], -i);
        expect(rank, "min", i, least[i], -(size - 1) - i);
    }
    for (i = 0; i < N; i++)
        marks[i] = (char)(1 << (rank % 7));
    MPI_Allreduce(marks, bits, N, MPI_CHAR, MPI_BOR, MPI_COMM_WORLD);
    {
        int want = 0;
        for (r = 0; r < size; r++)
            want |= 1 << (r % 7);
        expect(rank, "bor", 0, bits[0], want);
    }

    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    rc = MPI_Allreduce(&w, &wsum, 1, MPI_WCHAR, MPI_SUM, MPI_COMM_WORLD);
    MPI_Error_class(rc, &cls);
    expect(rank, "wchar sum's error class", 0, cls, MPI_ERR_OP);

    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0)
            printf(" No Errors\n");
        else
            printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
