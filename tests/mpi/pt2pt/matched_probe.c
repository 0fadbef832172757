/* Matched probes: MPI_Mprobe / MPI_Mrecv receive a message of a size learned from its status, MPI_Improbe
 * polls, MPI_Imrecv completes through MPI_Wait, a probed message cannot be taken by a later receive, a
 * synchronous send completes once its message is probed and received, and MPI_PROC_NULL gives
 * MPI_MESSAGE_NO_PROC.
 * ranks: 1 2 4 7
 * transports: tcp */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, i, n, flag, toterrs, errs = 0;
    MPI_Message msg;
    MPI_Status st;
    MPI_Request req;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* every rank sends rank + 1 doubles to rank 0 with tag 7; rank 0 sizes each receive from the probe */
    {
        double *out = malloc((rank + 1) * sizeof(double));
        for (i = 0; i <= rank; i++) out[i] = rank * 100 + i;
        MPI_Isend(out, rank + 1, MPI_DOUBLE, 0, 7, MPI_COMM_WORLD, &req);
        if (rank == 0) {
            int got = 0;
            double total = 0.0;
            while (got < size) {
                double *in;
                MPI_Mprobe(MPI_ANY_SOURCE, 7, MPI_COMM_WORLD, &msg, &st);
                MPI_Get_count(&st, MPI_DOUBLE, &n);
                if (n != st.MPI_SOURCE + 1) { errs++; printf("from %d: %d doubles\n", st.MPI_SOURCE, n); }
                in = malloc(n * sizeof(double));
                MPI_Mrecv(in, n, MPI_DOUBLE, &msg, &st);
                if (msg != MPI_MESSAGE_NULL) { errs++; printf("the handle is not MPI_MESSAGE_NULL after MPI_Mrecv\n"); }
                for (i = 0; i < n; i++) total += in[i];
                free(in);
                got++;
            }
            printf("received %d messages, total %.1f\n", got, total);
        }
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        free(out);
    }

    /* a probed message belongs to its handle: a plain receive posted afterwards gets the next one */
    if (size > 1) {
        if (rank == 1) {
            int a = 11, b = 22;
            MPI_Send(&a, 1, MPI_INT, 0, 3, MPI_COMM_WORLD);
            MPI_Ssend(&b, 1, MPI_INT, 0, 3, MPI_COMM_WORLD);  /* completes only once rank 0 received it */
        } else if (rank == 0) {
            int first = 0, second = 0;
            MPI_Mprobe(1, 3, MPI_COMM_WORLD, &msg, &st);
            MPI_Recv(&second, 1, MPI_INT, 1, 3, MPI_COMM_WORLD, &st);
            MPI_Imrecv(&first, 1, MPI_INT, &msg, &req);
            MPI_Wait(&req, &st);
            if (first != 11 || second != 22) { errs++; printf("first %d second %d\n", first, second); }
            if (st.MPI_SOURCE != 1 || st.MPI_TAG != 3) { errs++; printf("Imrecv status %d %d\n", st.MPI_SOURCE, st.MPI_TAG); }
        }
    }

    /* Improbe polls until the message is there */
    if (size > 1 && (rank == 0 || rank == size - 1)) {
        int other = rank == 0 ? size - 1 : 0, v = rank * 5 + 1, w = -1, polls = 0;
        MPI_Send(&v, 1, MPI_INT, other, 9, MPI_COMM_WORLD);
        do {
            MPI_Improbe(other, 9, MPI_COMM_WORLD, &flag, &msg, &st);
            polls++;
        } while (!flag);
        MPI_Mrecv(&w, 1, MPI_INT, &msg, MPI_STATUS_IGNORE);
        if (w != other * 5 + 1) { errs++; printf("Improbe got %d\n", w); }
    }
    MPI_Improbe(MPI_ANY_SOURCE, 12345, MPI_COMM_WORLD, &flag, &msg, &st);
    if (flag || msg != MPI_MESSAGE_NULL) { errs++; printf("Improbe of nothing: flag %d\n", flag); }

    /* MPI_PROC_NULL */
    MPI_Mprobe(MPI_PROC_NULL, 0, MPI_COMM_WORLD, &msg, &st);
    if (msg != MPI_MESSAGE_NO_PROC || st.MPI_SOURCE != MPI_PROC_NULL) { errs++; printf("Mprobe of MPI_PROC_NULL\n"); }
    n = 5;
    MPI_Mrecv(&n, 1, MPI_INT, &msg, &st);
    if (n != 5 || st.MPI_SOURCE != MPI_PROC_NULL || msg != MPI_MESSAGE_NULL) { errs++; printf("Mrecv of MPI_MESSAGE_NO_PROC\n"); }

    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
