/* MPI_Neighbor_alltoallw with MPI_BOTTOM as both buffers and MPI_Get_address displacements, as HLRS's
 * ring_neighbor_alltoallw passes its ring's values: each block is found by its address (three variables, none an
 * array). The port stopped with MPI_ERR_BUFFER (the displacements were read as offsets in MPI_BOTTOM's own bytes).
 * Also a struct's two fields sent as one block by address and received into another struct.
 * ranks: 1 2 4 7
 */
#include <stdio.h>
#include <mpi.h>

struct pair {
    int id;
    double weight;
};

int main(int argc, char **argv)
{
    int rank, size, errs = 0, toterrs, left, right, counts[2] = {1, 1}, dims[1], periods[1] = {1};
    int snd, rcv_left = -1, rcv_right = -1;
    MPI_Aint sdispls[2], rdispls[2], base, field[2];
    MPI_Datatype types[2] = {MPI_INT, MPI_INT}, pairtype, ptypes[2];
    MPI_Comm ring;
    struct pair out, in_left = {-1, -1.0}, in_right = {-1, -1.0};
    int blocks[2] = {1, 1};
    MPI_Datatype ftypes[2] = {MPI_INT, MPI_DOUBLE};

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    dims[0] = size;
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
    MPI_Comm_rank(ring, &rank);
    MPI_Cart_shift(ring, 0, 1, &left, &right);

    snd = 100 + rank;
    MPI_Get_address(&snd, &sdispls[0]);
    sdispls[1] = sdispls[0];
    MPI_Get_address(&rcv_left, &rdispls[0]);
    MPI_Get_address(&rcv_right, &rdispls[1]);
    MPI_Neighbor_alltoallw(MPI_BOTTOM, counts, sdispls, types, MPI_BOTTOM, counts, rdispls, types, ring);
    if (rcv_left != 100 + left || rcv_right != 100 + right) {
        errs++;
        printf("rank %d: received %d from the left, %d from the right\n", rank, rcv_left, rcv_right);
    }

    /* a struct as one block of a type relative to it, each received struct found by its address */
    out.id = rank;
    out.weight = 0.5 * rank;
    MPI_Get_address(&out, &base);
    MPI_Get_address(&out.id, &field[0]);
    MPI_Get_address(&out.weight, &field[1]);
    field[0] -= base;
    field[1] -= base;
    MPI_Type_create_struct(2, blocks, field, ftypes, &pairtype);
    MPI_Type_commit(&pairtype);
    ptypes[0] = ptypes[1] = pairtype;
    sdispls[0] = sdispls[1] = base;
    MPI_Get_address(&in_left, &rdispls[0]);
    MPI_Get_address(&in_right, &rdispls[1]);
    MPI_Neighbor_alltoallw(MPI_BOTTOM, counts, sdispls, ptypes, MPI_BOTTOM, counts, rdispls, ptypes, ring);
    if (in_left.id != left || in_left.weight != 0.5 * left || in_right.id != right || in_right.weight != 0.5 * right) {
        errs++;
        printf("rank %d: left (%d, %g), right (%d, %g)\n", rank, in_left.id, in_left.weight, in_right.id, in_right.weight);
    }
    MPI_Type_free(&pairtype);
    MPI_Comm_free(&ring);

    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0)
            printf(" No Errors\n");
        else
            printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
