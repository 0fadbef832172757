/* Building strings the old way: `p += sprintf(p, ...)`, sprintf at buf + strlen(buf), strcat in a loop,
 * snprintf's return (the full length) when it truncates, and strncat's bound. */
#include <stdio.h>
#include <string.h>

int main(void) {
    char buf[128], small[8], cat[32] = "";
    char *p = buf;
    for (int i = 0; i < 4; i++) p += sprintf(p, "%s%d", i ? "," : "[", i * i);
    *p++ = ']';
    *p = '\0';
    printf("%s (%td chars)\n", buf, p - buf);
    sprintf(buf + strlen(buf), " and %.2f", 2.0 / 3);
    printf("%s\n", buf);
    int full = snprintf(small, sizeof small, "%s-%05d", "ab", 42);
    printf("snprintf %d [%s] %zu\n", full, small, strlen(small));
    for (int i = 0; i < 3; i++) {
        strcat(cat, "x");
        strcat(cat, i < 2 ? "-" : ".");
    }
    strncat(cat, "abcdefgh", 3);
    printf("%s %zu\n", cat, strlen(cat));
    return 0;
}
