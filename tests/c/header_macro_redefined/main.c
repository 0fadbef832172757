/* A file that #undef's or redefines a macro of a guarded header changes it for itself only: the files read after it
 * see the header's definitions, as their own compiles do. The port reads the files as one unit (a.c, b.c, then
 * main.c), where the header, skipped by its guard after a.c, left a.c's TWICE and LABEL and no SCALE for b.c and
 * main.c (found by the multi-file fuzz, seed 93 input 276; translator/reader/file_macros.py). */
#include <stdio.h>
#include "common.h"

int work_a(int v);
int work_b(int v);
const char *label_a(void);
const char *label_b(void);

int main(void)
{
    printf("%d %d %d %s %s %s\n", work_a(2), work_b(2), TWICE(4) + SCALE, label_a(), label_b(), LABEL);
    return 0;
}
