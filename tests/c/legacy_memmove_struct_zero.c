/* memmove shifting an array in place both ways (insert and delete), memset of a struct to zero then fields compared,
 * memcmp of two structs built the same way (padding zeroed by memset first), and memchr/strchr positions. */
#include <stdio.h>
#include <string.h>

struct rec { char c; int n; double d; };

int main(void) {
    int v[8] = {1, 2, 3, 4, 5, 6, 0, 0};
    memmove(v + 3, v + 2, 4 * sizeof v[0]);
    v[2] = 99;
    for (int i = 0; i < 7; i++) printf("%d ", v[i]);
    printf("\n");
    memmove(v + 1, v + 2, 5 * sizeof v[0]);
    for (int i = 0; i < 6; i++) printf("%d ", v[i]);
    printf("\n");
    struct rec a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    a.c = b.c = 'q';
    a.n = b.n = 5;
    a.d = b.d = 0.25;
    printf("zero %d %d %g, same %d\n", a.c == 'q', a.n, a.d, memcmp(&a, &b, sizeof a) == 0);
    b.n = 6;
    printf("differ %d\n", memcmp(&a, &b, sizeof a) < 0);
    const char *s = "key=value;next";
    const char *eq = strchr(s, '=');
    const char *semi = memchr(s, ';', strlen(s));
    printf("%td %td %.*s\n", eq - s, semi - s, (int)(semi - eq - 1), eq + 1);
    return 0;
}
