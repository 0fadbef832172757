/* A call made before any declaration of its function (C89's implicit declaration; gcc warns), with fewer
   arguments than the definition further on takes: clang lets the call through, and the port gives the missing
   parameter the zero of its type. It is not read on the path the call takes, so gcc's build and the port agree. */
#include <stdio.h>

int main(void) {
    printf("%d\n", pick(5));
    printf("%d\n", pick(-2, 9));
    return 0;
}

int pick(int first, int fallback) {
    return first > 0 ? first : fallback;
}
