#include <mpi.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Waitall(2, MPI_BOTTOM + 2, MPI_STATUSES_IGNORE);
  MPI_Finalize();
  return 0;
}
