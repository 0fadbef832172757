/* A struct field as the buffer of a nonblocking collective: the call keeps it until MPI_Wait. */
#include <mpi.h>
struct acc { int count; double sums[4]; };
int main(int argc, char **argv) {
  struct acc a = {1, {0}};
  double out[4];
  MPI_Request req;
  MPI_Init(&argc, &argv);
  MPI_Iallreduce(a.sums, out, 4, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &req);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
