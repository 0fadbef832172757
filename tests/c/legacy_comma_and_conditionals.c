/* Expressions of compact old code: the comma operator in for headers and returns, side effects in
 * conditions, conditional expressions as values and chained, assignment inside while conditions, pre and post
 * increments through pointers (`*p++ = *q++`), and short-circuit guards. */
#include <stdio.h>
#include <string.h>

static int calls;
static int touch(int v) { calls++; return v; }

int main(void) {
    int i, j, s = 0;
    for (i = 0, j = 10; i < j; i++, j--) s += i * j;
    printf("%d %d %d\n", s, i, j);
    char src[] = "copy me", dst[16], *p = dst;
    const char *q = src;
    while ((*p++ = *q++)) ;
    printf("%s %ld\n", dst, (long)(p - dst));
    int x = (touch(1), touch(2), 3);
    int y = touch(0) && touch(1);
    int z = touch(1) || touch(5);
    printf("%d %d %d calls=%d\n", x, y, z, calls);
    int n = 17;
    const char *kind = n < 0 ? "neg" : n == 0 ? "zero" : n % 2 ? "odd" : "even";
    printf("%s\n", kind);
    int a = 5, b = 3;
    int *big = a > b ? &a : &b;
    *big += 100;
    printf("%d %d\n", a, b);
    int c, k = 0;
    const char *text = "ab,cd,e";
    while ((c = text[k++]) != '\0' && c != ',') putchar(c);
    printf(" %d\n", k);
    int arr[5] = {0}, *ap = arr;
    *ap++ = 1; *ap++ = 2; (*ap)++; ++*ap;
    printf("%d %d %d %ld\n", arr[0], arr[1], arr[2], (long)(ap - arr));
    return 0;
}
