/* A variable-length array in a function whose gotos the translator lowers to a flat body: its declaration was
   hoisted to the function's top with the other locals, so `new int[n]` ran while n was still 0 (sizeof printed 0,
   and indexing failed). It is allocated where C declares it, each time the declaration runs. */
#include <stdio.h>

static int sum_rows(int rows) {
    int total = 0, r = 0;
    goto check;
    for (; r < rows; r++) {
    check:
        if (r >= rows) break;
        int width = r + 2;
        double row[width];
        for (int i = 0; i < width; i++) row[i] = i * 0.5;
        total += (int)(sizeof row / sizeof row[0]) + (int)row[width - 1];
    }
    return total;
}

int main(void) {
    int n = 5;
    int i = 0;
    goto inside;
    for (; i < 2; i++) {
    inside:
        printf("i=%d\n", i);
    }
    int vla[n];
    for (int k = 0; k < n; k++) vla[k] = k * k;
    printf("%zu %d %d\n", sizeof vla, vla[n - 1], sum_rows(4));
    return 0;
}
