/* setjmp in a loop's condition (C allows it there): the port puts a setjmp's statement and the rest of its block in a
 * try, which a loop's condition has no place for, so it is a located error (csmith13, round 13). */
#include <setjmp.h>
static jmp_buf env;
int main(void) {
    while (setjmp(env) < 3)
        longjmp(env, 5);
    return 0;
}
