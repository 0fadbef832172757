/* A macro #undef'ed and defined again means what its definition in force says at each use, object-like or
 * function-like, as the preprocessor has it. */
#include <stdio.h>

#define N 10
static int first(void) { return N; }
#undef N
#define N 20
static int second(void) { return N; }
#ifdef N
#undef N
#endif
#define N 30

#define SQ(x) ((x) * (x))
static int square(int v) { return SQ(v); }
#undef SQ
#define SQ(x) ((x) + (x))

#define LIMIT 7  /* defined once: a named constant of the port */

int main(void)
{
    printf("%d %d %d\n", first(), second(), N);
    printf("%d %d %d\n", square(4), SQ(4), LIMIT);
    return 0;
}
