/* Compound literals as MPI buffers: `(double[]){1.5}`, `(int[3]){rank, 2, 3}`, `(int[]){4, 5}` (the sized one became
 * its length, CS0411). The address of a scalar one, `&(int){r}`, is a located -Wunsupported-buffer. */
#include <stdio.h>
#include <mpi.h>
int main(int argc, char **argv) {
  int rank, sum = 0, got[3] = {0};
  double dm = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  sum = rank + 1;
  MPI_Allreduce((double[]){1.5}, &dm, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  MPI_Sendrecv((int[3]){rank, 2, 3}, 3, MPI_INT, rank, 0, got, 3, MPI_INT, rank, 0, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
  MPI_Bcast((int[]){4, 5}, 2, MPI_INT, 0, MPI_COMM_WORLD);
  printf("%d %g %d %d %d\n", sum, dm, got[0], got[1], got[2]);
  MPI_Finalize();
  return 0;
}
