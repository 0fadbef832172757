/* Static variables defined in a header, each file's own (the port read the program as one unit, where the header is
 * read once: main.c printed the counts other.c had changed). */
#include <stdio.h>
#include "state.h"

int main(void)
{
    calls += 100;
    history[0] = -1.0;
    bump_elsewhere(limit);
    printf("main: calls %d history %.1f %.1f tag %s\n", calls, history[0], history[1], tag);
    printf("other: calls %d history %.1f\n", calls_elsewhere(), history_elsewhere());
    return 0;
}
