/* xfail: gcc evaluates a call's arguments right to left, and reads a local whose address is taken from memory in
 * that order: `printf("%d %d", parse(&x), x)` prints x's value from before the call. The port keeps C#'s order for
 * a call with one effectful argument (passes/stmt_exprs.py), so it prints the value the call stored. C leaves the
 * order unspecified; gcc's is what the program's author saw. */
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
    return 0;
}
