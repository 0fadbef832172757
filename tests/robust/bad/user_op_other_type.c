#include <mpi.h>
/* a user op whose length is not an int *: C converts the function pointer (fuzz seed 3 input 9949: CS1503) */
void sum(void *in, void *inout, float *len, MPI_Datatype *dt) { (void)in; (void)inout; (void)len; (void)dt; }
int main(int argc, char **argv) {
  MPI_Op op;
  MPI_Init(&argc, &argv);
  MPI_Op_create((MPI_User_function *)sum, 1, &op);
  MPI_Finalize();
  return 0;
}
