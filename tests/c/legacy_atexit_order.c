/* atexit handlers run in reverse order of registration at exit() (and at main's return), after output
 * buffered by printf; exit from a nested function. */
#include <stdio.h>
#include <stdlib.h>

static int stage;
static void first(void) { printf("first handler, stage %d\n", stage); }
static void second(void) { printf("second handler\n"); fflush(stdout); }
static void third(void) { stage = 99; printf("third handler\n"); }

static void finish(int code) {
    printf("finishing with %d\n", code);
    exit(code);
}

int main(void) {
    atexit(first);
    atexit(second);
    atexit(third);
    stage = 1;
    printf("main body\n");
    finish(3);
    printf("never\n");
    return 0;
}
