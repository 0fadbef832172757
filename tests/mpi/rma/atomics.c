/* MPI-3 atomics under MPI_Win_lock_all: a shared ticket counter with MPI_Fetch_and_op (MPI_SUM, and MPI_NO_OP with a
 * NULL origin to read it), one winner of MPI_Compare_and_swap, MPI_Get_accumulate (MPI_SUM and MPI_REPLACE) and
 * MPI_Accumulate with MPI_REPLACE, with the flushes between.
 * ranks: 1 2 4 7
 * native-env: OMPI_MCA_osc=pt2pt
 * transports: tcp */
#include <stdio.h>
#include <mpi.h>

#define ROUNDS 25

int main(int argc, char **argv)
{
    int rank, size, r, i, one = 1, ticket, seen, toterrs, errs = 0;
    int counters[3] = {0, 0, 0};           /* ticket counter, CAS slot, replace slot */
    double sums[3] = {0.0, 0.0, 0.0};
    long long ticket_sum = 0, all_tickets, expected;
    int compare = 0, mine, old, wins, all_wins;
    double add[3], before[3];
    MPI_Win win, dwin;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win_create(counters, 3 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_create(sums, 3 * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &dwin);

    /* tickets: every value 0 .. size * ROUNDS - 1 is handed out exactly once */
    MPI_Win_lock_all(0, win);
    for (r = 0; r < ROUNDS; r++) {
        MPI_Fetch_and_op(&one, &ticket, MPI_INT, 0, 0, MPI_SUM, win);
        MPI_Win_flush(0, win);
        ticket_sum += ticket;
    }
    /* one compare-and-swap wins slot 1 */
    mine = rank + 1;
    MPI_Compare_and_swap(&mine, &compare, &old, MPI_INT, 0, 1, win);
    MPI_Win_flush_all(win);
    wins = old == 0;
    MPI_Win_unlock_all(win);

    MPI_Allreduce(&ticket_sum, &all_tickets, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
    expected = (long long)size * ROUNDS * (size * ROUNDS - 1) / 2;
    if (all_tickets != expected) { errs++; printf("tickets sum to %lld, not %lld\n", all_tickets, expected); }
    MPI_Allreduce(&wins, &all_wins, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (all_wins != 1) { errs++; printf("%d compare-and-swap winners\n", all_wins); }

    /* an atomic read of the counter: MPI_NO_OP with no origin buffer */
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    MPI_Fetch_and_op(NULL, &seen, MPI_INT, 0, 0, MPI_NO_OP, win);
    MPI_Win_unlock(0, win);
    if (seen != size * ROUNDS) { errs++; printf("counter reads %d, not %d\n", seen, size * ROUNDS); }

    /* Get_accumulate: the old values come back, the sums grow by every rank's contribution */
    for (i = 0; i < 3; i++) add[i] = (rank + 1) * (i + 0.5);
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, size - 1, 0, dwin);
    MPI_Get_accumulate(add, 3, MPI_DOUBLE, before, 3, MPI_DOUBLE, size - 1, 0, 3, MPI_DOUBLE, MPI_SUM, dwin);
    MPI_Win_flush_local(size - 1, dwin);
    MPI_Win_unlock(size - 1, dwin);
    for (i = 0; i < 3; i++)
        if (before[i] < 0.0 || before[i] > size * (size + 1) / 2 * (i + 0.5)) { errs++; printf("before[%d] = %g\n", i, before[i]); }

    /* MPI_REPLACE: every rank stores its rank in slot 2; the last one to get there stays */
    MPI_Win_fence(0, win);
    MPI_Accumulate(&rank, 1, MPI_INT, 0, 2, 1, MPI_INT, MPI_REPLACE, win);
    MPI_Win_fence(0, win);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == size - 1) {
        for (i = 0; i < 3; i++)
            if (sums[i] != size * (size + 1) / 2 * (i + 0.5)) { errs++; printf("sums[%d] = %g\n", i, sums[i]); }
    }
    if (rank == 0) {
        if (counters[2] < 0 || counters[2] >= size) { errs++; printf("replace slot holds %d\n", counters[2]); }
        if (counters[1] < 1 || counters[1] > size) { errs++; printf("CAS slot holds %d\n", counters[1]); }
        printf("counter %d, tickets sum %lld, one CAS winner\n", counters[0], all_tickets);
    }
    /* Get_accumulate with MPI_REPLACE swaps: each rank's value in, the old value out */
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, dwin);
    add[0] = rank * 10.0;
    MPI_Get_accumulate(add, 1, MPI_DOUBLE, before, 1, MPI_DOUBLE, 0, 2, 1, MPI_DOUBLE, MPI_REPLACE, dwin);
    MPI_Win_unlock(0, dwin);
    MPI_Win_free(&dwin);
    MPI_Win_free(&win);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
