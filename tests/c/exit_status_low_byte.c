/* exit's status is its low 8 bits, what the parent's wait sees: exit(256 * 3) from a nested call, after output and
 * with an atexit handler, is a success natively (under a shell and under mpirun alike); the port ended with 1. */
#include <stdio.h>
#include <stdlib.h>

static int depth;

static void handler(void) { printf("atexit handler after %d levels\n", depth); }

static void descend(int k) {
    depth = k;
    if (k == 4) exit(768);
    descend(k + 1);
}

int main(void) {
    atexit(handler);
    printf("statuses: %d %d %d\n", 256 & 0xff, 300 & 0xff, -1 & 0xff);
    descend(0);
    printf("not reached\n");
    return 1;
}
