/* initstate/setstate: random() and rand() draw from a generator of the type glibc picks for the state's size (8, 32,
 * 64, 128, 256 bytes and more: TYPE_0 to TYPE_4), setstate switches back and forth (to glibc's own state through the
 * pointer the first initstate returned), srandom reseeds the state in use; a state under 8 bytes is EINVAL. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

static char small[8], s32[32], s64[64], s128[128], s256[256], s300[300];

static void draw(const char *what, int n) {
    printf("%s:", what);
    for (int i = 0; i < n; i++) printf(" %ld", random());
    printf("\n");
}

int main(void) {
    srandom(11);
    draw("default", 3);
    char *glibc_own = initstate(7, s128, sizeof s128);
    draw("128", 3);
    initstate(7, small, sizeof small);
    draw("8", 4);
    printf("rand %d\n", rand());
    initstate(7, s32, sizeof s32);
    draw("32", 4);
    initstate(1234567, s64, sizeof s64);
    draw("64", 4);
    initstate(99, s256, sizeof s256);
    draw("256", 4);
    initstate(0, s300, sizeof s300);
    draw("300 seed 0", 3);
    char *was = setstate(s32);
    printf("setstate returned the 300-byte state %d\n", was == s300);
    draw("32 again", 3);
    srandom(5);
    draw("32 reseeded", 3);
    setstate(glibc_own);
    draw("glibc's own, resumed", 3);
    setstate(s64);
    draw("64 resumed", 2);
    errno = 0;
    char tiny[4];
    char *none = initstate(1, tiny, sizeof tiny);
    printf("tiny %d errno %d\n", none == NULL, errno == EINVAL);
    draw("still 64", 1);
    return 0;
}
