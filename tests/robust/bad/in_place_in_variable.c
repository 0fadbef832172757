/* MPI_IN_PLACE kept in a `void *` variable, then given to MPI (exit 0 once, C# that did not compile: CS1503) */
#include <stdio.h>
#include <mpi.h>
int main(int argc, char **argv) {
  int a[2] = {1, 2};
  MPI_Init(&argc, &argv);
  const void *s = MPI_IN_PLACE;
  MPI_Allreduce(s, a, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  printf("%d %d\n", a[0], s == MPI_IN_PLACE);
  MPI_Finalize();
  return 0;
}
