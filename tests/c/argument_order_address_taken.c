/* gcc evaluates a call's arguments right to left, and reads a local whose address is taken from memory in that
 * order: `printf("%d %d", parse(&x), x)` prints x's value from before the call, `printf("%d %d", x, parse(&x))` the
 * value the call stored (passes/stmt_exprs.py: such an argument moves to a local in that order too; the port once
 * kept C#'s order for a call with one effectful argument). C leaves the order unspecified; gcc's is what the
 * program's author saw. */
#include <stdio.h>

static int parse(const char *s, int *value) {
    int v = 0;
    while (*s >= '0' && *s <= '9') v = v * 10 + (*s++ - '0');
    *value = v;
    return *s == '\0';
}

int main(void) {
    int x = 0;
    printf("%d %d\n", parse("123", &x), x);
    printf("%d %d\n", x, parse("45", &x));
    double d = 1.5;
    int n = 2;
    printf("%g %d %g\n", d * n, parse("7", &n), d + n);
    return 0;
}
