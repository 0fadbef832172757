/* MG's level geometry and ghost exchange (see mg.h). */
#include <mpi.h>
#include "mg.h"

#define TAG_UP 3000      /* a plane travelling to the rank above */
#define TAG_DOWN 3001    /* a plane travelling to the rank below */
#define TAG_GATHER 3002

int mg_rank, mg_size;
int m1[LT + 1], m2[LT + 1], m3[LT + 1];
int planes[LT + 1], zoff[LT + 1], distributed[LT + 1];
int level_offset[LT + 1];

void setup_levels(void)
{
    int k, n, offset = 0;

    for (k = 1; k <= LT; k++) {
        n = 1 << k;
        distributed[k] = n >= 2 * mg_size;
        planes[k] = distributed[k] ? n / mg_size : n;
        zoff[k] = distributed[k] ? mg_rank * planes[k] : 0;
        m1[k] = n + 2;
        m2[k] = n + 2;
        m3[k] = planes[k] + 2;
        level_offset[k] = offset;
        offset += m1[k] * m2[k] * m3[k];
    }
}

void zero3(double a[], int off, int k)
{
    int i, n = m1[k] * m2[k] * m3[k];

    for (i = 0; i < n; i++)
        a[off + i] = 0.0;
}

/* Periodic boundaries: x faces, then y faces (with the x ghosts), then whole
 * z planes, so edges and corners are right too. In z a distributed level
 * swaps its first and last planes with the ranks below and above. */
void comm3(double a[], int off, int k)
{
    int n1 = m1[k], n2 = m2[k], n3 = m3[k], plane = m1[k] * m2[k];
    int i1, i2, i3, at, below, above;
    MPI_Request from_below, from_above;
    MPI_Status status;

    for (i3 = 1; i3 < n3 - 1; i3++)
        for (i2 = 1; i2 < n2 - 1; i2++) {
            at = off + n1 * (i2 + n2 * i3);
            a[at] = a[at + n1 - 2];
            a[at + n1 - 1] = a[at + 1];
        }

    for (i3 = 1; i3 < n3 - 1; i3++)
        for (i1 = 0; i1 < n1; i1++) {
            at = off + i1 + n1 * n2 * i3;
            a[at] = a[at + n1 * (n2 - 2)];
            a[at + n1 * (n2 - 1)] = a[at + n1];
        }

    if (!distributed[k] || mg_size == 1) {
        for (i1 = 0; i1 < plane; i1++) {
            a[off + i1] = a[off + plane * (n3 - 2) + i1];
            a[off + plane * (n3 - 1) + i1] = a[off + plane + i1];
        }
        return;
    }

    below = (mg_rank + mg_size - 1) % mg_size;
    above = (mg_rank + 1) % mg_size;
    MPI_Irecv(&a[off], plane, MPI_DOUBLE, below, TAG_UP, MPI_COMM_WORLD, &from_below);
    MPI_Irecv(&a[off + plane * (n3 - 1)], plane, MPI_DOUBLE, above, TAG_DOWN,
              MPI_COMM_WORLD, &from_above);
    MPI_Send(&a[off + plane * (n3 - 2)], plane, MPI_DOUBLE, above, TAG_UP, MPI_COMM_WORLD);
    MPI_Send(&a[off + plane], plane, MPI_DOUBLE, below, TAG_DOWN, MPI_COMM_WORLD);
    MPI_Wait(&from_below, &status);
    MPI_Wait(&from_above, &status);
}

/* Level k is replicated but each rank computed only its share of interior
 * planes: rank p planes p * ppr + 1 .. (p + 1) * ppr. Exchange the shares by
 * recursive doubling so every rank has all of them (ghosts left to comm3). */
void gather_planes(double a[], int off, int k, int planes_per_rank)
{
    int plane = m1[k] * m2[k];
    int dist, partner, mine, theirs;
    MPI_Request request;
    MPI_Status status;

    for (dist = 1; dist < mg_size; dist *= 2) {
        partner = mg_rank ^ dist;
        mine = (mg_rank & ~(dist - 1)) * planes_per_rank + 1;
        theirs = (partner & ~(dist - 1)) * planes_per_rank + 1;
        MPI_Irecv(&a[off + plane * theirs], plane * planes_per_rank * dist, MPI_DOUBLE,
                  partner, TAG_GATHER, MPI_COMM_WORLD, &request);
        MPI_Send(&a[off + plane * mine], plane * planes_per_rank * dist, MPI_DOUBLE,
                 partner, TAG_GATHER, MPI_COMM_WORLD);
        MPI_Wait(&request, &status);
    }
}
