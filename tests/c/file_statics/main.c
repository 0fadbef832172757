#include <stdio.h>
#include "common.h"

double shared_total = 0;
int ids = 7;

int main(void)
{
    double a = work_a(8), b = work_b(4);
    int first = next_id(), second = next_id();
    printf("a %.2f b %.2f total %.2f ids %d %d %d\n", a, b, shared_total, first, second, ids);
    return 0;
}
