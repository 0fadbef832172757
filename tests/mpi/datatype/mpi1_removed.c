/* The MPI-1 functions MPI-3.0 removed, as decades-old programs call them: MPI_Address, MPI_Type_struct,
 * MPI_Type_hvector, MPI_Type_hindexed, MPI_Type_extent, MPI_Type_lb, MPI_Type_ub, MPI_Errhandler_set and
 * MPI_Errhandler_get. Open MPI 4.1 keeps them in its library and declares them for a program that asks.
 * ranks: 1 2 4 7 */
#define OMPI_OMIT_MPI1_COMPAT_DECLS 0
#include <stdio.h>
#include <mpi.h>

typedef struct {
    int id;
    double v[2];
    char c;
} rec_t;

int main(int argc, char **argv)
{
    int rank, size, errs = 0, toterrs, blens[3] = {1, 2, 1}, hblens[2] = {1, 1}, rc;
    rec_t r[2], got[2];
    MPI_Aint disp[3], base, ext, lb, ub, hdisp[2];
    MPI_Datatype types[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR}, rtype, vtype, htype;
    MPI_Errhandler eh;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    MPI_Address(&r[0], &base);
    MPI_Address(&r[0].v[0], &disp[1]);
    MPI_Address(&r[0].c, &disp[2]);
    disp[0] = 0;
    disp[1] -= base;
    disp[2] -= base;
    if (disp[1] != 8 || disp[2] != 24) {
        errs++;
        printf("[%d] MPI_Address: displacements %ld %ld\n", rank, (long)disp[1], (long)disp[2]);
    }
    MPI_Type_struct(3, blens, disp, types, &rtype);
    MPI_Type_commit(&rtype);
    MPI_Type_extent(rtype, &ext);
    MPI_Type_lb(rtype, &lb);
    MPI_Type_ub(rtype, &ub);
    if (ext != (MPI_Aint)sizeof(rec_t) || lb != 0 || ub != ext) {
        errs++;
        printf("[%d] struct type: extent %ld lb %ld ub %ld\n", rank, (long)ext, (long)lb, (long)ub);
    }

    r[0].id = rank;
    r[1].id = rank + 10;
    r[0].v[0] = -rank;
    r[0].v[1] = rank * 1.5;
    r[0].c = (char)('a' + rank);
    MPI_Sendrecv(r, 1, rtype, (rank + 1) % size, 0, got, 1, rtype, (rank + size - 1) % size, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    {
        int from = (rank + size - 1) % size;
        if (got[0].id != from || got[0].v[1] != from * 1.5 || got[0].c != 'a' + from) {
            errs++;
            printf("[%d] struct message: %d %g %c\n", rank, got[0].id, got[0].v[1], got[0].c);
        }
    }

    MPI_Type_hvector(2, 1, sizeof(rec_t), MPI_INT, &vtype);
    MPI_Type_commit(&vtype);
    hdisp[0] = 0;
    hdisp[1] = sizeof(rec_t);
    MPI_Type_hindexed(2, hblens, hdisp, MPI_INT, &htype);
    MPI_Type_commit(&htype);
    MPI_Sendrecv(r, 1, vtype, (rank + 1) % size, 1, got, 1, htype, (rank + size - 1) % size, 1, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    {
        int from = (rank + size - 1) % size;
        if (got[0].id != from || got[1].id != from + 10) {
            errs++;
            printf("[%d] hvector to hindexed: %d %d\n", rank, got[0].id, got[1].id);
        }
    }

    MPI_Errhandler_set(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Errhandler_get(MPI_COMM_WORLD, &eh);
    if (eh != MPI_ERRORS_RETURN) {
        errs++;
        printf("[%d] MPI_Errhandler_get: not MPI_ERRORS_RETURN\n", rank);
    }
    rc = MPI_Send(r, 1, MPI_INT, size, 0, MPI_COMM_WORLD);  /* no such rank: an error code, not the end */
    if (rc == MPI_SUCCESS) {
        errs++;
        printf("[%d] a send to rank %d succeeded\n", rank, size);
    }
    MPI_Errhandler_free(&eh);

    MPI_Type_free(&rtype);
    MPI_Type_free(&vtype);
    MPI_Type_free(&htype);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0)
            printf(" No Errors\n");
        else
            printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
