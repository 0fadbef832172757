/* Calls every MPI function of the rows added to close issue 4 (the general Dist_graph_create with
 * MPI_WEIGHTS_EMPTY, Neighbor_alltoallw with MPI_Aint byte displacements) with each argument shape the rows
 * promise, so the translation must compile against CloudMpi and run on one rank. */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, self[1], one[1] = {1}, weight[1] = {7}, in[2] = {0, 0}, out[2] = {5, 6}, counts[1] = {1};
    MPI_Aint sdispl[1] = {4}, rdispl[1] = {0};
    MPI_Datatype types[1] = {MPI_INT};
    MPI_Comm graph, empty;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    self[0] = rank;
    MPI_Dist_graph_create(MPI_COMM_WORLD, 1, self, one, self, weight, MPI_INFO_NULL, 0, &graph);
    MPI_Neighbor_alltoallw(out, counts, sdispl, types, in, counts, rdispl, types, graph);
    {
        MPI_Request r;
        int cdispl[1] = {0};
        MPI_Comm dup;
        MPI_Ineighbor_alltoallw(out, counts, sdispl, types, in, counts, rdispl, types, graph, &r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
        MPI_Ineighbor_allgather(out, 1, MPI_INT, in, 1, MPI_INT, graph, &r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
        MPI_Ineighbor_allgatherv(out, 1, MPI_INT, in, counts, cdispl, MPI_INT, graph, &r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
        MPI_Ineighbor_alltoall(out, 1, MPI_INT, in, 1, MPI_INT, graph, &r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
        MPI_Ineighbor_alltoallv(out, counts, cdispl, MPI_INT, in, counts, cdispl, MPI_INT, graph, &r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
        MPI_Ialltoallw(out, counts, cdispl, types, in, counts, cdispl, types, MPI_COMM_SELF, &r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
        MPI_Comm_idup(MPI_COMM_WORLD, &dup, &r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
        MPI_Comm_free(&dup);
    }
    MPI_Dist_graph_create(MPI_COMM_WORLD, 0, self, one, self, MPI_WEIGHTS_EMPTY, MPI_INFO_NULL, 0, &empty);
    MPI_Comm_free(&empty);
    MPI_Comm_free(&graph);
    MPI_Finalize();
    printf("ok %d %d\n", rank, in[0]);
    return 0;
}
