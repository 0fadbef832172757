#include <stddef.h>

static const char *units[2] = {"kg", "m"};

double total(const double *values, int n)
{
    double sum = 0;
    int i;
    for (i = 0; i < n; i++)
        sum += values[i];
    return sum;
}

const char *unit_of(int which)
{
    return units[which];
}
