/* A write into a string literal (fuzz seed 1 input 8231: exit 0 and C# that did not compile, CS0200); gcc's
   program crashes there (the literal is read-only). */
#include <stdio.h>
int main(void) {
    printf("%c\n", "xyz"[1]);
    "x"[1] = 3;
    return 0;
}
