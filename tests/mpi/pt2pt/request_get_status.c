/* MPI_Request_get_status looks at a request without completing it: once it says complete, the data is there, the
 * request is still the program's and a later Wait, Waitall or Test completes it with the same status (a receive's
 * data delivered once); a persistent request stays active until its Wait. MPI_REQUEST_NULL gives flag 1 and the
 * empty status. MPI_Status_set_elements/_x and MPI_Status_set_cancelled set what Get_elements, Get_count and
 * Test_cancelled then read, for a predefined, a contiguous and a struct datatype.
 * ranks: 1 2 4 */
#include <stdio.h>
#include <mpi.h>

#define N 3

static int poll_until_complete(MPI_Request req, MPI_Status *st)
{
    int flag = 0, polls = 0;
    while (!flag) {
        MPI_Request_get_status(req, &flag, st);
        polls++;
    }
    return polls;
}

int main(int argc, char **argv)
{
    int rank, size, next, prev, i, count, flag, round, toterrs, errs = 0;
    int out[N], in[N], in2[N];
    long long elements;
    MPI_Request req, reqs[2];
    MPI_Status st, st2, sts[2];
    MPI_Datatype pair, mixed;
    int blocks[2] = {1, 1};
    MPI_Aint disps[2] = {0, 8};
    MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    next = (rank + 1) % size;
    prev = (rank + size - 1) % size;

    /* a receive: complete by get_status, then Wait gives the same status and nulls the request */
    for (i = 0; i < N; i++) out[i] = rank * 100 + i;
    MPI_Irecv(in, N, MPI_INT, prev, 5, MPI_COMM_WORLD, &req);
    MPI_Send(out, N, MPI_INT, next, 5, MPI_COMM_WORLD);
    poll_until_complete(req, &st);
    if (req == MPI_REQUEST_NULL) { errs++; printf("get_status freed the request\n"); }
    MPI_Get_count(&st, MPI_INT, &count);
    if (st.MPI_SOURCE != prev || st.MPI_TAG != 5 || count != N) {
        errs++;
        printf("get_status: source %d tag %d count %d\n", st.MPI_SOURCE, st.MPI_TAG, count);
    }
    for (i = 0; i < N; i++)
        if (in[i] != prev * 100 + i) { errs++; printf("after get_status in[%d] = %d\n", i, in[i]); }
    MPI_Request_get_status(req, &flag, &st);  /* asked again: still complete, same status */
    if (!flag || st.MPI_SOURCE != prev) { errs++; printf("second get_status: flag %d source %d\n", flag, st.MPI_SOURCE); }
    MPI_Wait(&req, &st2);
    MPI_Get_count(&st2, MPI_INT, &count);
    if (req != MPI_REQUEST_NULL || st2.MPI_SOURCE != prev || st2.MPI_TAG != 5 || count != N) {
        errs++;
        printf("wait after get_status: null %d source %d tag %d count %d\n", req == MPI_REQUEST_NULL, st2.MPI_SOURCE,
               st2.MPI_TAG, count);
    }

    /* two receives looked at, then Waitall and Test */
    MPI_Irecv(in, N, MPI_INT, prev, 6, MPI_COMM_WORLD, &reqs[0]);
    MPI_Irecv(in2, 1, MPI_INT, prev, 7, MPI_COMM_WORLD, &reqs[1]);
    MPI_Send(out, 1, MPI_INT, next, 7, MPI_COMM_WORLD);
    MPI_Send(out, N, MPI_INT, next, 6, MPI_COMM_WORLD);
    poll_until_complete(reqs[1], &st);
    poll_until_complete(reqs[0], &st);
    MPI_Waitall(2, reqs, sts);
    MPI_Get_count(&sts[1], MPI_INT, &count);
    if (sts[0].MPI_TAG != 6 || sts[1].MPI_TAG != 7 || count != 1 || reqs[0] != MPI_REQUEST_NULL) {
        errs++;
        printf("waitall: tags %d %d count %d\n", sts[0].MPI_TAG, sts[1].MPI_TAG, count);
    }
    MPI_Irecv(in, N, MPI_INT, prev, 8, MPI_COMM_WORLD, &req);
    MPI_Send(out, 2, MPI_INT, next, 8, MPI_COMM_WORLD);
    poll_until_complete(req, &st);
    MPI_Test(&req, &flag, &st2);
    MPI_Get_count(&st2, MPI_INT, &count);
    if (!flag || req != MPI_REQUEST_NULL || st2.MPI_TAG != 8 || count != 2) {
        errs++;
        printf("test after get_status: flag %d tag %d count %d\n", flag, st2.MPI_TAG, count);
    }

    /* a persistent receive stays active until its Wait, and starts again */
    MPI_Recv_init(in, N, MPI_INT, prev, 9, MPI_COMM_WORLD, &req);
    for (round = 0; round < 2; round++) {
        out[0] = round * 10 + rank;
        MPI_Start(&req);
        MPI_Send(out, N, MPI_INT, next, 9, MPI_COMM_WORLD);
        poll_until_complete(req, &st);
        MPI_Wait(&req, &st2);
        MPI_Get_count(&st2, MPI_INT, &count);
        if (req == MPI_REQUEST_NULL || st2.MPI_SOURCE != prev || count != N || in[0] != round * 10 + prev) {
            errs++;
            printf("persistent round %d: source %d count %d in[0] %d\n", round, st2.MPI_SOURCE, count, in[0]);
        }
    }
    MPI_Request_free(&req);

    /* MPI_REQUEST_NULL: complete, with the empty status */
    req = MPI_REQUEST_NULL;
    st.MPI_SOURCE = 99;
    st.MPI_TAG = 99;
    MPI_Request_get_status(req, &flag, &st);
    if (!flag || st.MPI_SOURCE != MPI_ANY_SOURCE || st.MPI_TAG != MPI_ANY_TAG) {
        errs++;
        printf("null request: flag %d source %d tag %d\n", flag, st.MPI_SOURCE, st.MPI_TAG);
    }

    /* setting a status's elements and cancelled flag */
    MPI_Status_set_elements(&st, MPI_INT, 5);
    MPI_Get_elements(&st, MPI_INT, &count);
    if (count != 5) { errs++; printf("set_elements MPI_INT: elements %d\n", count); }
    MPI_Get_count(&st, MPI_INT, &count);
    if (count != 5) { errs++; printf("set_elements MPI_INT: count %d\n", count); }
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_commit(&pair);
    MPI_Status_set_elements(&st, pair, 5);
    MPI_Get_elements(&st, pair, &count);
    if (count != 5) { errs++; printf("set_elements pair: elements %d\n", count); }
    MPI_Get_count(&st, pair, &count);
    if (count != MPI_UNDEFINED) { errs++; printf("set_elements pair: count %d\n", count); }
    MPI_Get_count(&st, MPI_INT, &count);
    if (count != 5) { errs++; printf("set_elements pair: count of MPI_INT %d\n", count); }
    MPI_Status_set_elements(&st, pair, 6);
    MPI_Get_count(&st, pair, &count);
    if (count != 3) { errs++; printf("set_elements pair 6: count %d\n", count); }
    MPI_Type_create_struct(2, blocks, disps, types, &mixed);
    MPI_Type_commit(&mixed);
    MPI_Status_set_elements(&st, mixed, 3);
    MPI_Get_elements(&st, mixed, &count);
    if (count != 3) { errs++; printf("set_elements struct: elements %d\n", count); }
    MPI_Get_count(&st, mixed, &count);
    if (count != MPI_UNDEFINED) { errs++; printf("set_elements struct: count %d\n", count); }
    MPI_Status_set_elements_x(&st, MPI_DOUBLE, (MPI_Count)7);
    MPI_Get_elements_x(&st, MPI_DOUBLE, &elements);
    if (elements != 7) { errs++; printf("set_elements_x: %lld\n", elements); }
    MPI_Status_set_cancelled(&st, 1);
    MPI_Test_cancelled(&st, &flag);
    if (!flag) { errs++; printf("set_cancelled 1: flag %d\n", flag); }
    MPI_Status_set_cancelled(&st, 0);
    MPI_Test_cancelled(&st, &flag);
    if (flag) { errs++; printf("set_cancelled 0: flag %d\n", flag); }
    MPI_Type_free(&pair);
    MPI_Type_free(&mixed);

    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
