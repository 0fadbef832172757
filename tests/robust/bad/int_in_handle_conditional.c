#include <mpi.h>
int main(int argc, char **argv) {
  MPI_Datatype t;
  MPI_Init(&argc, &argv);
  t = argc > 1 ? MPI_INT : 0x7fffffffffffffff;
  MPI_Finalize();
  return t == MPI_INT;
}
