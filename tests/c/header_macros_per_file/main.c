/* Each file of a program sees the macros of the headers its own compile reads, and no others. The port reads the
 * files as one unit (a.c, b.c, then main.c): a.c's config.h left FAST and BLOCK in force for b.c, which reads no
 * config.h (`#ifdef FAST` true), and b.c's alt.h left BLOCK 7 and LEVEL 9 for main.c, whose defaults.h the unit had
 * read already (its guard skipped it: `#ifndef BLOCK`'s default 64 and LEVEL 3 lost). The class of fuzz_multifile
 * seed 95 input 83 (probe11, round 11; translator/reader/file_macros.py). */
#include <stdio.h>
#include "defaults.h"

int block_a(void);
int level_a(void);
int fast_a(void);
int block_b(void);
int level_b(void);
int fast_b(void);

int main(void)
{
#ifdef FAST
    int fast = 1;
#else
    int fast = 0;
#endif
    printf("a: %d %d %d\n", block_a(), level_a(), fast_a());
    printf("b: %d %d %d\n", block_b(), level_b(), fast_b());
    printf("main: %d %d %d %s\n", BLOCK, LEVEL, fast, UNIT_NAME);
    return 0;
}
