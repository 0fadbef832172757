/* String literals in braces, and exactly as long as the array (C11 6.7.9p14), in struct fields and rows: round 10. */
#include <stdio.h>
struct rec { char tag[4]; int v; char name[6]; };
int main(void) {
    struct rec a = { {"ab"}, 1, "xyz" };
    struct rec b = { .name = {"hello"}, .tag = "abc" };
    char rows[2][4] = { {"ab"}, "cd" };
    char exact[3] = {"abc"};
    unsigned char u[4] = {"hi"};
    printf("%s %d %s|%s %s|%s %s|%c%c%c|%s\n", a.tag, a.v, a.name, b.tag, b.name, rows[0], rows[1], exact[0], exact[1], exact[2], (char *)u);
    return 0;
}
