/* An error the C reader reports (an undeclared name) and two the translation reports (an inline assembly
 * statement, an MPI function cmpi lacks): one run names all three, the C reader's first. */
#include <mpi.h>

static int twice(int x)
{
    return x + undeclared_name;
}

static void fence(void)
{
    __asm__ volatile("" ::: "memory");
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    fence();
    MPI_Comm_spawn("worker", MPI_ARGV_NULL, 1, MPI_INFO_NULL, 0, MPI_COMM_WORLD, NULL, NULL);
    MPI_Finalize();
    return twice(1);
}
