/* Two headers share one include guard (settings.h, settings_io.h): each file of the program reads the first of
 * them it includes, as its own compile does, though the translator reads the files as one unit: a.c gets
 * settings.h's constants and macros, b.c and main.c settings_io.h's (FILENAME, an int value_t). */
#include <stdio.h>
#include "decl.h"

int main(void)
{
    value_t v = 7.5;
    struct buffers b;
    printf("main: MAXLOG %d, value %g, FILENAME %s\n", MAXLOG, (double)v, FILENAME);
    show_a(&b);
    show_b(&b);
    return 0;
}
