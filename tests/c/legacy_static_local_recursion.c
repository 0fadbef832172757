/* `static` locals in recursive functions: one object for every activation, counting calls and depth. */
#include <stdio.h>

static int fib(int n) {
    static int calls = 0;
    static int deepest;
    static int depth;
    int r;
    calls++;
    depth++;
    if (depth > deepest) deepest = depth;
    r = n < 2 ? n : fib(n - 1) + fib(n - 2);
    depth--;
    if (n == 10) printf("calls=%d deepest=%d\n", calls, deepest);
    return r;
}

static const char *next_name(void) {
    static const char *names[] = {"alpha", "beta", "gamma"};
    static unsigned i;
    return names[i++ % 3];
}

static int counter(int reset) {
    static int c = 100;
    if (reset) c = 100;
    return c++;
}

int main(void) {
    printf("%d\n", fib(10));
    printf("%s %s %s %s\n", next_name(), next_name(), next_name(), next_name());
    printf("%d %d %d\n", counter(0), counter(0), counter(1));
    return 0;
}
