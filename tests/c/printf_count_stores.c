/* printf's %n family: the bytes the call has produced so far, stored through the pointer argument in the type its
 * length names (%hhn a signed char, %hn a short, %ln a long), for printf, fprintf and snprintf (whose count runs past
 * its size); the pointer may be a variable's address, an array element's, a struct member's or a pointer variable.
 * Was a located -Wunsupported-address error (the address of a variable among printf's variable arguments). */
#include <stdio.h>

struct widths { int name; long total; };

int main(void)
{
    int first = -1, second = -1, marks[3] = {0, 0, 0};
    short h = -1;
    long l = -1;
    signed char c = -1;
    struct widths w = {0, 0};
    int *where = &marks[2];
    char buf[8];

    printf("abc%n def %d%n\n", &first, 42, &second);
    printf("%s%hn|%ln|%hhn|\n", "xyzw", &h, &l, &c);
    printf("%d %d %d %ld %d\n", first, second, h, l, c);
    printf("%-12s%n%8.3f%n%c%n\n", "column", &marks[0], 3.14159, &marks[1], '!', where);
    printf("%d %d %d\n", marks[0], marks[1], marks[2]);
    fprintf(stdout, "%s%n = %ld%ln\n", "name", &w.name, 12345L, &w.total);
    printf("%d %ld\n", w.name, w.total);
    int k = snprintf(buf, sizeof buf, "12345%n6789%n", &first, &second);
    printf("%s %d %d %d\n", buf, k, first, second);
    printf("%300s%hhn\n", "", &c);
    printf("%d\n", c);
    return 0;
}
