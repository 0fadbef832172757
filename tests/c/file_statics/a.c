#include <stdio.h>
#include "common.h"

static int counter = 0;                       /* also static in b.c */
static double helper(int i)                   /* also static in b.c */
{
    counter++;
    return SQR(i) * 0.5;
}

static int ids;                               /* a global of main.c has this name: this one is renamed */

int next_id(void) { return ++ids; }

double work_a(int n)
{
    double s = 0;
    int i;
    double (*f)(int) = helper;                /* taken as a value, too */
    for (i = 0; i < n; i++)
        s += f(i);
    shared_total += s;
    printf("a: counter %d\n", counter);
    return s;
}
