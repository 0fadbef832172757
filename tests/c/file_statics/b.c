#include <stdio.h>
#include "common.h"

static int counter = 100;
static double helper(int i);                  /* a prototype first, then the definition */

double work_b(int n)
{
    double s = 0;
    int i;
    for (i = 0; i < n; i++)
        s += helper(i);
    shared_total += s;
    printf("b: counter %d\n", counter);
    return s;
}

static double helper(int i)
{
    counter += 2;
    return i + 1.0;
}
