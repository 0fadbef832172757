/* exit() from deep inside nested calls and recursion: atexit handlers run in reverse order, a handler registering
 * another one (glibc runs it next), the exit status kept, buffered stdout flushed after the handlers' output, and
 * code after the exit call never run. */
#include <stdio.h>
#include <stdlib.h>

static int depth_reached;

static void late(void) { printf("late handler (registered during exit)\n"); }
static void outer(void) { printf("outer handler, depth %d\n", depth_reached); }
static void inner(void) { printf("inner handler\n"); atexit(late); }

static void descend(int d) {
    depth_reached = d;
    if (d == 5) {
        printf("exiting at depth %d\n", d);
        exit(7);
    }
    descend(d + 1);
    printf("unwound %d\n", d);
}

int main(void) {
    atexit(outer);
    atexit(inner);
    printf("start\n");
    descend(0);
    printf("not reached\n");
    return 0;
}
