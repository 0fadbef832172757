#include <stdio.h>
#include "defs.h"

int main(void)
{
    point_t a = {0, 0}, b = {3, 4};
    enum mode m = SLOW;
    printf("%.1f %d\n", dist(a, b), m);
    return 0;
}
