/* assert with NDEBUG and without, as a header may be included twice: assert's expression is not evaluated under
 * NDEBUG (its side effect does not happen), and a failing assert prints glibc's message to stderr
 * ("prog: file:line: function: Assertion `expr' failed.") and aborts with 134. */
#include <stdio.h>
#define NDEBUG
#include <assert.h>

static int evaluated;
static int touch(void) { evaluated++; return 0; }

static void off(void) {
    assert(touch());
    printf("NDEBUG: evaluated %d\n", evaluated);
}

#undef NDEBUG
#include <assert.h>

static void check(int n) {
    assert(n < 10 && "n must be small");
    printf("checked %d\n", n);
    fflush(stdout);
}

int main(void) {
    off();
    check(3);
    check(12);
    printf("not reached\n");
    return 0;
}
