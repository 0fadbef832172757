#include <mpi.h>
int main(int argc, char **argv) {
  int x = 1;
  MPI_Init(&argc, &argv);
  MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_INT);
  MPI_Finalize();
  return 0;
}
