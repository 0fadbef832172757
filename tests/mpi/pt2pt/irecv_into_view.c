/* Nonblocking receives into memory read as another type (miniAMR's comm_block.c: `int *recv_int = (int *)
 * recv_buff;` of a `double *recv_buff`, then one MPI_Irecv per partner at its own offset, completed by
 * MPI_Waitany in any order), and sends from such a view.
 * ranks: 1 2 4 7
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

double *recv_buff, *send_buff;

int main(int argc, char **argv)
{
    int rank, size, errs = 0, toterrs, n = 3;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    recv_buff = malloc(size * n * sizeof(double));
    send_buff = malloc(n * sizeof(double));
    int *recv_int = (int *)recv_buff;
    int *send_int = (int *)send_buff;
    MPI_Request *request = malloc(2 * size * sizeof(MPI_Request));
    for (int i = 0; i < 2 * size * n; i++)
        recv_int[i] = -1;
    for (int p = 0; p < size; p++)
        MPI_Irecv(&recv_int[p * n], n, MPI_INT, p, 7, MPI_COMM_WORLD, &request[p]);
    for (int k = 0; k < n; k++)
        send_int[k] = 100 * rank + k;
    for (int p = 0; p < size; p++)
        MPI_Isend(send_int, n, MPI_INT, p, 7, MPI_COMM_WORLD, &request[size + p]);
    for (int done = 0; done < size; done++) {
        int which;
        MPI_Waitany(size, request, &which, MPI_STATUS_IGNORE);
        for (int k = 0; k < n; k++)
            if (recv_int[which * n + k] != 100 * which + k) {
                errs++;
                printf("rank %d: from %d element %d is %d\n", rank, which, k, recv_int[which * n + k]);
            }
    }
    MPI_Waitall(size, request + size, MPI_STATUSES_IGNORE);
    for (int p = 0; p < size; p++)
        for (int k = 0; k < n; k++)
            if (recv_int[p * n + k] != 100 * p + k)
                errs++;
    for (int i = size * n; i < 2 * size * n; i++)
        if (recv_int[i] != -1)
            errs++;  /* past the received elements: untouched */
    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0 && toterrs == 0)
        printf(" No Errors\n");
    free(request);
    free(recv_buff);
    free(send_buff);
    MPI_Finalize();
    return 0;
}
