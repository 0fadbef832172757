#include <stdio.h>
int f(void) { return 3; }
int main(void) {
    static int x = f(); /* café, a Latin-1 byte on the line */
    printf("%d\n", x);
    return 0;
}
