/* Request-based one-sided operations in passive-target epochs (MPI-3.1 11.3.5): MPI_Rput, MPI_Rget,
 * MPI_Raccumulate, MPI_Rget_accumulate, each completed by Wait, Waitall, Test or Request_get_status (local
 * completion: the origin buffer is free again, or holds what was read), remote completion by a flush or the unlock;
 * arrays and scalars as origin and result, MPI_NO_OP with a NULL origin and count 0 as the atomic read (MPI ignores
 * the origin then; MPI_Get_accumulate so too).
 * ranks: 1 2 4
 * native-env: OMPI_MCA_osc=pt2pt */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define N 4

int main(int argc, char **argv)
{
    int rank, size, next, prev, i, flag, toterrs, errs = 0;
    int *slots, out[N], got[N], counter = 0, one = 1, old = -1, now = -1, x = -1, add;
    MPI_Win win, cwin;
    MPI_Request req, *reqs;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    next = (rank + 1) % size;
    prev = (rank + size - 1) % size;
    slots = calloc(size * N, sizeof(int));
    reqs = malloc(size * sizeof(MPI_Request));
    MPI_Win_create(slots, size * N * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_create(&counter, sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &cwin);

    /* a put into the next rank's slot for this rank, then a get of it back after a flush */
    for (i = 0; i < N; i++) out[i] = rank * 100 + i;
    MPI_Win_lock(MPI_LOCK_SHARED, next, 0, win);
    MPI_Rput(out, N, MPI_INT, next, rank * N, N, MPI_INT, win, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    if (req != MPI_REQUEST_NULL) { errs++; printf("Rput: request not null after wait\n"); }
    for (i = 0; i < N; i++) out[i] = -1; /* locally complete: the buffer is the program's again */
    MPI_Win_flush(next, win);
    MPI_Rget(got, N, MPI_INT, next, rank * N, N, MPI_INT, win, &req);
    flag = 0;
    while (!flag) MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
    for (i = 0; i < N; i++)
        if (got[i] != rank * 100 + i) { errs++; printf("Rget: got[%d] = %d\n", i, got[i]); }
    MPI_Rget(&x, 1, MPI_INT, next, rank * N + 2, 1, MPI_INT, win, &req);
    flag = 0;
    while (!flag) MPI_Request_get_status(req, &flag, MPI_STATUS_IGNORE);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    if (x != rank * 100 + 2) { errs++; printf("Rget of a scalar: %d\n", x); }
    MPI_Win_unlock(next, win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_lock(MPI_LOCK_SHARED, rank, 0, win);
    for (i = 0; i < N; i++)
        if (slots[prev * N + i] != prev * 100 + i) { errs++; printf("slot of %d [%d] = %d\n", prev, i, slots[prev * N + i]); }
    MPI_Win_unlock(rank, win);
    MPI_Barrier(MPI_COMM_WORLD);

    /* every rank adds 1 to every rank's counter, the requests completed by one Waitall */
    MPI_Win_lock_all(0, cwin);
    for (i = 0; i < size; i++)
        MPI_Raccumulate(&one, 1, MPI_INT, i, 0, 1, MPI_INT, MPI_SUM, cwin, &reqs[i]);
    MPI_Waitall(size, reqs, MPI_STATUSES_IGNORE);
    MPI_Win_unlock_all(cwin);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_lock(MPI_LOCK_SHARED, rank, 0, cwin);
    if (counter != size) { errs++; printf("Raccumulate: counter %d, expected %d\n", counter, size); }
    MPI_Win_unlock(rank, cwin);
    MPI_Barrier(MPI_COMM_WORLD);

    /* fetch-and-add on rank 0's counter: the old value is between size and the final one */
    add = rank + 1;
    MPI_Win_lock_all(0, cwin);
    MPI_Rget_accumulate(&add, 1, MPI_INT, &old, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_SUM, cwin, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Win_unlock_all(cwin);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_lock_all(0, cwin);
    MPI_Rget_accumulate(NULL, 0, MPI_INT, &now, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_NO_OP, cwin, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Get_accumulate(NULL, 0, MPI_INT, &x, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_NO_OP, cwin);  /* the blocking form */
    MPI_Win_unlock_all(cwin);
    if (x != now) { errs++; printf("Get_accumulate with MPI_NO_OP and no origin: %d, not %d\n", x, now); }
    if (now != size + size * (size + 1) / 2) { errs++; printf("Rget_accumulate: final %d\n", now); }
    if (old < size || old > now - add) { errs++; printf("Rget_accumulate: old value %d (final %d)\n", old, now); }

    MPI_Win_free(&cwin);
    MPI_Win_free(&win);
    free(reqs);
    free(slots);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
