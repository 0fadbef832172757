/* abort() after output: glibc's abort raises SIGABRT without flushing stdio (2.27 and later), so output still in
 * stdout's buffer (a pipe: fully buffered) is lost, what was fflush'ed is kept; the status is the shell's 134.
 * xfail: the port's abort() still writes out what stdout holds (glibc drops its
 * buffer: a pipe's, as under mpirun); the runtime's stdout does not model glibc's buffer boundaries (idioms15). */
#include <stdio.h>
#include <stdlib.h>

static void handler(void) { printf("atexit handler must not run\n"); }

int main(void) {
    atexit(handler);
    printf("flushed line\n");
    fflush(stdout);
    printf("buffered line, lost at abort\n");
    abort();
}
