#include <stdio.h>

#ifndef N
#define N 10 /* a.c's N must not make this one skipped */
#endif

int work_b(int v)
{
#ifdef FLAG
    printf("b.c sees a.c's FLAG\n");
#endif
#ifdef TWICE
    printf("b.c sees a.c's TWICE\n");
#endif
    return v * N;
}
