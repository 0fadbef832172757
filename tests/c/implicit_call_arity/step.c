#include <stdio.h>

int step(int cells, int rounds, double weight, int verbose) {
    if (cells < 0 && verbose)  /* verbose is read only on this path */
        printf("negative cells\n");
    return (int)(cells * rounds * weight);
}

double scale(long count, double factor) {
    if (count % 2 == 1)
        return (double)count;  /* factor is not read for an odd count */
    return count * factor;
}
