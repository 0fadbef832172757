/* b.c reads alt.h alone: no FAST, alt.h's BLOCK and LEVEL */
#include "alt.h"

int block_b(void) { return BLOCK; }
int level_b(void) { return LEVEL; }
#ifdef FAST
int fast_b(void) { return FAST; }
#else
int fast_b(void) { return -1; }
#endif
