/* GNU __attribute__((cleanup(f))): f(&var) runs when var's block is left, by falling off its end, return (after
 * the return value is computed), break, continue or goto out of it (a goto back to before the declaration
 * too), in reverse order of declaration; not at exit(). A scope-guard macro as newer codes write it. */
#include <stdio.h>
#include <stdlib.h>

static void free_buf(char **p) { printf("free %s\n", *p ? *p : "(null)"); free(*p); }
static void unlock(int *depth) { printf("unlock %d\n", *depth); }

#define GUARD(n) int guard_##n __attribute__((cleanup(unlock))) = n

static int work(int n) {
    GUARD(1);
    char *buf __attribute__((cleanup(free_buf))) = malloc(8);
    sprintf(buf, "w%d", n);
    if (n > 2) {
        GUARD(2);
        return n * 10;
    }
    for (int i = 0; i < 3; i++) {
        GUARD(3);
        if (i == 1) continue;
        if (i == 2) break;
        printf("loop %d\n", i);
    }
    return n;
}

static void retry(int tries) {
    int attempt = 0;
again:
    {
        int tag __attribute__((cleanup(unlock))) = 40 + attempt;
        attempt++;
        if (attempt < tries)
            goto again;
        if (tries > 2)
            return;
        printf("attempts %d\n", attempt);
    }
}

int main(void) {
    printf("-> %d\n", work(1));
    printf("-> %d\n", work(5));
    {
        GUARD(9);
        printf("in block\n");
    }
    retry(2);
    retry(3);
    {
        GUARD(99);
        printf("exit skips cleanups\n");
        exit(0);
    }
}
