/* long double values that need the x87's 64 significant bits (1 + k * 2^-60: a double holds only 1): point-to-point
 * keeps every bit, MPI_SUM, MPI_PROD, MPI_MAX, MPI_MIN and MPI_MAXLOC/MINLOC on MPI_LONG_DOUBLE(_INT) compute in 80
 * bits, and a struct holding a long double keeps C's layout (the value at 16, sizeof 32) under MPI_BYTE.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <string.h>
#include <mpi.h>

struct tagged { char tag; long double v; };
struct ldint { long double v; int i; };

int main(int argc, char **argv)
{
    int rank, size, r, errs = 0, toterrs, count;
    long double ulp = 1.0L / 1152921504606846976.0L;  /* 2^-60 */
    long double mine, sum, prod, max, min, want_sum = 0, want_prod = 1, got[2], sent[2];
    struct tagged t[2], u[2];
    struct ldint in, out;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    mine = 1 + (rank + 1) * ulp;
    for (r = 0; r < size; r++) {
        want_sum += 1 + (r + 1) * ulp;
        want_prod *= 1 + (r + 1) * ulp;
    }
    MPI_Allreduce(&mine, &sum, 1, MPI_LONG_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&mine, &prod, 1, MPI_LONG_DOUBLE, MPI_PROD, MPI_COMM_WORLD);
    MPI_Allreduce(&mine, &max, 1, MPI_LONG_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(&mine, &min, 1, MPI_LONG_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
    if (sum != want_sum || sum - size != size * (size + 1) / 2 * ulp) {  /* the low bits kept: a double's sum is size */
        errs++;
        printf("sum %La, expected %La\n", sum, want_sum);
    }
    if (prod != want_prod) { errs++; printf("prod %La, expected %La\n", prod, want_prod); }
    if (max != 1 + size * ulp || min != 1 + ulp) { errs++; printf("max %La min %La\n", max, min); }

    sent[0] = mine;
    sent[1] = -mine / 3;
    MPI_Sendrecv(sent, 2, MPI_LONG_DOUBLE, (rank + 1) % size, 0, got, 2, MPI_LONG_DOUBLE, (rank + size - 1) % size, 0,
                 MPI_COMM_WORLD, &st);
    r = (rank + size - 1) % size;
    if (got[0] != 1 + (r + 1) * ulp || got[1] != -(1 + (r + 1) * ulp) / 3) {
        errs++;
        printf("received %La %La\n", got[0], got[1]);
    }
    MPI_Get_count(&st, MPI_BYTE, &count);
    if (count != 32) { errs++; printf("%d bytes\n", count); }

    memset(t, 0, sizeof t);
    t[0].tag = 'a' + rank;
    t[0].v = mine;
    t[1].tag = 'z';
    t[1].v = -mine;
    MPI_Sendrecv(t, (int)sizeof t, MPI_BYTE, (rank + 1) % size, 1, u, (int)sizeof u, MPI_BYTE, (rank + size - 1) % size,
                 1, MPI_COMM_WORLD, &st);
    if (sizeof(struct tagged) != 32 || u[0].tag != 'a' + r || u[0].v != 1 + (r + 1) * ulp || u[1].tag != 'z' ||
        u[1].v != -u[0].v) {
        errs++;
        printf("struct %d: %c %La %c %La\n", (int)sizeof(struct tagged), u[0].tag, u[0].v, u[1].tag, u[1].v);
    }

    in.v = 1 + ((rank * 3) % size) * ulp;
    in.i = rank;
    MPI_Allreduce(&in, &out, 1, MPI_LONG_DOUBLE_INT, MPI_MAXLOC, MPI_COMM_WORLD);
    {
        int best = 0;
        for (r = 1; r < size; r++) if ((r * 3) % size > (best * 3) % size) best = r;
        if (out.v != 1 + ((best * 3) % size) * ulp || out.i != best) { errs++; printf("MAXLOC %La at %d\n", out.v, out.i); }
    }
    MPI_Allreduce(&in, &out, 1, MPI_LONG_DOUBLE_INT, MPI_MINLOC, MPI_COMM_WORLD);
    if (out.v != 1 || out.i != 0) { errs++; printf("MINLOC %La at %d\n", out.v, out.i); }

    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
