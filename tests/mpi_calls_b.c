/* Calls every MPI function of mpi-b's rows (environment, point-to-point extras, communicators and groups,
 * topologies, one-sided) with each argument shape the rows promise, so the translation must compile against
 * CloudMpi and run on one rank. */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, n, flag, src, dst, nnodes, nedges;
    int dims[2] = {0, 0}, periods[2] = {1, 0}, coords[2], remain[2] = {1, 0};
    int index[1] = {1}, edges[1] = {0}, nbrs[1];
    int a[4] = {1, 2, 3, 4};
    double x = 1.0;
    MPI_Comm cart, sub, graph, dup, split;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* communicators */
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_split(dup, 0, rank, &split);
    MPI_Comm_free(&split);
    MPI_Comm_free(&dup);

    /* topologies */
    MPI_Dims_create(size, 2, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
    MPI_Cart_map(MPI_COMM_WORLD, 2, dims, periods, &n);
    MPI_Cartdim_get(cart, &n);
    MPI_Cart_get(cart, 2, dims, periods, coords);
    MPI_Cart_rank(cart, coords, &n);
    MPI_Cart_coords(cart, 0, 2, coords);
    MPI_Cart_shift(cart, 0, 1, &src, &dst);
    MPI_Cart_sub(cart, remain, &sub);
    MPI_Topo_test(sub, &flag);
    MPI_Graph_create(MPI_COMM_WORLD, 1, index, edges, 0, &graph);
    MPI_Graph_map(MPI_COMM_WORLD, 1, index, edges, &n);
    if (graph != MPI_COMM_NULL) {
        MPI_Graphdims_get(graph, &nnodes, &nedges);
        MPI_Graph_get(graph, 1, 1, index, edges);
        MPI_Graph_neighbors_count(graph, 0, &n);
        MPI_Graph_neighbors(graph, 0, 1, nbrs);
        MPI_Comm_free(&graph);
    }

    /* point-to-point extras */
    MPI_Sendrecv_replace(a, 4, MPI_INT, rank, 1, rank, 1, MPI_COMM_WORLD, &st);
    MPI_Sendrecv_replace(&x, 1, MPI_DOUBLE, MPI_PROC_NULL, 2, MPI_PROC_NULL, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv_replace(&a[1], 2, MPI_INT, rank, 3, rank, 3, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_INT, &n);

    MPI_Comm_free(&sub);
    MPI_Comm_free(&cart);
    MPI_Finalize();
    printf("ok %d %d\n", n, a[0]);
    return 0;
}
