/* A header-style static helper no code calls whose conversion fails (inline assembly, as timers of benchmark
 * suites read the cycle counter), beside a call that earns a warning (a long sent as MPI_INT): the helper is left out
 * and the rest converted again, and each warning is given once. The other unused helper passes its `void *` on to
 * MPI_Win_allocate's baseptr (PRK's PRK_Win_allocate): the port holds it as bytes and the address goes into them, as
 * in C, so it is translated and must compile.
 */
#include <stdio.h>
#include <mpi.h>

static int win_allocate(MPI_Aint size, int disp_unit, MPI_Comm comm, void *baseptr, MPI_Win *win)
{
    return MPI_Win_allocate(size, disp_unit, MPI_INFO_NULL, comm, baseptr, win);
}

static unsigned long cycle_counter(void)
{
    unsigned lo, hi;
    __asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
    return ((unsigned long)hi << 32) | lo;
}

int main(int argc, char **argv)
{
    int rank, size, all[8], errs = 0, toterrs;
    long mine;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    mine = 3 * rank;
    MPI_Allgather(&mine, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD);
    for (int i = 0; i < size; i++)
        if (all[i] != 3 * i)
            errs++;
    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0 && toterrs == 0)
        printf(" No Errors\n");
    MPI_Finalize();
    return 0;
}
