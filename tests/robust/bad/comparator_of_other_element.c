#include <stdlib.h>
static int by_value(const float *a, const void *b) { return *(const int *)a - *(const int *)b; }
int main(void) {
    int keys[4] = {3, 1, 2, 0};
    qsort(keys, 4, sizeof keys[0], by_value);
    return keys[0];
}
