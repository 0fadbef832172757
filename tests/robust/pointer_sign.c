/* Pointers to integers of the other sign given to library and MPI calls (issue 27): C converts them with a
 * -Wpointer-sign warning, as legacy codes with `unsigned char` buffers and `unsigned` counts rely on; the port
 * reads each as the cast that silences the warning, a view of the same memory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>
int main(int argc, char **argv) {
  unsigned char buf[16];
  signed char word[8] = "abc";
  unsigned size, rank;
  unsigned count;
  MPI_Status status;
  MPI_Init(&argc, &argv);
  strcpy(buf, "xy");
  strcat(buf, word);
  printf("%s %zu %d\n", buf, strlen(buf), strcmp(buf, "xyabc") == 0);
  sprintf(buf, "%d", 42);
  printf("%d %zu\n", atoi(buf), strlen(word));
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int value = (int) rank * 10;
  if (size > 1 && rank == 1)
    MPI_Send(&value, 1, MPI_INT, 0, 3, MPI_COMM_WORLD);
  if (size > 1 && rank == 0) {
    MPI_Recv(&value, 1, MPI_INT, 1, 3, MPI_COMM_WORLD, &status);
    MPI_Get_count(&status, MPI_INT, &count);
    printf("got %d (%u item)\n", value, count);
  }
  printf("rank %u of %u\n", rank, size);
  MPI_Finalize();
  return 0;
}
