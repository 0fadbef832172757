/* abort() with stdout line-buffered, as mpirun's ranks have it (Open MPI 4's orted gives each rank a pseudo-terminal):
 * glibc does not flush at abort, so the unfinished last line is lost, while complete lines and what fflush wrote out
 * are kept; the status is the shell's 134. The port's abort() wrote out the unfinished line too. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    printf("a complete line\n");
    printf("a flushed part, ");
    fflush(stdout);
    printf("then the rest of its line\n");
    printf("an unfinished line, lost at abort");
    abort();
}
