/* C11 _Atomic objects in a program that starts no threads (a rank of the port is one thread): their plain operators
 * read and write them as C's atomic ones do. stdatomic.h's typedefs (atomic_int, atomic_long), `_Atomic(T)` and the
 * qualifier, statics, struct members, pointers to them, and their use in expressions. Refused before round 11
 * (probe11); with threads it is a located error (tests/robust/bad/atomic_with_threads.c). */
#include <stdio.h>
#include <stdatomic.h>

static _Atomic long total;
atomic_int hits = 1;

struct stats {
    _Atomic(unsigned) count;
    double sum;
};

static void record(struct stats *s, _Atomic int *seen, double v)
{
    s->count++;
    s->sum += v;
    *seen += 2;
    total += (long)v;
}

int main(void)
{
    struct stats s = {0, 0.0};
    _Atomic int seen = 0;
    atomic_long big = 1L << 40;
    for (int k = 1; k <= 4; k++)
        record(&s, &seen, k * 1.5);
    hits++;
    hits *= 3;
    big >>= 3;
    int copy = hits;
    printf("%u %g %d %ld %d %d %ld\n", s.count, s.sum, seen, total, hits, copy, (long)big);
    printf("%d %d\n", (int)sizeof(atomic_int), seen == 8);
    return 0;
}
