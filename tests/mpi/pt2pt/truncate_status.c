/* A receive whose message is longer than its buffer, under MPI_ERRORS_RETURN: MPI_ERR_TRUNCATE, the part that
 * fits delivered, the status saying who sent it (Open MPI's count is the whole message's), the request done;
 * a completion of several returns MPI_ERR_IN_STATUS with the error in that request's status and success in the
 * others', and Waitsome goes on to the end. (At one rank Open MPI delivers a message to itself without the check:
 * 2 ranks at least.)
 * ranks: 2 4 7 */
#include <stdio.h>
#include <string.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, i, rc, cls, count, len, toterrs, errs = 0;
    int big[8], buf[8];
    char msg[MPI_MAX_ERROR_STRING];
    MPI_Status st, sts[3];
    MPI_Request reqs[3];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    for (i = 0; i < 8; i++) big[i] = rank * 100 + i;

    /* MPI_Recv */
    MPI_Send(big, 8, MPI_INT, right, 1, MPI_COMM_WORLD);
    for (i = 0; i < 8; i++) buf[i] = -1;
    rc = MPI_Recv(buf, 3, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
    MPI_Error_class(rc, &cls);
    MPI_Get_count(&st, MPI_INT, &count);
    if (cls != MPI_ERR_TRUNCATE) { errs++; printf("recv: class %d\n", cls); }
    if (st.MPI_SOURCE != left || st.MPI_TAG != 1 || count != 8) { errs++; printf("recv: status %d %d count %d\n", st.MPI_SOURCE, st.MPI_TAG, count); }
    if (buf[0] != left * 100 || buf[2] != left * 100 + 2 || buf[3] != -1) { errs++; printf("recv: data %d %d %d\n", buf[0], buf[2], buf[3]); }
    MPI_Error_string(rc, msg, &len);
    if (rank == 0) printf("recv: %s\n", msg);

    /* MPI_Wait releases the request */
    MPI_Irecv(buf, 2, MPI_INT, left, 2, MPI_COMM_WORLD, &reqs[0]);
    MPI_Send(big, 5, MPI_INT, right, 2, MPI_COMM_WORLD);
    rc = MPI_Wait(&reqs[0], &st);
    MPI_Error_class(rc, &cls);
    MPI_Get_count(&st, MPI_INT, &count);
    if (cls != MPI_ERR_TRUNCATE || reqs[0] != MPI_REQUEST_NULL) { errs++; printf("wait: class %d, request %s\n", cls, reqs[0] == MPI_REQUEST_NULL ? "null" : "kept"); }
    if (st.MPI_SOURCE != left || st.MPI_TAG != 2 || count != 5) { errs++; printf("wait: status %d %d count %d\n", st.MPI_SOURCE, st.MPI_TAG, count); }

    /* MPI_Waitall: ERR_IN_STATUS, the error in the truncated one's status */
    MPI_Irecv(buf, 2, MPI_INT, left, 3, MPI_COMM_WORLD, &reqs[0]);
    MPI_Irecv(buf + 2, 2, MPI_INT, left, 4, MPI_COMM_WORLD, &reqs[1]);
    MPI_Irecv(buf + 4, 4, MPI_INT, left, 5, MPI_COMM_WORLD, &reqs[2]);
    MPI_Send(big, 2, MPI_INT, right, 3, MPI_COMM_WORLD);
    MPI_Send(big, 6, MPI_INT, right, 4, MPI_COMM_WORLD);
    MPI_Send(big, 1, MPI_INT, right, 5, MPI_COMM_WORLD);
    rc = MPI_Waitall(3, reqs, sts);
    MPI_Error_class(rc, &cls);
    if (cls != MPI_ERR_IN_STATUS) { errs++; printf("waitall: class %d\n", cls); }
    else {
        if (sts[0].MPI_ERROR != MPI_SUCCESS || sts[2].MPI_ERROR != MPI_SUCCESS) { errs++; printf("waitall: errors %d %d\n", sts[0].MPI_ERROR, sts[2].MPI_ERROR); }
        MPI_Error_class(sts[1].MPI_ERROR, &cls);
        if (cls != MPI_ERR_TRUNCATE) { errs++; printf("waitall: truncated status class %d\n", cls); }
        MPI_Get_count(&sts[2], MPI_INT, &count);
        if (count != 1 || sts[1].MPI_TAG != 4) { errs++; printf("waitall: count %d tag %d\n", count, sts[1].MPI_TAG); }
    }
    for (i = 0; i < 3; i++)
        if (reqs[i] != MPI_REQUEST_NULL) { errs++; printf("waitall: request %d kept\n", i); }
    MPI_Error_string(rc, msg, &len);
    if (rank == 0) printf("waitall: %s\n", msg);

    /* MPI_Waitsome until every request is done: the truncated one counts as done */
    {
        int indices[3], outcount, done = 0, failed = 0, rounds = 0;
        MPI_Irecv(buf, 1, MPI_INT, left, 6, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(buf + 1, 4, MPI_INT, left, 7, MPI_COMM_WORLD, &reqs[1]);
        MPI_Send(big, 4, MPI_INT, right, 7, MPI_COMM_WORLD);
        MPI_Send(big, 3, MPI_INT, right, 6, MPI_COMM_WORLD);
        while (done < 2 && rounds++ < 10) {
            rc = MPI_Waitsome(2, reqs, &outcount, indices, sts);
            if (rc != MPI_SUCCESS) {
                failed++;
                MPI_Error_class(rc, &cls);
                if (cls != MPI_ERR_IN_STATUS) { errs++; printf("waitsome: class %d\n", cls); }
            }
            for (i = 0; i < outcount; i++) {
                int expect = indices[i] == 0 ? MPI_ERR_TRUNCATE : MPI_SUCCESS;
                if (rc != MPI_SUCCESS && sts[i].MPI_ERROR != expect) { errs++; printf("waitsome: index %d error %d\n", indices[i], sts[i].MPI_ERROR); }
            }
            done += outcount;
        }
        if (done != 2 || failed != 1) { errs++; printf("waitsome: %d done, %d failed rounds\n", done, failed); }
        MPI_Waitsome(2, reqs, &outcount, indices, sts);
        if (outcount != MPI_UNDEFINED) { errs++; printf("waitsome: outcount %d after all\n", outcount); }
    }

    /* MPI_Testall once every request has arrived */
    {
        int flag = 0;
        MPI_Irecv(buf, 1, MPI_INT, left, 8, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(buf + 1, 1, MPI_INT, left, 9, MPI_COMM_WORLD, &reqs[1]);
        MPI_Send(big, 1, MPI_INT, right, 8, MPI_COMM_WORLD);
        MPI_Send(big, 2, MPI_INT, right, 9, MPI_COMM_WORLD);
        MPI_Barrier(MPI_COMM_WORLD);
        rc = MPI_SUCCESS;
        for (i = 0; i < 1000000 && !flag; i++) rc = MPI_Testall(2, reqs, &flag, sts);
        MPI_Error_class(rc, &cls);
        if (!flag || cls != MPI_ERR_IN_STATUS) { errs++; printf("testall: flag %d class %d\n", flag, cls); }
        else if (sts[0].MPI_ERROR != MPI_SUCCESS || sts[1].MPI_ERROR != MPI_ERR_TRUNCATE) { errs++; printf("testall: errors %d %d\n", sts[0].MPI_ERROR, sts[1].MPI_ERROR); }
        if (reqs[0] != MPI_REQUEST_NULL || reqs[1] != MPI_REQUEST_NULL) { errs++; printf("testall: requests kept\n"); }
    }

    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs) printf(" Found %d errors\n", toterrs);
        else printf(" No Errors\n");
    }
    MPI_Finalize();
    return 0;
}
