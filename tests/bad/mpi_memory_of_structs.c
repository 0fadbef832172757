/* Structs holding pointers freed through a wrapper that hands its memory to MPI_Free_mem (Intel MPI Benchmarks'
 * IMB_v_free((void **)P_BList) of a struct Bench array): MPI's memory holds numbers only. */
#include <mpi.h>
struct bench { char *name; int id; };
static void v_free(void **b) { if (*b) MPI_Free_mem(*b); *b = NULL; }
int main(int argc, char **argv)
{
    struct bench *list = NULL;
    MPI_Init(&argc, &argv);
    v_free((void **)&list);
    MPI_Finalize();
    return 0;
}
