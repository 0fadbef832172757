/* a.c changes three of common.h's macros for itself: redefines one, forgets one, redefines one as an object */
#include "common.h"

#undef TWICE
#define TWICE(x) ((x) * 10)
#undef SCALE
#undef LABEL
#define LABEL "a.c"

const char *label_a(void) { return LABEL; }

int work_a(int v)
{
#ifdef SCALE
    return -1;
#else
    return TWICE(v);
#endif
}
