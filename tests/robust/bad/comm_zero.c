#include <mpi.h>
int main(int argc, char **argv) {
  int x = 1, rank; int req;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(0, &rank);
  MPI_Finalize();
  return 0;
}
