/* Pointer arithmetic on string literals: `"text" + n` and `"fmt" - k` point into the literal's char array
   (fuzz seed 13 input 1020: `printf(" Found %d errors\n" - toterrs)`, once `new Ptr<sbyte>(string, n)`, CS1503). */
#include <stdio.h>

static const char *skip(int n) { return "0123456789" + n; }

int main(void) {
    int n = 2, none = 0;
    const char *p = "hello" + 1;
    printf("abcdef\n" + n);
    printf(" Found %d errors\n" - none, n);
    printf("%s|%s|%s\n", p, "world" + n, skip(7));
    printf("%c%c\n", *("xyz" + 1), ("xyz" + n)[0]);
    return 0;
}
