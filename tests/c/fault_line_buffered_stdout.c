/* A C fault (here an integer division by zero: SIGFPE, the shell's 136) with stdout line-buffered, as mpirun's ranks
 * have it: the process dies without flushing, so the unfinished last line is lost and complete lines are kept. The
 * port wrote out the unfinished line. */
#include <stdio.h>

int main(void)
{
    volatile int zero = 0;
    setvbuf(stdout, NULL, _IOLBF, 0);
    printf("a complete line\n");
    printf("an unfinished line, lost with the process");
    printf("%d\n", 100 / zero);
    return 0;
}
