/* glibc's rand() after srand(1) (the default), srand(42) and srand(time-free seeds), RAND_MAX, the modulo and
 * scaling idioms of old Monte Carlo codes, and rand_r's own state. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    int i;
    for (i = 0; i < 5; i++) printf("%d ", rand());
    printf("\nRAND_MAX=%d\n", RAND_MAX);
    srand(42);
    for (i = 0; i < 5; i++) printf("%d ", rand() % 100);
    printf("\n");
    srand(1);
    printf("%d\n", rand());
    srand(12345u);
    long inside = 0;
    for (i = 0; i < 100000; i++) {
        double x = (double)rand() / RAND_MAX, y = (double)rand() / ((double)RAND_MAX + 1.0);
        if (x * x + y * y <= 1.0) inside++;
    }
    printf("pi ~ %.5f\n", 4.0 * inside / 100000);
    unsigned seed = 7;
    for (i = 0; i < 3; i++) printf("%d ", rand_r(&seed));
    printf("seed=%u\n", seed);
    srandom(3);
    printf("%ld %ld\n", random(), random());
    return 0;
}
