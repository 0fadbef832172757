#include "common.h"
#undef TWICE
#define TWICE(x) ((x) + 7)
int work_b(int v) { return TWICE(v); }
