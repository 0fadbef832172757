/* An attribute delete function of the program's own with three parameters, cast to MPI's four-parameter type. */
#include <mpi.h>
static int three(MPI_Comm comm, int key, void *value) { return MPI_SUCCESS; }
int main(int argc, char **argv)
{
    int key;
    MPI_Init(&argc, &argv);
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, (MPI_Comm_delete_attr_function *) three, &key, NULL);
    MPI_Finalize();
    return 0;
}
