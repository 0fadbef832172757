/* strcmp, strncmp and memcmp values as printed (not only their signs): gcc folds a call on two string literals to
 * -1, 0 or 1 at every -O level; glibc computes the others at run time. */
#include <stdio.h>
#include <string.h>

#define NAME "abc"

int main(int argc, char **argv) {
    char a[8], b[8];
    const char *p = argc > 5 ? "x" : "abc";
    strcpy(a, "abc");
    strcpy(b, "abz");
    printf("literals: %d %d %d\n", strcmp("abc", "abd"), strcmp("abd", "abc"), strcmp("abc", "abc"));
    printf("macro: %d %d\n", strcmp(NAME, "abz"), strcmp("b", NAME));
    printf("strncmp: %d %d %d\n", strncmp("abcx", "abcy", 3), strncmp("abcx", "abcy", 4), strncmp("q", "a", 1));
    printf("memcmp: %d %d\n", memcmp("abc", "abd", 3), memcmp("zz", "za", 2));
    printf("runtime: %d %d %d\n", strcmp(a, b), strcmp(b, a), strcmp(a, p));
    printf("runtime n: %d %d\n", strncmp(a, b, 3), strncmp(a, b, 2));
    printf("runtime mem: %d %d\n", memcmp(a, b, 3), memcmp(b, a, 3));
    printf("empty: %d %d\n", strcmp(a, "") > 0, strcmp("", b) < 0);
    return 0;
}
