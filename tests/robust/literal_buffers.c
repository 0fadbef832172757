/* String literals as MPI send buffers: `MPI_Send("hello", 6, MPI_CHAR, ...)` and `&"abcd"` read as an int (fuzz
 * seed 2 input 4472: `MPI_Reduce(&"x", ...)` gave a C# string where cMPI takes sbyte[], CS1503). */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, size, tot = 0;
  char got[8] = "", all[16] = "";
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Sendrecv("hello", 6, MPI_CHAR, (rank + 1) % size, 0, got, 6, MPI_CHAR, (rank + size - 1) % size, 0,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Allreduce(&"abcd", &tot, 1, MPI_INT, MPI_BOR, MPI_COMM_WORLD);
  MPI_Gather("xy", 2, MPI_CHAR, all, 2, MPI_CHAR, 0, MPI_COMM_WORLD);
  printf("%d %s %x %s\n", rank, got, (unsigned)tot, rank == 0 ? all : "-");
  MPI_Finalize();
  return 0;
}
