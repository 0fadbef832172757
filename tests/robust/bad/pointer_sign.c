#include <stdio.h>
#include <string.h>
#include <mpi.h>
int main(int argc, char **argv) {
  unsigned char buf[10];
  unsigned size;
  MPI_Init(&argc, &argv);
  strcpy(buf, "xy");
  printf("%s %zu\n", buf, strlen(buf));
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  printf("%u\n", size);
  MPI_Finalize();
  return 0;
}
