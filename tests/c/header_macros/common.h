/* A header two files include: a static inline function using a function-like macro, and a banner whose text
 * each file chooses with its own #define before including it (OSU's BENCHMARK, read through HEADER). */
#ifndef COMMON_H
#define COMMON_H
#include <stdio.h>

#define SQUARE(x) ((x) * (x))
#define CLAMP(v, lo, hi) ((v) < (lo) ? (lo) : (v) > (hi) ? (hi) : (v))

static inline int clamped_square(int v)
{
    return CLAMP(SQUARE(v), 0, 50);
}

#ifndef BENCHMARK
#define BENCHMARK "no name"
#endif
#define HEADER "# " BENCHMARK "\n"

void report_b(void);
#endif
