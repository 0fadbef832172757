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
    int a[4] = {1, 2, 3, 4}, b[4];
    double x = 1.0;
    int provided, version, subversion, cls, len, cmp, ranks[1] = {0}, out1[1], idx[2], count;
    int *attr;
    char msg[MPI_MAX_ERROR_STRING], name[MPI_MAX_OBJECT_NAME];
    char bsend_space[64 + MPI_BSEND_OVERHEAD], *detached;
    int win_mem[4] = {0, 0, 0, 0};
    double *allocated;
    MPI_Comm cart, sub, graph, dup, split, created, shared, dgraph;
    MPI_Group world, g1, g2;
    int ranges[1][3] = {{0, 0, 1}};
    MPI_Errhandler eh;
    MPI_Request req, reqs[2];
    MPI_Status st, sts[2];
    MPI_Message matched;
    MPI_Win win;

    MPI_Init_thread(&argc, &argv, MPI_THREAD_SINGLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* environment and error handlers */
    MPI_Query_thread(&provided);
    MPI_Is_thread_main(&flag);
    MPI_Get_version(&version, &subversion);
    MPI_Get_library_version(msg, &len);
    MPI_Pcontrol(1);
    MPI_Error_string(MPI_ERR_RANK, msg, &len);
    MPI_Error_class(MPI_ERR_RANK, &cls);
    MPI_Comm_get_errhandler(MPI_COMM_WORLD, &eh);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_call_errhandler(MPI_COMM_WORLD, MPI_ERR_OTHER);
    MPI_Errhandler_free(&eh);
    if (MPI_Send(a, 1, MPI_INT, size, 0, MPI_COMM_WORLD) != MPI_ERR_RANK) printf("MPI_ERRORS_RETURN gave no code\n");
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);

    /* groups */
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Group_size(world, &n);
    MPI_Group_rank(world, &n);
    MPI_Group_incl(world, 1, ranks, &g1);
    MPI_Group_excl(world, 1, ranks, &g2);
    MPI_Group_union(g1, g2, &g2);
    MPI_Group_intersection(g1, world, &g1);
    MPI_Group_difference(world, g1, &g2);
    MPI_Group_translate_ranks(g1, 1, ranks, world, out1);
    MPI_Group_compare(g1, world, &cmp);
    MPI_Comm_create(MPI_COMM_WORLD, g1, &created);
    if (created != MPI_COMM_NULL) MPI_Comm_free(&created);
    MPI_Comm_create_group(MPI_COMM_WORLD, g1, 5, &created);
    if (created != MPI_COMM_NULL) MPI_Comm_free(&created);
    MPI_Group_free(&g2);
    MPI_Group_free(&g1);
    MPI_Group_range_incl(world, 1, ranges, &g1);
    MPI_Group_range_excl(world, 1, ranges, &g2);
    MPI_Group_free(&g2);
    MPI_Group_free(&g1);
    MPI_Group_free(&world);
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &shared);
    MPI_Comm_compare(MPI_COMM_WORLD, shared, &cmp);
    MPI_Comm_set_name(shared, "shared");
    MPI_Comm_get_name(shared, name, &len);
    MPI_Type_set_name(MPI_INT, "int");
    MPI_Type_get_name(MPI_INT, name, &len);
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &attr, &flag);
    MPI_Attr_get(MPI_COMM_WORLD, MPI_TAG_UB, &attr, &flag);
    MPI_Comm_free(&shared);

    /* point-to-point: nonblocking, send modes, completion, persistent requests */
    MPI_Irecv(b, 1, MPI_INT, rank, 5, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(a, 1, MPI_INT, rank, 5, MPI_COMM_WORLD, &reqs[1]);
    MPI_Waitall(2, reqs, sts);
    MPI_Irecv(&b[1], 1, MPI_INT, rank, 6, MPI_COMM_WORLD, &req);
    MPI_Issend(&x, 0, MPI_DOUBLE, MPI_PROC_NULL, 6, MPI_COMM_WORLD, &reqs[0]);
    MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
    MPI_Send(a, 1, MPI_INT, rank, 6, MPI_COMM_WORLD);
    MPI_Test(&req, &flag, &st);
    MPI_Wait(&req, &st);
    MPI_Send(a, 1, MPI_INT, rank, 12, MPI_COMM_WORLD);
    MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
    MPI_Iprobe(MPI_ANY_SOURCE, 12, MPI_COMM_WORLD, &flag, &st);
    MPI_Recv(b, 1, MPI_INT, rank, 12, MPI_COMM_WORLD, &st);
    MPI_Get_elements(&st, MPI_INT, &count);
    MPI_Send(a, 2, MPI_INT, rank, 13, MPI_COMM_WORLD);
    MPI_Send(a, 1, MPI_INT, rank, 13, MPI_COMM_WORLD);
    MPI_Mprobe(rank, 13, MPI_COMM_WORLD, &matched, &st);
    MPI_Mrecv(b, 2, MPI_INT, &matched, &st);
    MPI_Improbe(rank, 13, MPI_COMM_WORLD, &flag, &matched, &st);
    MPI_Imrecv(&b[3], 1, MPI_INT, &matched, &req);
    MPI_Wait(&req, &st);
    MPI_Buffer_attach(bsend_space, 64 + MPI_BSEND_OVERHEAD);
    MPI_Bsend(a, 2, MPI_INT, rank, 7, MPI_COMM_WORLD);
    MPI_Ibsend(&a[2], 2, MPI_INT, rank, 7, MPI_COMM_WORLD, &reqs[0]);
    MPI_Recv(b, 2, MPI_INT, rank, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(b, 2, MPI_INT, rank, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Buffer_detach(&detached, &n);
    MPI_Irecv(b, 1, MPI_INT, rank, 8, MPI_COMM_WORLD, &reqs[1]);
    MPI_Rsend(a, 1, MPI_INT, rank, 8, MPI_COMM_WORLD);
    MPI_Waitany(2, reqs, &n, &st);
    MPI_Testany(2, reqs, &n, &flag, &st);
    MPI_Irecv(b, 1, MPI_INT, rank, 9, MPI_COMM_WORLD, &reqs[0]);
    MPI_Irsend(a, 1, MPI_INT, rank, 9, MPI_COMM_WORLD, &reqs[1]);
    MPI_Waitsome(2, reqs, &n, idx, sts);
    MPI_Testsome(2, reqs, &n, idx, MPI_STATUSES_IGNORE);
    MPI_Testall(2, reqs, &flag, MPI_STATUSES_IGNORE);
    MPI_Recv_init(b, 1, MPI_INT, rank, 10, MPI_COMM_WORLD, &reqs[0]);
    MPI_Send_init(a, 1, MPI_INT, rank, 10, MPI_COMM_WORLD, &reqs[1]);
    MPI_Startall(2, reqs);
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    MPI_Start(&reqs[0]);
    MPI_Cancel(&reqs[0]);
    MPI_Wait(&reqs[0], &st);
    MPI_Test_cancelled(&st, &flag);
    MPI_Request_free(&reqs[0]);
    MPI_Request_free(&reqs[1]);
    MPI_Ssend_init(a, 1, MPI_INT, MPI_PROC_NULL, 11, MPI_COMM_WORLD, &reqs[0]);
    MPI_Bsend_init(a, 1, MPI_INT, MPI_PROC_NULL, 11, MPI_COMM_WORLD, &reqs[1]);
    MPI_Request_free(&reqs[0]);
    MPI_Request_free(&reqs[1]);
    MPI_Rsend_init(a, 1, MPI_INT, MPI_PROC_NULL, 11, MPI_COMM_WORLD, &reqs[0]);
    MPI_Request_free(&reqs[0]);
    MPI_Get_processor_name(name, &len);

    /* one-sided: compiled, not run here (Open MPI's one-sided needs OMPI_MCA_osc=pt2pt on this machine;
     * tests/mpi/rma runs them natively and translated) */
    if (rank == size) {
        MPI_Win_create(win_mem, 4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
        MPI_Win_fence(0, win);
        MPI_Put(a, 1, MPI_INT, 0, 1, 1, MPI_INT, win);
        MPI_Get(&b[1], 1, MPI_INT, 0, 1, 1, MPI_INT, win);
        MPI_Accumulate(&n, 1, MPI_INT, 0, 2, 1, MPI_INT, MPI_SUM, win);
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        MPI_Win_flush(0, win);
        MPI_Win_unlock(0, win);
        MPI_Win_lock_all(0, win);
        MPI_Fetch_and_op(&n, &b[0], MPI_INT, 0, 0, MPI_SUM, win);
        MPI_Get_accumulate(a, 1, MPI_INT, b, 1, MPI_INT, 0, 1, 1, MPI_INT, MPI_REPLACE, win);
        MPI_Compare_and_swap(&a[0], &b[1], &b[2], MPI_INT, 0, 3, win);
        MPI_Accumulate(&n, 1, MPI_INT, 0, 2, 1, MPI_INT, MPI_NO_OP, win);
        MPI_Win_flush_all(win);
        MPI_Win_flush_local(0, win);
        MPI_Win_flush_local_all(win);
        MPI_Win_sync(win);
        MPI_Win_unlock_all(win);
        MPI_Win_free(&win);
        {
            MPI_Comm inter, merged;
            MPI_Group remote;
            MPI_Intercomm_create(MPI_COMM_SELF, 0, MPI_COMM_WORLD, 1 - rank, 3, &inter);
            MPI_Comm_test_inter(inter, &flag);
            MPI_Comm_remote_size(inter, &n);
            MPI_Comm_remote_group(inter, &remote);
            MPI_Intercomm_merge(inter, rank, &merged);
        }
        MPI_Win_allocate(8 * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &allocated, &win);
        MPI_Win_free(&win);
    }

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

    nbrs[0] = rank;
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, nbrs, MPI_UNWEIGHTED, 1, nbrs, MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &dgraph);
    MPI_Dist_graph_neighbors_count(dgraph, &n, &nnodes, &flag);
    MPI_Dist_graph_neighbors(dgraph, 1, index, edges, 1, nbrs, edges);
    MPI_Neighbor_allgather(a, 1, MPI_INT, b, 1, MPI_INT, dgraph);
    MPI_Neighbor_alltoall(&a[1], 1, MPI_INT, b, 1, MPI_INT, dgraph);
    MPI_Comm_free(&dgraph);

    /* point-to-point extras */
    MPI_Sendrecv_replace(a, 4, MPI_INT, rank, 1, rank, 1, MPI_COMM_WORLD, &st);
    MPI_Sendrecv_replace(&x, 1, MPI_DOUBLE, MPI_PROC_NULL, 2, MPI_PROC_NULL, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv_replace(&a[1], 2, MPI_INT, rank, 3, rank, 3, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_INT, &n);

    /* memory */
    {
        double *mem;
        MPI_Alloc_mem(4 * sizeof(double), MPI_INFO_NULL, &mem);
        mem[3] = 1.5;
        MPI_Free_mem(mem);
    }

    MPI_Comm_free(&sub);
    MPI_Comm_free(&cart);
    MPI_Finalize();
    printf("ok %d %d\n", n, a[0]);
    return 0;
}
