/* Master/worker task farm: Probe with MPI_ANY_SOURCE/ANY_TAG, Get_count, variable-length results, a stop tag. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>

#define NTASKS 23
#define WORK 1
#define STOP 2

typedef struct { int id; double x; } task_t;

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int collatz(long n) { int k = 0; while (n != 1) { n = (n % 2) ? 3 * n + 1 : n / 2; k++; } return k; }

int main(int argc, char *argv[]) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size < 2) { if (rank == 0) fprintf(stderr, "need 2 ranks\n"); MPI_Abort(MPI_COMM_WORLD, 1); }
    if (rank == 0) {
        double results[NTASKS];
        int next = 0, done = 0, w;
        MPI_Status st;
        for (w = 1; w < size; w++) {
            int tag = next < NTASKS ? WORK : STOP;
            MPI_Send(&next, 1, MPI_INT, w, tag, MPI_COMM_WORLD);
            if (tag == WORK) next++;
        }
        while (done < NTASKS) {
            int count;
            MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_DOUBLE, &count);
            double *buf = malloc(count * sizeof(double));
            MPI_Recv(buf, count, MPI_DOUBLE, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, &st);
            results[(int)buf[0]] = buf[count - 1];
            free(buf);
            done++;
            int tag = next < NTASKS ? WORK : STOP;
            MPI_Send(&next, 1, MPI_INT, st.MPI_SOURCE, tag, MPI_COMM_WORLD);
            if (tag == WORK) next++;
        }
        qsort(results, NTASKS, sizeof(double), cmp_double);
        for (w = 0; w < NTASKS; w++) printf("%s%.0f", w ? " " : "", results[w]);
        printf("\n");
    } else {
        int task;
        MPI_Status st;
        for (;;) {
            MPI_Recv(&task, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            if (st.MPI_TAG == STOP) break;
            int n = 2 + task % 5;
            double *out = calloc(n, sizeof *out);
            out[0] = task;
            out[n - 1] = collatz(27 + task * 7);
            MPI_Send(out, n, MPI_DOUBLE, 0, st.MPI_TAG, MPI_COMM_WORLD);
            free(out);
        }
    }
    MPI_Finalize();
    return 0;
}
