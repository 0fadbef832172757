/* MPI writing a name into an `unsigned char` array (read as char: a view of its bytes): cMPI takes an sbyte[] for
   the name, and the view was given as it is (fuzz seed 15 input 9890: MPI_Info_get_nthkey into `unsigned char key[]`,
   CS1503). */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    unsigned char name[MPI_MAX_OBJECT_NAME], err[MPI_MAX_ERROR_STRING];
    char plain[MPI_MAX_OBJECT_NAME];
    int len, elen, rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_get_name(MPI_COMM_WORLD, (char *)name, &len);
    MPI_Comm_set_name(MPI_COMM_WORLD, "everyone");
    MPI_Comm_get_name(MPI_COMM_WORLD, plain, &len);
    MPI_Error_string(MPI_ERR_RANK, (char *)err, &elen);
    printf("rank %d: %s %s %d %d\n", rank, (char *)name, plain, len, elen > 0 && strlen((char *)err) == (size_t)elen);
    MPI_Finalize();
    return 0;
}
