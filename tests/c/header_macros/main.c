#define BENCHMARK "cmpi main benchmark"
#include "common.h"

#define SCALE 10

int main(void)
{
    int i;
    printf(HEADER);
    printf("%s\n", BENCHMARK);
    for (i = -2; i < 10; i += 3)
        printf("%d -> %d, %d\n", i, clamped_square(i), SQUARE(i) * SCALE);
    report_b();
    return 0;
}
