/* long double: MPI_LONG_DOUBLE and MPI_LONG_DOUBLE_INT agree with the C type the program sees (Type_size is
 * sizeof(long double), the pair type's extent is its struct's sizeof, Get_count counts whole elements), and
 * carry values through point-to-point, Allreduce (SUM, MAX) and MAXLOC/MINLOC (long_double_bits.c: values that need
 * the x87's 64 bits).
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

struct ldint { long double v; int i; };

int main(int argc, char **argv)
{
    int rank, size, i, count, tsize, errs = 0, toterrs;
    long double a[4], b[4], sum, max;
    struct ldint in, out;
    MPI_Aint lb, extent;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    MPI_Type_size(MPI_LONG_DOUBLE, &tsize);
    if (tsize != (int)sizeof(long double)) { errs++; printf("Type_size(MPI_LONG_DOUBLE) %d, sizeof %d\n", tsize, (int)sizeof(long double)); }
    MPI_Type_get_extent(MPI_LONG_DOUBLE_INT, &lb, &extent);
    if (lb != 0 || extent != (MPI_Aint)sizeof(struct ldint)) {
        errs++;
        printf("MPI_LONG_DOUBLE_INT extent %ld, sizeof(struct) %d\n", (long)extent, (int)sizeof(struct ldint));
    }

    for (i = 0; i < 4; i++) { a[i] = rank + 0.5L * i; b[i] = -1; }
    MPI_Sendrecv(a, 3, MPI_LONG_DOUBLE, (rank + 1) % size, 0, b, 4, MPI_LONG_DOUBLE, (rank + size - 1) % size, 0,
                 MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_LONG_DOUBLE, &count);
    if (count != 3) { errs++; printf("Get_count %d, expected 3\n", count); }
    MPI_Get_count(&st, MPI_BYTE, &count);
    if (count != 3 * (int)sizeof(long double)) { errs++; printf("Get_count in bytes %d\n", count); }
    for (i = 0; i < 3; i++)
        if (b[i] != (rank + size - 1) % size + 0.5L * i) { errs++; printf("b[%d] = %g\n", i, (double)b[i]); }
    if (b[3] != -1) { errs++; printf("b[3] was written\n"); }

    MPI_Allreduce(&a[1], &sum, 1, MPI_LONG_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&a[1], &max, 1, MPI_LONG_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    if (sum != size * (size - 1) / 2 + 0.5L * size || max != size - 1 + 0.5L) {
        errs++;
        printf("sum %g, max %g\n", (double)sum, (double)max);
    }

    in.v = (rank * 3) % size + 0.25L;
    in.i = rank;
    MPI_Allreduce(&in, &out, 1, MPI_LONG_DOUBLE_INT, MPI_MAXLOC, MPI_COMM_WORLD);
    {
        int best = 0, r;
        for (r = 1; r < size; r++) if ((r * 3) % size > (best * 3) % size) best = r;
        if (out.v != (best * 3) % size + 0.25L || out.i != best) { errs++; printf("MAXLOC %g at %d\n", (double)out.v, out.i); }
    }
    MPI_Allreduce(&in, &out, 1, MPI_LONG_DOUBLE_INT, MPI_MINLOC, MPI_COMM_WORLD);
    if (out.v != 0.25L || out.i != 0) { errs++; printf("MINLOC %g at %d\n", (double)out.v, out.i); }

    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
