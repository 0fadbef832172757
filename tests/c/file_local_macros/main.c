/* A macro one file defines ends with that file: each file is compiled alone. The port reads the files as one unit
 * (a.c, b.c, then main.c), where a.c's FLAG, N, LIMIT and TWICE were still defined in b.c and main.c, so their
 * #ifdef's and #ifndef's chose otherwise and the port printed otherwise than gcc's program (found by the fuzz's
 * multi-file kind; translator/reader/file_macros.py). */
#include <stdio.h>
#include "config.h"

int work_a(int v);
int work_b(int v);

int main(void)
{
#ifdef FLAG
    printf("main.c sees a.c's FLAG\n");
#endif
    printf("%d %d %d\n", work_a(1), work_b(2), LIMIT);
    return 0;
}
