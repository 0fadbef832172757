/* Wall-clock timers on MPI_Wtime, numbered 0..NPB_MAX_TIMERS-1. */
#ifndef NPB_C_TIMERS_H
#define NPB_C_TIMERS_H

#define NPB_MAX_TIMERS 64

void timer_clear(int n);
void timer_start(int n);
void timer_stop(int n);
double timer_read(int n);

#endif
