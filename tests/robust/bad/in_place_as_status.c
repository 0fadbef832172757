#include <mpi.h>
/* MPI_IN_PLACE (Open MPI's (void *) 1) where a status goes: C converts it (fuzz seed 3 input 3309: CS0021) */
int main(int argc, char **argv) {
  int x = 1;
  MPI_Init(&argc, &argv);
  MPI_Sendrecv_replace(&x, 1, MPI_INT, 0, 0, 0, 0, MPI_COMM_WORLD, MPI_IN_PLACE);
  MPI_Finalize();
  return 0;
}
