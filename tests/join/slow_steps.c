/* Steps of a quarter second, each ended by an Allreduce, so that a test can kill one rank of a joined
 * job in the middle (tests/test_join.py). argv[1]: the number of steps (default 8); argv[2]: a rank that
 * returns 3 from main at step 2 (default none). */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <mpi.h>

int main(int argc, char *argv[])
{
    int rank, size, step, steps = argc > 1 ? atoi(argv[1]) : 8, failing = argc > 2 ? atoi(argv[2]) : -1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (step = 0; step < steps; step++) {
        int one = 1, sum = 0;
        usleep(250000);
        if (rank == failing && step == 2)
            return 3;
        MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        printf("rank %d: step %d: %d ranks\n", rank, step, sum);
        fflush(stdout);
    }
    MPI_Finalize();
    return 0;
}
