#include <mpi.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Type_free(NULL);
  MPI_Finalize();
  return 0;
}
