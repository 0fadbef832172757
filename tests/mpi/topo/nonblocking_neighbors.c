/* Nonblocking neighbourhood collectives on a ring (MPI_Dist_graph_create_adjacent, and a periodic Cartesian
 * grid): MPI_Ineighbor_allgather, _allgatherv, _alltoall, _alltoallv, _alltoallw completed by MPI_Wait and
 * MPI_Waitall, with point-to-point traffic between start and wait; MPI_Ialltoallw; MPI_Comm_idup.
 * ranks: 1 2 4 7
 * transports: tcp */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, i, toterrs, errs = 0;
    int left, right, in[2], out[2], got[2], counts[2] = {1, 1}, displs[2] = {0, 1}, got2[2];
    int dims[1] = {0}, periods[1] = {1};
    MPI_Aint bdispls[2] = {0, sizeof(int)};
    MPI_Datatype types[2] = {MPI_INT, MPI_INT};
    MPI_Comm ring, cart, dup;
    MPI_Request reqs[3];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    left = (rank + size - 1) % size;
    right = (rank + 1) % size;
    in[0] = left; in[1] = right;
    out[0] = right; out[1] = left;
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 2, in, MPI_UNWEIGHTED, 2, out, MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &ring);

    /* allgather: my rank to both neighbours, theirs back; a Sendrecv on the world between start and wait */
    MPI_Ineighbor_allgather(&rank, 1, MPI_INT, got, 1, MPI_INT, ring, &reqs[0]);
    {
        int token = rank * 3, back = -1;
        MPI_Sendrecv(&token, 1, MPI_INT, right, 9, &back, 1, MPI_INT, left, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (back != left * 3) { errs++; printf("rank %d: sendrecv got %d\n", rank, back); }
    }
    MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
    if (got[0] != left || got[1] != right) { errs++; printf("rank %d: allgather %d %d\n", rank, got[0], got[1]); }

    /* alltoall: a value per neighbour, v and w forms, waited together */
    {
        int send[2] = {rank * 10 + 1, rank * 10 + 2}, a[2] = {-1, -1}, v[2] = {-1, -1}, w[2] = {-1, -1};
        MPI_Ineighbor_alltoall(send, 1, MPI_INT, a, 1, MPI_INT, ring, &reqs[0]);
        MPI_Ineighbor_alltoallv(send, counts, displs, MPI_INT, v, counts, displs, MPI_INT, ring, &reqs[1]);
        MPI_Ineighbor_alltoallw(send, counts, bdispls, types, w, counts, bdispls, types, ring, &reqs[2]);
        MPI_Waitall(3, reqs, MPI_STATUSES_IGNORE);
        for (i = 0; i < 2; i++)
            if (a[i] != v[i] || a[i] != w[i]) { errs++; printf("rank %d: alltoall forms differ at %d\n", rank, i); }
        /* out[0] = right sends its send[1] to me (I am its left, its out[1]); left sends its send[0] */
        if (size > 2 && (a[0] != left * 10 + 1 || a[1] != right * 10 + 2)) { errs++; printf("rank %d: alltoall %d %d\n", rank, a[0], a[1]); }
    }

    /* allgatherv on a periodic 1-D Cartesian grid */
    MPI_Dims_create(size, 1, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &cart);
    MPI_Ineighbor_allgatherv(&rank, 1, MPI_INT, got2, counts, displs, MPI_INT, cart, &reqs[0]);
    MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
    if (got2[0] != left || got2[1] != right) { errs++; printf("rank %d: cart allgatherv %d %d\n", rank, got2[0], got2[1]); }

    /* Ialltoallw on the world, and a duplicate made by MPI_Comm_idup */
    {
        int sendw[64], recvw[64], c[64], d[64];
        MPI_Datatype t[64];
        for (i = 0; i < size; i++) { sendw[i] = rank * 100 + i; c[i] = 1; d[i] = i * (int)sizeof(int); t[i] = MPI_INT; }
        MPI_Ialltoallw(sendw, c, d, t, recvw, c, d, t, MPI_COMM_WORLD, &reqs[0]);
        MPI_Comm_idup(MPI_COMM_WORLD, &dup, &reqs[1]);
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
        for (i = 0; i < size; i++)
            if (recvw[i] != i * 100 + rank) { errs++; printf("rank %d: alltoallw from %d: %d\n", rank, i, recvw[i]); }
        {
            int one = 1, n = 0;
            MPI_Allreduce(&one, &n, 1, MPI_INT, MPI_SUM, dup);
            if (n != size) { errs++; printf("rank %d: the idup'd communicator counts %d\n", rank, n); }
        }
    }
    MPI_Comm_free(&dup);
    MPI_Comm_free(&cart);
    MPI_Comm_free(&ring);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
