#include <stdio.h>
#include <stdlib.h>
/* realloc(NULL, n) is malloc(n) (C11 7.22.3.5): growing a buffer from nothing, the usual loop's first step */
int main(void) {
    int *q = realloc(NULL, 4 * sizeof(int));
    double *d = NULL;
    for (int i = 0; i < 4; i++) q[i] = i * i;
    for (int n = 1; n <= 3; n++) {
        d = realloc(d, n * sizeof(double));
        d[n - 1] = n / 2.0;
    }
    free(NULL);
    printf("%d %d %g %g\n", q[1], q[3], d[0], d[2]);
    free(q);
    free(d);
    return 0;
}
