/* A header's static helpers that no code of the program calls, one of which calls an MPI function cmpi lacks
 * (MPI_Comm_spawn: the C reader's error), one that uses inline assembly (the front end's) and one with a cast
 * the conversion refuses: C's linker drops them, and the port leaves them out with a warning
 * (-Wunused-untranslatable) instead of refusing the program.
 * ranks: 1 2 */
#include <stdio.h>
#include <mpi.h>

static int spawn_workers(int n)
{
    MPI_Comm children;
    return MPI_Comm_spawn("worker", MPI_ARGV_NULL, n, MPI_INFO_NULL, 0, MPI_COMM_SELF, &children,
                          MPI_ERRCODES_IGNORE);
}

static void barrier_for_the_compiler(void)
{
    __asm__ volatile("" ::: "memory");
}

static void *first_of(void *table)
{
    return ((struct cell { int *next; } *)(int *)table)->next;
}

static int used_helper(int x)
{
    return 2 * x;
}

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    printf("rank %d of %d: %d\n", rank, size, used_helper(rank));
    if (rank == 0)
        printf(" No Errors\n");
    MPI_Finalize();
    return 0;
}
