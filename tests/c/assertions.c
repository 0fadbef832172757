/* assert (cmpi's assert.h, translator/include): conditions on pointers, comparisons, a message joined
 * with &&, a side effect in a call that returns, a void conditional written by hand; the last assert
 * fails, so the program prints glibc's message to stderr and aborts with status 134 after its output. */
#include <stdio.h>
#include <stdlib.h>
#include <assert.h>

static int checked = 0;

static int positive(int x)
{
    checked++;
    return x > 0;
}

static void note(const char *what) { printf("note: %s\n", what); }

int main(int argc, char **argv)
{
    double *u = malloc(4 * sizeof(double));
    int n = 3;
    assert(u);
    assert(n > 2);
    assert(u != NULL && "allocated");
    assert(positive(n));
    n > 2 ? note("three") : (void) 0;
    argc > 10 ? (void) 0 : note("few arguments");
    printf("%d checked, argc %d\n", checked, argc);
    fflush(stdout);
    free(u);
    assert(argc > 5 && "needs six arguments");
    printf("not reached\n");
    return 0;
}
