/* An allocation whose count is a floating value: C converts the byte count to size_t (truncating); the port
   made `new int[n]` of a double (fuzz seed 13 input 3363, CS0266). */
#include <stdio.h>
#include <stdlib.h>

static double sum_cells(double n) {
    int *cells = malloc(n * sizeof(int));
    double *weights = calloc(n, sizeof(double));
    double total = 0;
    for (int i = 0; i < (int)n; i++) {
        cells[i] = i * i;
        weights[i] = 0.5 * i;
        total += cells[i] + weights[i];
    }
    free(cells);
    free(weights);
    return total;
}

int main(void) {
    float f = 3.75f;
    char *bytes = malloc(f * sizeof(char));
    for (int i = 0; i < 3; i++) bytes[i] = 'a' + i;
    printf("%g %g %c%c%c\n", sum_cells(4.0), sum_cells(6.9), bytes[0], bytes[1], bytes[2]);
    free(bytes);
    return 0;
}
