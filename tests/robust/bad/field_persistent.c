/* A struct field as the buffer of a persistent request: the request keeps it for every MPI_Start. */
#include <mpi.h>
struct cell { int id; int value; };
int main(int argc, char **argv) {
  struct cell cells[2] = {{0, 1}, {1, 2}};
  MPI_Request req;
  MPI_Init(&argc, &argv);
  MPI_Send_init(&cells[1].value, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &req);
  MPI_Start(&req);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  MPI_Request_free(&req);
  MPI_Finalize();
  return 0;
}
