/* abort() after output: glibc's abort raises SIGABRT without flushing stdio (2.27 and later), so output still in
 * stdout's buffer (a pipe: fully buffered) is lost, what was fflush'ed is kept; the status is the shell's 134.
 * xfail: the port models stdout as mpirun gives it to a rank, a terminal (Open MPI 4's orted opens a pseudo-terminal),
 * so line-buffered: abort() loses the unfinished last line (abort_line_buffered_stdout.c) and keeps complete ones, which
 * a pipe's full buffer loses natively; the runtime does not model glibc's 4096-byte blocks (idioms15, csmith16). */
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
