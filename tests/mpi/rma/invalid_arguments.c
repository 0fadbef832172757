/* Invalid arguments of one-sided calls are MPI errors of Open MPI 4.1's classes, raised on the window: a NULL base
 * given to MPI_Win_attach (at any size, 0 too: Eijkhout's `windynamic` attaches NULL on the ranks that have no
 * buffer) or MPI_Win_detach is MPI_ERR_ARG, which MPI_ERRORS_RETURN hands back and MPI_ERRORS_ARE_FATAL ends the
 * job with (status 13). The port ended with a .NET ArgumentNullException (status 1) before. Measured natively:
 * the same classes with the osc pt2pt and rdma components.
 * ranks: 1 2 4
 * native-env: OMPI_MCA_osc=pt2pt */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

static int expect_class(const char *what, int err, int want, int rank)
{
    int cls = MPI_SUCCESS;
    if (err != MPI_SUCCESS) MPI_Error_class(err, &cls);
    if (cls == want) return 0;
    printf("[%d] %s: error class %d, expected %d\n", rank, what, cls, want);
    return 1;
}

int main(int argc, char **argv)
{
    int rank, size, errs = 0;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);

    double *nothing = NULL, data[4] = {rank, rank + 1, rank + 2, rank + 3};
    errs += expect_class("MPI_Win_attach(NULL, 8)", MPI_Win_attach(win, NULL, 8), MPI_ERR_ARG, rank);
    errs += expect_class("MPI_Win_attach(NULL, 0)", MPI_Win_attach(win, NULL, 0), MPI_ERR_ARG, rank);
    errs += expect_class("MPI_Win_attach(nothing, 32)", MPI_Win_attach(win, nothing, 32), MPI_ERR_ARG, rank);
    errs += expect_class("MPI_Win_detach(NULL)", MPI_Win_detach(win, NULL), MPI_ERR_ARG, rank);

    /* The window still works after the errors: each rank reads its right neighbour's data. */
    double *mine = rank % 2 == 0 ? data : NULL;
    if (mine != NULL)
        errs += expect_class("MPI_Win_attach(data, 32)", MPI_Win_attach(win, mine, sizeof data), MPI_SUCCESS, rank);
    else
        errs += expect_class("MPI_Win_attach(mine = NULL)", MPI_Win_attach(win, mine, sizeof data), MPI_ERR_ARG, rank);
    MPI_Aint address, *addresses = (MPI_Aint *)malloc(size * sizeof(MPI_Aint));
    MPI_Get_address(data, &address);
    MPI_Allgather(&address, 1, MPI_AINT, addresses, 1, MPI_AINT, MPI_COMM_WORLD);
    int target = (rank + 1) % size;
    double got = -1;
    MPI_Win_fence(0, win);
    if (target % 2 == 0) MPI_Get(&got, 1, MPI_DOUBLE, target, addresses[target] + sizeof(double), 1, MPI_DOUBLE, win);
    MPI_Win_fence(0, win);
    if (target % 2 == 0 && got != target + 1) {
        errs++;
        printf("[%d] got %g from rank %d, expected %d\n", rank, got, target, target + 1);
    }
    if (mine != NULL) MPI_Win_detach(win, mine);
    free(addresses);
    MPI_Win_free(&win);

    int all;
    MPI_Reduce(&errs, &all, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (all == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", all);
    }
    MPI_Finalize();
    return 0;
}
