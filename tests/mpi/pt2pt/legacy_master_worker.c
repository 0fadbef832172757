/* An MPI-1 master/worker code in legacy style: K&R main, parameters parsed on rank 0 with getopt and broadcast as a
 * struct of bytes, work items handed out with MPI_ANY_SOURCE and tags, results gathered into a malloc'ed table,
 * a static buffer formatter, and MPI_Wtime masked.
 * ranks: 1 2 4
 * args: -n 9 -s 3 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TAG_WORK 1
#define TAG_DONE 2
#define TAG_RESULT 3

struct params { int n; int scale; char label[16]; double factor; };

static const char *fmt(double v) {
    static char buf[32];
    sprintf(buf, "%.3f", v);
    return buf;
}

static double work(int item, const struct params *p) { return item * p->factor + p->scale; }

int main(argc, argv)
int argc;
char **argv;
{
    int rank, size, c, errs = 0;
    struct params p;
    double t0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    t0 = MPI_Wtime();
    memset(&p, 0, sizeof p);
    if (rank == 0) {
        p.n = 4;
        p.scale = 1;
        p.factor = 0.5;
        strcpy(p.label, "default");
        while ((c = getopt(argc, argv, "n:s:l:")) != -1) {
            switch (c) {
            case 'n': p.n = atoi(optarg); break;
            case 's': p.scale = atoi(optarg); break;
            case 'l': strncpy(p.label, optarg, sizeof p.label - 1); break;
            }
        }
    }
    MPI_Bcast(&p, sizeof p, MPI_BYTE, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        double *results = calloc(p.n, sizeof *results);
        int next = 0, done = 0, active = 0, w;
        MPI_Status st;
        if (size == 1) {
            for (next = 0; next < p.n; next++) results[next] = work(next, &p);
        } else {
            for (w = 1; w < size; w++) {
                if (next < p.n) { MPI_Send(&next, 1, MPI_INT, w, TAG_WORK, MPI_COMM_WORLD); next++; active++; }
                else MPI_Send(&next, 1, MPI_INT, w, TAG_DONE, MPI_COMM_WORLD);
            }
            while (active > 0) {
                double r[2];
                MPI_Recv(r, 2, MPI_DOUBLE, MPI_ANY_SOURCE, TAG_RESULT, MPI_COMM_WORLD, &st);
                results[(int)r[0]] = r[1];
                done++;
                if (next < p.n) { MPI_Send(&next, 1, MPI_INT, st.MPI_SOURCE, TAG_WORK, MPI_COMM_WORLD); next++; }
                else { MPI_Send(&next, 1, MPI_INT, st.MPI_SOURCE, TAG_DONE, MPI_COMM_WORLD); active--; }
            }
        }
        double sum = 0;
        int i;
        for (i = 0; i < p.n; i++) {
            if (results[i] != work(i, &p)) errs++;
            sum += results[i];
        }
        if (strcmp(p.label, "default") != 0 || p.n != 9 || p.scale != 3) errs++;
        if (errs == 0 && strcmp(fmt(sum), "45.000") == 0 && MPI_Wtime() >= t0) printf(" No Errors\n");
        else printf(" Found %d errors (sum %s)\n", errs, fmt(sum));
        free(results);
    } else {
        MPI_Status st;
        int item;
        for (;;) {
            MPI_Recv(&item, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            if (st.MPI_TAG == TAG_DONE) break;
            double r[2];
            r[0] = item;
            r[1] = work(item, &p);
            MPI_Send(r, 2, MPI_DOUBLE, 0, TAG_RESULT, MPI_COMM_WORLD);
        }
    }
    MPI_Finalize();
    return 0;
}
