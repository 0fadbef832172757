/* Waitsome, Testsome, Testany and Waitany over receives from every rank, MPI_STATUSES_IGNORE,
 * MPI_REQUEST_NULL entries and MPI_UNDEFINED when nothing is active.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

#define MAXP 8

int main(int argc, char **argv)
{
    int rank, size, i, done, outcount, index, flag, toterrs, errs = 0;
    int vals[MAXP], seen[MAXP], indices[MAXP], x;
    MPI_Request reqs[MAXP];
    MPI_Status sts[MAXP], st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* Round 1: Waitsome until all arrived. */
    for (i = 0; i < size; i++) {
        seen[i] = 0;
        MPI_Irecv(&vals[i], 1, MPI_INT, i, 1, MPI_COMM_WORLD, &reqs[i]);
    }
    for (i = 0; i < size; i++) {
        x = rank * 100 + i;
        MPI_Send(&x, 1, MPI_INT, i, 1, MPI_COMM_WORLD);
    }
    done = 0;
    while (1) {
        MPI_Waitsome(size, reqs, &outcount, indices, sts);
        if (outcount == MPI_UNDEFINED) break;
        for (i = 0; i < outcount; i++) {
            seen[indices[i]]++;
            if (sts[i].MPI_SOURCE != indices[i]) { errs++; printf("Waitsome: status source %d for index %d\n", sts[i].MPI_SOURCE, indices[i]); }
            if (reqs[indices[i]] != MPI_REQUEST_NULL) { errs++; printf("Waitsome left request %d\n", indices[i]); }
        }
        done += outcount;
    }
    if (done != size) { errs++; printf("Waitsome completed %d of %d\n", done, size); }
    for (i = 0; i < size; i++)
        if (seen[i] != 1 || vals[i] != i * 100 + rank) { errs++; printf("Waitsome: from %d seen %d value %d\n", i, seen[i], vals[i]); }

    /* Round 2: Testsome polling with MPI_STATUSES_IGNORE. */
    for (i = 0; i < size; i++) MPI_Irecv(&vals[i], 1, MPI_INT, i, 2, MPI_COMM_WORLD, &reqs[i]);
    for (i = 0; i < size; i++) {
        x = -i - rank;
        MPI_Send(&x, 1, MPI_INT, i, 2, MPI_COMM_WORLD);
    }
    done = 0;
    while (done < size) {
        MPI_Testsome(size, reqs, &outcount, indices, MPI_STATUSES_IGNORE);
        if (outcount == MPI_UNDEFINED) { errs++; printf("Testsome: nothing active after %d\n", done); break; }
        done += outcount;
    }
    MPI_Testsome(size, reqs, &outcount, indices, MPI_STATUSES_IGNORE);
    if (outcount != MPI_UNDEFINED) { errs++; printf("Testsome on null requests: %d\n", outcount); }
    for (i = 0; i < size; i++)
        if (vals[i] != -i - rank) { errs++; printf("Testsome: from %d value %d\n", i, vals[i]); }

    /* Round 3: Testany, then Waitany, with a null entry in the array. */
    reqs[0] = MPI_REQUEST_NULL;
    for (i = 1; i < size; i++) MPI_Irecv(&vals[i], 1, MPI_INT, i, 3, MPI_COMM_WORLD, &reqs[i]);
    x = rank;
    if (rank > 0)
        for (i = 0; i < size; i++) MPI_Send(&x, 1, MPI_INT, i, 3, MPI_COMM_WORLD);
    done = 0;
    while (done < size - 1) {
        MPI_Testany(size, reqs, &index, &flag, &st);
        if (flag && index == MPI_UNDEFINED) { errs++; printf("Testany: nothing active after %d\n", done); break; }
        if (flag) {
            done++;
            if (index == 0 || st.MPI_SOURCE != index || vals[index] != index) { errs++; printf("Testany: index %d source %d\n", index, st.MPI_SOURCE); }
        }
    }
    MPI_Testany(size, reqs, &index, &flag, &st);
    if (!flag || index != MPI_UNDEFINED) { errs++; printf("Testany on null requests: flag %d index %d\n", flag, index); }
    MPI_Waitany(size, reqs, &index, &st);
    if (index != MPI_UNDEFINED) { errs++; printf("Waitany on null requests: %d\n", index); }

    MPI_Allreduce(&errs, &i, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    toterrs = i;
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
