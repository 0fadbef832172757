/* Accumulating timers: timer_stop adds the time since timer_start. */
#include <mpi.h>
#include "c_timers.h"

static double timer_started_at[NPB_MAX_TIMERS];
static double timer_elapsed[NPB_MAX_TIMERS];

void timer_clear(int n)
{
    timer_elapsed[n] = 0.0;
}

void timer_start(int n)
{
    timer_started_at[n] = MPI_Wtime();
}

void timer_stop(int n)
{
    timer_elapsed[n] += MPI_Wtime() - timer_started_at[n];
}

double timer_read(int n)
{
    return timer_elapsed[n];
}
