/* A struct of numbers sent and received as the numbers it holds: Sandia SMB's mpi_overhead.c keeps its command in
 * `struct { int command; int iterations; } message;` and moves it with `MPI_Send((int *)&message, 2, MPI_INT, ...)`
 * and `MPI_Recv((int *)&message, 2, MPI_INT, ...)`. The port refused the cast (-Wpointer-cast: "a cast between
 * pointers to different types reinterprets memory"); a struct that holds numbers only has its C layout in C#, so
 * the cast is a view of its bytes, as a char * of it already was (CoMD). Also an array of such structs as doubles,
 * a `double *` buffer read back as the struct, and a struct given to a broadcast as `(long *)`.
 * ranks: 1 2 4 7
 */
#include <stdio.h>
#include <mpi.h>

struct command {
    int command;
    int iterations;
};

struct point {
    double x, y, z;
};

struct pair {
    long a;
    long b;
};

int main(int argc, char **argv)
{
    int rank, size, i, errs = 0, toterrs;
    struct command message;
    struct point pts[3], back[3];
    struct pair pr;
    double flat[9];
    int *view;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* mpi_overhead's command message around a ring */
    message.command = rank == 0 ? 7 : -1;
    message.iterations = rank == 0 ? 1000 : -1;
    if (size > 1) {
        if (rank == 0) {
            MPI_Send((int *)&message, 2, MPI_INT, 1, 1, MPI_COMM_WORLD);
            MPI_Recv((int *)&message, 2, MPI_INT, size - 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv((int *)&message, 2, MPI_INT, rank - 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            message.iterations += 1;
            MPI_Send((int *)&message, 2, MPI_INT, (rank + 1) % size, 1, MPI_COMM_WORLD);
        }
    }
    if (message.command != 7 || message.iterations != 1000 + (rank == 0 ? size - 1 : rank)) {
        errs++;
        printf("[%d] message %d %d\n", rank, message.command, message.iterations);
    }
    /* the view read and written through a pointer variable */
    view = (int *)&message;
    view[1] = 5;
    if (message.iterations != 5 || view[0] != 7) {
        errs++;
        printf("[%d] view %d %d\n", rank, view[0], message.iterations);
    }

    /* an array of structs broadcast as its doubles, gathered back into a double array */
    for (i = 0; i < 3; i++) {
        pts[i].x = rank == 0 ? i : -1;
        pts[i].y = rank == 0 ? 10 + i : -1;
        pts[i].z = rank == 0 ? 100 + i : -1;
    }
    MPI_Bcast((double *)pts, 9, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    for (i = 0; i < 3; i++)
        if (pts[i].x != i || pts[i].y != 10 + i || pts[i].z != 100 + i) {
            errs++;
            printf("[%d] point %d: %g %g %g\n", rank, i, pts[i].x, pts[i].y, pts[i].z);
        }
    for (i = 0; i < 9; i++)
        flat[i] = 1000 + i;
    MPI_Allreduce(flat, (double *)back, 9, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    for (i = 0; i < 3; i++)
        if (back[i].x != 1000 + 3 * i || back[i].y != 1001 + 3 * i || back[i].z != 1002 + 3 * i) {
            errs++;
            printf("[%d] back %d: %g %g %g\n", rank, i, back[i].x, back[i].y, back[i].z);
        }

    pr.a = rank == 0 ? 1234567890123L : 0;
    pr.b = rank == 0 ? -42 : 0;
    MPI_Bcast((long *)&pr, 2, MPI_LONG, 0, MPI_COMM_WORLD);
    if (pr.a != 1234567890123L || pr.b != -42) {
        errs++;
        printf("[%d] pair %ld %ld\n", rank, pr.a, pr.b);
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
