/* printf's %n: the count of characters written so far stored through an int pointer (used to align columns).
 * Was a located -Wunsupported-address error (idioms15); printf_count_stores.c has the other lengths. */
#include <stdio.h>

int main(void) {
    int a = 0, b = 0;
    short h = 0;
    printf("name%n: value%n\n", &a, &b);
    printf("%d %d\n", a, b);
    printf("%s%hn|\n", "twelve chars", &h);
    printf("%*s%d\n", 20 - a, "", h);
    return 0;
}
