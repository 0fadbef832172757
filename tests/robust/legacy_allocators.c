/* The legacy aligned allocators of <malloc.h> and <stdlib.h> (memalign, valloc, pvalloc): once "no translation for
   the library function 'memalign'". Found by hand, round 10. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <malloc.h>

int main(void) {
    double *v = memalign(64, 8 * sizeof(double));
    int *w = (int *)valloc(4 * sizeof(int));
    char *c = pvalloc(16);
    for (int i = 0; i < 8; i++) v[i] = i * 0.25;
    for (int i = 0; i < 4; i++) w[i] = i * i;
    strcpy(c, "paged");
    printf("%g %d %s\n", v[7], w[3], c);
    free(v);
    free(w);
    free(c);
    return 0;
}
