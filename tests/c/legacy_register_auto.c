/* `register` and `auto` storage classes of old codes: locals, parameters, a loop counter, an array. */
#include <stdio.h>

static int sum(register const int *p, register int n) {
    register int s = 0;
    while (n-- > 0) s += *p++;
    return s;
}

int main(void) {
    auto int a[5] = {1, 2, 3, 4, 5};
    register int i;
    auto long total = 0;
    for (i = 0; i < 5; i++) total += a[i] * i;
    register char c = 'x';
    printf("%d %ld %c\n", sum(a, 5), total, c);
    return 0;
}
