/* One-sided operations with derived datatypes, as stencil codes exchange halos and block matrix codes fetch tiles
 * (the ATPESC tutorial's stencil_fence_put/get, stencil_lock_put, bspmm): a matrix column as MPI_Type_vector at
 * the target or at the origin, a tile as MPI_Type_create_subarray, under fence and under lock/unlock, with Put,
 * Get and Accumulate (MPI_SUM). cmpi refused them before (MPI_ERR_TYPE: predefined datatypes only).
 * ranks: 1 2 4 7
 * native-env: OMPI_MCA_osc=pt2pt
 * transports: tcp */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define R 6
#define C 5
#define IDX(i, j) ((i) * C + (j))

int errs = 0, rank, size;

static void expect(const char *what, int i, double got, double want)
{
    if (got != want) {
        if (errs < 10)
            printf("[%d] %s[%d]: got %g, expected %g\n", rank, what, i, got, want);
        errs++;
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;

    double *a;
    MPI_Win win;
    MPI_Win_allocate(R * C * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &a, &win);
    for (int k = 0; k < R * C; k++)
        a[k] = -1;

    MPI_Datatype column, tile;
    MPI_Type_vector(R, 1, C, MPI_DOUBLE, &column);
    MPI_Type_commit(&column);
    int sizes[2] = {R, C}, sub[2] = {2, 3}, starts[2] = {3, 1};
    MPI_Type_create_subarray(2, sizes, sub, starts, MPI_ORDER_C, MPI_DOUBLE, &tile);
    MPI_Type_commit(&tile);

    /* contiguous origin into the right neighbour's column 4 */
    double col[R];
    for (int i = 0; i < R; i++)
        col[i] = 100 * rank + i;
    MPI_Win_fence(0, win);
    MPI_Put(col, R, MPI_DOUBLE, right, 4, 1, column, win);
    MPI_Win_fence(0, win);
    for (int i = 0; i < R; i++)
        expect("put column", i, a[IDX(i, 4)], 100 * left + i);
    for (int i = 0; i < R; i++)
        expect("column 3 untouched", i, a[IDX(i, 3)], -1);

    /* a column of a local matrix (vector at the origin) into the neighbour's column 0, then read back with Get */
    double m[R * C];
    for (int k = 0; k < R * C; k++)
        m[k] = 1000 * rank + k;
    MPI_Win_fence(0, win);
    MPI_Put(m + 2, 1, column, right, 0, 1, column, win);
    MPI_Win_fence(0, win);
    for (int i = 0; i < R; i++)
        expect("put column from column", i, a[IDX(i, 0)], 1000 * left + IDX(i, 2));
    double back[R];
    MPI_Win_fence(0, win);
    MPI_Get(back, R, MPI_DOUBLE, left, 4, 1, column, win);
    MPI_Win_fence(0, win);
    for (int i = 0; i < R; i++)
        expect("get column", i, back[i], 100 * ((left + size - 1) % size) + i);

    /* accumulate into column 1 under lock, every rank into rank 0 */
    MPI_Win_fence(0, win);
    for (int i = 0; i < R; i++)
        a[IDX(i, 1)] = 0;
    MPI_Win_fence(0, win);
    double ones[R];
    for (int i = 0; i < R; i++)
        ones[i] = rank + 1;
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    MPI_Accumulate(ones, R, MPI_DOUBLE, 0, 1, 1, column, MPI_SUM, win);
    MPI_Win_unlock(0, win);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
        for (int i = 0; i < R; i++)
            expect("accumulated column", i, a[IDX(i, 1)], size * (size + 1) / 2.0);
        MPI_Win_unlock(0, win);
    }

    /* a 2x3 tile: fetched with Get into a contiguous buffer, written with Put from a tile of a local matrix */
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, win);
    for (int k = 0; k < R * C; k++)
        a[k] = 10 * rank + k;
    MPI_Win_unlock(rank, win);
    MPI_Barrier(MPI_COMM_WORLD);
    double t[6];
    MPI_Win_lock(MPI_LOCK_SHARED, right, 0, win);
    MPI_Get(t, 6, MPI_DOUBLE, right, 0, 1, tile, win);
    MPI_Win_unlock(right, win);
    for (int k = 0; k < 6; k++)
        expect("get tile", k, t[k], 10 * right + IDX(3 + k / 3, 1 + k % 3));
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, right, 0, win);
    MPI_Put(m, 1, tile, right, 0, 1, tile, win);
    MPI_Win_unlock(right, win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, win);
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) {
            int in = i >= 3 && i < 5 && j >= 1 && j < 4;
            expect("put tile", IDX(i, j), a[IDX(i, j)], in ? 1000 * left + IDX(i, j) : 10 * rank + IDX(i, j));
        }
    MPI_Win_unlock(rank, win);

    MPI_Type_free(&column);
    MPI_Type_free(&tile);
    MPI_Win_free(&win);
    int toterrs;
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
