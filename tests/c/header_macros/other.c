#define BENCHMARK "cmpi other benchmark"
#include "common.h"

#define SCALE 100

void report_b(void)
{
    printf(HEADER);
    printf("%s\n", BENCHMARK);
    printf("%d %d\n", clamped_square(7), SQUARE(3) * SCALE);
}
