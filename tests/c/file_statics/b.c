#include <stdio.h>
#include "common.h"

static int counter = 100;
#define BUMP(k) (counter += (k))              /* this file's counter */
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
    BUMP(2);
    return i + 1.0;
}
