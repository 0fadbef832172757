/* do { } while (0) macros: a SWAP used as the body of an unbraced if/else, a CHECK that returns from the function,
 * a TRY that leaves the "block" with break, and a multi-statement LOG with a trailing semicolon in a for body. */
#include <stdio.h>

#define SWAP(a, b) do { int t_ = (a); (a) = (b); (b) = t_; } while (0)
#define CHECK(cond, code) do { if (!(cond)) { printf("check %s failed\n", #cond); return (code); } } while (0)
#define LOG(...) do { printf("[log] "); printf(__VA_ARGS__); printf("\n"); } while (0)

static int parse(int v) {
    CHECK(v >= 0, -1);
    CHECK(v < 100, -2);
    return v * 2;
}

int main(void) {
    int a = 1, b = 2, steps = 0;
    if (a < b)
        SWAP(a, b);
    else
        SWAP(a, a);
    printf("a %d b %d\n", a, b);
    int p1 = parse(5), p2 = parse(-3), p3 = parse(300);
    printf("parse %d %d %d\n", p1, p2, p3);
    do {
        steps++;
        if (a > 1) break;
        steps += 100;
    } while (0);
    for (int i = 0; i < 3; i++)
        LOG("i=%d sq=%d", i, i * i);
    printf("steps %d\n", steps);
    return 0;
}
