/* Calls every row added by mpi12 (round 12) with the argument shapes real codes use: MPI_Request_get_status and the
 * status setters, the request-based one-sided calls in a lock epoch (arrays, scalars, a NULL origin with MPI_NO_OP),
 * datatype decoding, a window's group, name and error handler, MPI_Comm_dup_with_info, error classes of the
 * program's own. */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, flag = 0, a[4] = {1, 2, 3, 4}, b[4] = {0}, x = 5, y = 0, ni, na, nd, combiner, ints[2], len, cls, code;
    long long count = 0;
    char name[MPI_MAX_OBJECT_NAME];
    MPI_Aint addrs[1];
    MPI_Datatype vec, types[1];
    MPI_Request req, reqs[2];
    MPI_Status st;
    MPI_Win win;
    MPI_Group group;
    MPI_Comm dup;
    MPI_Errhandler eh;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Irecv(b, 1, MPI_INT, rank, 0, MPI_COMM_WORLD, &req);
    MPI_Send(a, 1, MPI_INT, rank, 0, MPI_COMM_WORLD);
    while (!flag)
        MPI_Request_get_status(req, &flag, &st);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Status_set_elements(&st, MPI_INT, 2);
    MPI_Status_set_elements_x(&st, MPI_INT, (MPI_Count)3);
    MPI_Status_set_cancelled(&st, 0);
    MPI_Get_elements_x(&st, MPI_INT, &count);

    MPI_Win_create(a, sizeof a, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_lock(MPI_LOCK_SHARED, rank, 0, win);
    MPI_Rput(&x, 1, MPI_INT, rank, 3, 1, MPI_INT, win, &reqs[0]);
    MPI_Rget(b, 2, MPI_INT, rank, 0, 2, MPI_INT, win, &reqs[1]);
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    MPI_Raccumulate(a, 1, MPI_INT, rank, 1, 1, MPI_INT, MPI_SUM, win, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Rget_accumulate(NULL, 0, MPI_INT, &y, 1, MPI_INT, rank, 1, 1, MPI_INT, MPI_NO_OP, win, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Win_unlock(rank, win);
    MPI_Win_get_group(win, &group);
    MPI_Win_set_name(win, "calls");
    MPI_Win_get_name(win, name, &len);
    MPI_Group_free(&group);
    MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
    MPI_Win_get_errhandler(win, &eh);
    MPI_Win_call_errhandler(win, MPI_ERR_OTHER);
    MPI_Errhandler_free(&eh);
    MPI_Win_free(&win);

    MPI_Type_vector(2, 1, 2, MPI_INT, &vec);
    MPI_Type_get_envelope(vec, &ni, &na, &nd, &combiner);
    if (combiner == MPI_COMBINER_VECTOR)
        MPI_Type_get_contents(vec, 3, 0, 1, b, addrs, types);
    MPI_Type_get_extent_x(vec, &count, &count);
    MPI_Type_get_true_extent_x(vec, &count, &count);
    MPI_Type_free(&vec);

    MPI_Comm_dup_with_info(MPI_COMM_WORLD, MPI_INFO_NULL, &dup);
    MPI_Comm_free(&dup);
    MPI_Add_error_class(&cls);
    MPI_Add_error_code(cls, &code);
    MPI_Add_error_string(code, "calls");
    (void)ints;
    if (rank == 0)
        printf("ok %d %d %lld %d %d %d %d\n", y, b[0], count, len, ni, code - cls, a[3]);
    MPI_Finalize();
    return 0;
}
