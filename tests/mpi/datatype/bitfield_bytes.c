/* A struct with bit-fields travels as its bytes (MPI_BYTE, and a contiguous type of sizeof bytes): the
 * receiver sees every field, since the port lays the struct out as C does.
 * ranks: 2 3 4
 * transports: tcp */
#include <stdio.h>
#include <mpi.h>

struct packet { unsigned kind : 3, urgent : 1, hops : 4; int payload : 20; unsigned short seq; };

int main(int argc, char **argv)
{
    int rank, size, i, errs = 0, toterrs;
    struct packet out[4], in[4];
    MPI_Datatype packet_type;
    MPI_Status status;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Type_contiguous(sizeof(struct packet), MPI_BYTE, &packet_type);
    MPI_Type_commit(&packet_type);
    for (i = 0; i < 4; i++) {
        out[i].kind = rank + i;
        out[i].urgent = i & 1;
        out[i].hops = 15 - i;
        out[i].payload = -1000 * (rank + 1) - i;
        out[i].seq = 100 * rank + i;
    }
    /* a ring: bytes to the right, the datatype to the left */
    MPI_Sendrecv(out, 4 * sizeof(struct packet), MPI_BYTE, (rank + 1) % size, 0,
                 in, 4 * sizeof(struct packet), MPI_BYTE, (rank + size - 1) % size, 0, MPI_COMM_WORLD, &status);
    for (i = 0; i < 4; i++) {
        int from = (rank + size - 1) % size;
        if (in[i].kind != ((from + i) & 7) || in[i].urgent != (unsigned)(i & 1) || in[i].hops != (unsigned)(15 - i) ||
            in[i].payload != -1000 * (from + 1) - i || in[i].seq != 100 * from + i) {
            printf("rank %d: bytes, packet %d: %u %u %u %d %u\n", rank, i, in[i].kind, in[i].urgent, in[i].hops,
                   in[i].payload, in[i].seq);
            errs++;
        }
    }
    MPI_Sendrecv(out, 4, packet_type, (rank + size - 1) % size, 1,
                 in, 4, packet_type, (rank + 1) % size, 1, MPI_COMM_WORLD, &status);
    for (i = 0; i < 4; i++) {
        int from = (rank + 1) % size;
        if (in[i].kind != ((from + i) & 7) || in[i].payload != -1000 * (from + 1) - i) {
            printf("rank %d: datatype, packet %d: %u %d\n", rank, i, in[i].kind, in[i].payload);
            errs++;
        }
    }
    if (rank == 0)
        printf("sizeof(struct packet) = %zu\n", sizeof(struct packet));
    MPI_Type_free(&packet_type);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0 && toterrs == 0)
        printf(" No Errors\n");
    MPI_Finalize();
    return 0;
}
