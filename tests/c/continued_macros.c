/* Macros whose bodies continue over lines with backslashes, as CoMD's timers are written (`do` and `{` on lines
 * of their own), expanded twice in a row: the lines after them keep their numbers (__LINE__, assert's message). */
#include <stdio.h>

static int calls;
static void profileStart(int handle) { calls += handle; }

#define startTimer(handle)    \
   do                         \
{                          \
   profileStart(handle);   \
} while(0)

#define TWICE(x) \
   ((x) \
    + \
    (x))

int main(void)
{
    startTimer(1);
    startTimer(TWICE(2));
    printf("calls %d at line %d\n", calls, __LINE__);
    printf("twice %d at line %d\n", TWICE(calls), __LINE__);
    return 0;
}
