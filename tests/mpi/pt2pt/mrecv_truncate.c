/* A matched receive (MPI_Mrecv, MPI_Imrecv + MPI_Wait) of a message longer than its buffer, under
 * MPI_ERRORS_RETURN: the call gives MPI_ERR_TRUNCATE (Imrecv itself succeeds: the Wait reports it), the part that
 * fits is delivered, the status says who sent it and with which tag, the message handle is MPI_MESSAGE_NULL and the
 * request MPI_REQUEST_NULL afterwards.
 * ranks: 2 4 */
#include <stdio.h>
#include <mpi.h>

static int check(const char *what, int rc, MPI_Status *st, int from, int tag, const int *buf)
{
    int errs = 0, cls = -1;
    if (rc != MPI_SUCCESS) MPI_Error_class(rc, &cls);
    if (cls != MPI_ERR_TRUNCATE) { errs++; printf("%s: error class %d, not MPI_ERR_TRUNCATE\n", what, cls); }
    if (st->MPI_SOURCE != from || st->MPI_TAG != tag) {
        errs++; printf("%s: status source %d tag %d, not %d %d\n", what, st->MPI_SOURCE, st->MPI_TAG, from, tag);
    }
    if (buf[0] != from * 10 || buf[1] != from * 10 + 1 || buf[2] != -1) {
        errs++; printf("%s: buffer %d %d %d\n", what, buf[0], buf[1], buf[2]);
    }
    return errs;
}

int main(int argc, char **argv)
{
    int rank, size, next, prev, i, rc, toterrs, errs = 0;
    int out[4], in[3];
    MPI_Message msg;
    MPI_Status st;
    MPI_Request sends[2], req;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    next = (rank + 1) % size;
    prev = (rank + size - 1) % size;
    for (i = 0; i < 4; i++) out[i] = rank * 10 + i;
    MPI_Isend(out, 4, MPI_INT, next, 7, MPI_COMM_WORLD, &sends[0]);
    MPI_Isend(out, 4, MPI_INT, next, 8, MPI_COMM_WORLD, &sends[1]);

    in[0] = in[1] = in[2] = -1;
    st.MPI_SOURCE = st.MPI_TAG = -5;
    MPI_Mprobe(prev, 7, MPI_COMM_WORLD, &msg, MPI_STATUS_IGNORE);
    rc = MPI_Mrecv(in, 2, MPI_INT, &msg, &st);
    errs += check("MPI_Mrecv", rc, &st, prev, 7, in);
    if (msg != MPI_MESSAGE_NULL) { errs++; printf("MPI_Mrecv left the message handle\n"); }

    in[0] = in[1] = in[2] = -1;
    st.MPI_SOURCE = st.MPI_TAG = -5;
    MPI_Mprobe(prev, 8, MPI_COMM_WORLD, &msg, MPI_STATUS_IGNORE);
    rc = MPI_Imrecv(in, 2, MPI_INT, &msg, &req);
    if (rc != MPI_SUCCESS) { errs++; printf("MPI_Imrecv gave %d\n", rc); }
    rc = MPI_Wait(&req, &st);
    errs += check("MPI_Imrecv + MPI_Wait", rc, &st, prev, 8, in);
    if (req != MPI_REQUEST_NULL) { errs++; printf("MPI_Wait left the request\n"); }

    MPI_Waitall(2, sends, MPI_STATUSES_IGNORE);
    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs) printf(" Found %d errors\n", toterrs);
        else printf(" No Errors\n");
    }
    MPI_Finalize();
    return 0;
}
