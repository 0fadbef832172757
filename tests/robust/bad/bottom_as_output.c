#include <mpi.h>
/* MPI_BOTTOM where MPI_Comm_rank writes the rank: C converts the (void *) 0 to an int * */
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, MPI_BOTTOM);
  MPI_Finalize();
  return 0;
}
