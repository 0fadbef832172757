/* abort() after setvbuf(stdout, NULL, _IONBF, 0), as MPI programs often call it: nothing waits in a buffer, so the
 * unfinished last line is written before the process dies (glibc), and the port keeps it too. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    setvbuf(stdout, NULL, _IONBF, 0);
    printf("a complete line\n");
    printf("an unfinished line, kept");
    abort();
}
