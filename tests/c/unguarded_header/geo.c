#include <math.h>
#include "defs.h"

double dist(point_t a, point_t b)
{
    return sqrt((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y));
}
