/* a _Generic whose associations have one type and no constant value, named by function pointer types: cmpi cannot
 * tell which one clang chose (probe11, round 11) */
#include <stdio.h>
static int twice(int v) { return 2 * v; }
int main(void) {
    int (*f)(int) = twice;
    printf("%s\n", _Generic(f, int (*)(int): "aa", double (*)(double): "bb", default: "cc"));
    return 0;
}
