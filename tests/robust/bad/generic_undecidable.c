/* a _Generic whose associations have one type and no constant value, named by a typedef: cmpi cannot tell which
 * one clang chose (probe11, round 11) */
#include <stdio.h>
typedef long wide_t;
int main(void) {
    wide_t w = 3;
    printf("%s\n", _Generic(w, int: "aa", wide_t: "bb", default: "cc"));
    return 0;
}
