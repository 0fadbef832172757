/* The mem* functions over structs and arrays: memset to zero and to a byte pattern, memcpy between arrays
 * of structs, memcmp of structs' bytes, memchr in a buffer, realloc growth keeping contents, and calloc's
 * zeroes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pt { int x, y; };

int main(void) {
    int a[6];
    memset(a, 0, sizeof a);
    memset(a + 2, 0xff, 2 * sizeof(int));
    memset(a + 4, 1, sizeof(int));
    int i;
    for (i = 0; i < 6; i++) printf("%d ", a[i]);
    printf("\n");
    struct pt p[3] = {{1, 2}, {3, 4}, {5, 6}}, q[3];
    memcpy(q, p, sizeof p);
    q[1].y = 40;
    printf("%d %d %d\n", memcmp(&p[0], &q[0], sizeof p[0]) == 0, memcmp(&p[1], &q[1], sizeof(struct pt)) < 0, q[2].x);
    char buf[] = "key:value:more";
    char *colon = memchr(buf, ':', sizeof buf);
    printf("%ld %s\n", (long)(colon - buf), colon + 1);
    int *grow = NULL;
    int cap = 0, n;
    for (n = 0; n < 20; n++) {
        if (n == cap) { cap = cap ? cap * 2 : 2; grow = realloc(grow, cap * sizeof *grow); }
        grow[n] = n * n;
    }
    printf("%d %d %d\n", cap, grow[7], grow[19]);
    free(grow);
    double *z = calloc(4, sizeof *z);
    printf("%g %g\n", z[0], z[3]);
    free(z);
    return 0;
}
