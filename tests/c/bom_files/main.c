/* Files that begin with a UTF-8 BOM (b.c here): the reader's line-anchored patterns did not see an `#include` or
 * `#define` on the BOM's line, so b.c's change of common.h's TWICE reached main.c (found by the multi-file fuzz,
 * seed 95 input 116: a located error for legal C; translator/reader/rewrite.py, file_macros.py). */
#include <stdio.h>
#include "common.h"

int work_b(int v);

int main(void)
{
    printf("%d %d\n", work_b(1), TWICE(1));
    return 0;
}
