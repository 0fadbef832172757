/* Functions called before any declaration of them, defined further on (K&R-era style; gcc 12 accepts the calls
 * with C89's implicit `int f()` declaration and a warning): each call uses the definition. */
#include <stdio.h>

int main(void)
{
    int s = square(7);
    printf("%d %d\n", s, add3(1, 2, 3));
    report(s);
    return 0;
}

int square(int x) { return x * x; }

int add3(int a, int b, int c) { return a + b + c; }

report(n)
int n;
{
    printf("report %d\n", n);
    return 0;
}
