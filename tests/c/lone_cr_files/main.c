/* Files with lone CR line ends (old Mac): clang and gcc end a line at a lone CR. The reader's line-anchored
 * patterns (a #define, an include guard, a // comment up to its newline) took such a file as one line. */
#include <stdio.h>
#include "shape.h"

int work_a(void);

#ifndef N
#define N 10
#endif

int main(void)
{
    struct shape s = {2, N};
#ifdef FLAG
    printf("main.c sees a.c's FLAG\n");
#endif
    printf("%d %d %d\n", work_a(), AREA(s), N);
    return 0;
}
