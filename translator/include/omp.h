/* cmpi's own omp.h: the OpenMP runtime calls of hybrid MPI+OpenMP programs.
 *
 * cmpi-translate parses without -fopenmp, so clang skips every `#pragma omp` and each rank runs its parallel
 * regions on one thread: a correct OpenMP program computes the same on one thread (as natively with
 * OMP_NUM_THREADS=1), and these calls say so (thread 0 of a team of 1). Native builds use the compiler's
 * omp.h; this file is never compiled. */
#ifndef CMPI_OMP_H
#define CMPI_OMP_H

int omp_get_thread_num(void);
int omp_get_num_threads(void);
int omp_get_max_threads(void);
int omp_get_num_procs(void);
int omp_in_parallel(void);
void omp_set_num_threads(int num_threads);
void omp_set_dynamic(int dynamic_threads);
int omp_get_dynamic(void);
double omp_get_wtime(void);
double omp_get_wtick(void);

/* OpenMP's locks: classes of the runtime (OpenMp.cs) kept opaque by name, as <pthread.h>'s mutexes */
typedef struct { void *_cmpi_lock; } omp_lock_t;
typedef struct { void *_cmpi_lock; } omp_nest_lock_t;
void omp_init_lock(omp_lock_t *lock);
void omp_destroy_lock(omp_lock_t *lock);
void omp_set_lock(omp_lock_t *lock);
void omp_unset_lock(omp_lock_t *lock);
int omp_test_lock(omp_lock_t *lock);
void omp_init_nest_lock(omp_nest_lock_t *lock);
void omp_destroy_nest_lock(omp_nest_lock_t *lock);
void omp_set_nest_lock(omp_nest_lock_t *lock);
void omp_unset_nest_lock(omp_nest_lock_t *lock);
int omp_test_nest_lock(omp_nest_lock_t *lock);

#endif
