#include <mpi.h>
int main(int argc, char **argv) {
  int req;
  MPI_Init(&argc, &argv);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
