#include <mpi.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_free(&MPI_BOTTOM[1]);
  MPI_Finalize();
  return 0;
}
