/* a.c reads config.h before defaults.h: its BLOCK is config.h's */
#include "config.h"
#include "defaults.h"

int block_a(void) { return BLOCK; }
int level_a(void) { return LEVEL; }
#ifdef FAST
int fast_a(void) { return FAST; }
#else
int fast_a(void) { return 0; }
#endif
