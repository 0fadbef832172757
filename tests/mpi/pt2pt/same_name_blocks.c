/* A name reused in sibling blocks for things of different types, one of them a scalar a nonblocking call keeps
 * (its C# is a one-element array), the other an array: each keeps its own type. Blocks of that shape are common in
 * test drivers that number their phases.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

static double scale(double *v, int n)
{
    double s = 0;
    int i;
    for (i = 0; i < n; i++) s += v[i];
    return s;
}

int main(int argc, char **argv)
{
    int rank, size, i, toterrs, errs = 0;
    MPI_Request reqs[2];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;

    /* phase 1: `a` is an array, sent and received whole */
    {
        int a[4], b[4];
        for (i = 0; i < 4; i++) a[i] = rank * 10 + i;
        MPI_Irecv(b, 4, MPI_INT, left, 1, MPI_COMM_WORLD, &reqs[0]);
        MPI_Isend(a, 4, MPI_INT, right, 1, MPI_COMM_WORLD, &reqs[1]);
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
        for (i = 0; i < 4; i++)
            if (b[i] != left * 10 + i) { errs++; printf("phase 1: b[%d] = %d\n", i, b[i]); }
    }
    /* phase 2: `a` is one int a nonblocking receive keeps, `b` a double array */
    {
        int a = -1, sv = rank;
        double b[3] = {0.5, 1.5, 2.0};
        MPI_Irecv(&a, 1, MPI_INT, left, 2, MPI_COMM_WORLD, &reqs[0]);
        MPI_Isend(&sv, 1, MPI_INT, right, 2, MPI_COMM_WORLD, &reqs[1]);
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
        if (a != left) { errs++; printf("phase 2: a = %d\n", a); }
        if (scale(b, 3) != 4.0) { errs++; printf("phase 2: sum %g\n", scale(b, 3)); }
    }
    /* phase 3: `a` a double the reduction writes, `sv` an array */
    {
        double a = 0;
        int sv[2] = {rank, 1}, tot[2];
        MPI_Allreduce(sv, tot, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        a = tot[0] + 0.5 * tot[1];
        if (a != size * (size - 1) / 2 + 0.5 * size) { errs++; printf("phase 3: a = %g\n", a); }
    }

    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs) printf(" Found %d errors\n", toterrs);
        else printf(" No Errors\n");
    }
    MPI_Finalize();
    return 0;
}
