/* A struct field as a window's memory: the window keeps it until MPI_Win_free. */
#include <mpi.h>
struct shared { int n; int slots[8]; };
int main(int argc, char **argv) {
  struct shared s = {8, {0}};
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Win_create(s.slots, sizeof s.slots, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  MPI_Win_fence(0, win);
  MPI_Win_fence(0, win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
