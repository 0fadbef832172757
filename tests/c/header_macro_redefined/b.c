/* b.c reads common.h after a.c: the guard skips it in the unit, its macros must be the header's all the same */
#include "common.h"

int work_b(int v) { return TWICE(v) * SCALE; }
const char *label_b(void) { return LABEL; }
