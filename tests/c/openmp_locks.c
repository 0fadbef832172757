/* OpenMP's lock API as hybrid codes use it (a hash table's segments each with its omp_lock_t, malloc'ed and
 * reached through pointers, LLNL AMG's way; a global lock around a shared sum; omp_test_lock; a nestable lock set
 * again by its owner). The translation ignores the pragmas (each rank runs its regions on one thread) and the
 * locks are the runtime's; the sums do not depend on the number of threads, so gcc's build with OpenMP prints the
 * same at any OMP_NUM_THREADS.
 * native flags: -fopenmp */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>

typedef struct { volatile int timestamp; omp_lock_t lock; } segment_t;
typedef struct { int n; segment_t *segments; int *counts; } table_t;

static omp_lock_t sum_lock;
static long total;

static void table_init(table_t *t, int n) {
  t->n = n;
  t->segments = (segment_t *)malloc(n * sizeof(segment_t));
  t->counts = (int *)calloc(n, sizeof(int));
  for (int i = 0; i < n; i++) {
    t->segments[i].timestamp = 0;
    omp_init_lock(&t->segments[i].lock);
  }
}

static void table_add(table_t *t, int key) {
  segment_t *s = &t->segments[key % t->n];
  omp_set_lock(&s->lock);
  t->counts[key % t->n]++;
  s->timestamp++;
  omp_unset_lock(&s->lock);
}

static void table_free(table_t *t) {
  for (int i = 0; i < t->n; i++)
    omp_destroy_lock(&t->segments[i].lock);
  free(t->segments);
  free(t->counts);
}

int main(void) {
  table_t t;
  omp_lock_t local;
  omp_nest_lock_t nest;
  table_init(&t, 5);
  omp_init_lock(&sum_lock);
  omp_init_lock(&local);
  omp_init_nest_lock(&nest);

#pragma omp parallel for
  for (int i = 0; i < 1000; i++) {
    table_add(&t, i * 7 + 3);
    omp_set_lock(&sum_lock);
    total += i;
    omp_unset_lock(&sum_lock);
  }
  printf("total %ld\n", total);
  for (int i = 0; i < t.n; i++)
    printf("segment %d: %d keys, timestamp %d\n", i, t.counts[i], t.segments[i].timestamp);

  printf("test %d\n", omp_test_lock(&local));
  printf("test while set %d\n", omp_test_lock(&local));
  omp_unset_lock(&local);
  printf("test after unset %d\n", omp_test_lock(&local));
  omp_unset_lock(&local);

  omp_set_nest_lock(&nest);
  omp_set_nest_lock(&nest);
  printf("nest depth %d\n", omp_test_nest_lock(&nest));
  omp_unset_nest_lock(&nest);
  omp_unset_nest_lock(&nest);
  omp_unset_nest_lock(&nest);
  printf("nest free %d\n", omp_test_nest_lock(&nest));
  omp_unset_nest_lock(&nest);

  table_free(&t);
  omp_destroy_lock(&sum_lock);
  omp_destroy_lock(&local);
  omp_destroy_nest_lock(&nest);
  return 0;
}
