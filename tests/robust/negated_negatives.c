#include <stdio.h>
/* A minus before an operand that starts with a minus: `- -1`, `- -i`, `p - -1`, `p -= -1` (C# reads `--` as a
   decrement). Mutations of legacy code make these; gcc prints what it computes. */
int main(void) {
    int a[6] = {1, 2, 3, 4, 5, 6}, i = 2, j = 1;
    int *p = a + 3;
    double d = 1.5;
    unsigned u = 3;
    printf("%d %d %d %d\n", a[- - 1], - -i, -(-j), a[+ +1]);
    printf("%d %d %d\n", - - - i, + + i, - + - i);
    printf("%g %g %u\n", - -d, -(- - d), - -u);
    printf("%d %d %d\n", i - -1, i + +1, i- - -j);
    printf("%d %d %d\n", *(p - -1), p[- -1], *(p - - -1));
    p -= -1;
    printf("%d %d\n", *p, ~ ~i);
    return 0;
}
