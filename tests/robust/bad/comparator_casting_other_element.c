#include <stdlib.h>
static int by_value(const void *a, const void *b) {
    int x = *(const int *)a;
    unsigned long y = *(const unsigned long *)b;
    return x < (long)y ? -1 : x > (long)y;
}
int main(void) {
    int keys[4] = {3, 1, 2, 0};
    qsort(keys, 4, sizeof keys[0], by_value);
    return keys[0];
}
