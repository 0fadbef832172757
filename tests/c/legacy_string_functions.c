/* string.h as legacy codes use it: strtok over a copy, strncpy's zero padding and its missing terminator,
 * strcat chains, memmove over overlapping bytes both ways, strchr/strrchr/strstr/strspn/strcspn/strpbrk. */
#include <stdio.h>
#include <string.h>

int main(void) {
    char line[] = "  alpha, beta;;gamma ,delta  ";
    char *tok;
    int n = 0;
    for (tok = strtok(line, " ,;"); tok; tok = strtok(NULL, " ,;")) printf("%d:<%s> ", n++, tok);
    printf("\n");
    char pad[8];
    memset(pad, 'x', sizeof pad);
    strncpy(pad, "ab", sizeof pad);
    int i;
    for (i = 0; i < 8; i++) printf("%d ", pad[i]);
    printf("\n");
    char trunc[4];
    strncpy(trunc, "abcdef", 4);
    printf("%.4s\n", trunc);
    char buf[64] = "one";
    strcat(strcat(buf, ", "), "two");
    strncat(buf, "-three-four", 6);
    printf("%s %zu\n", buf, strlen(buf));
    char mv[] = "0123456789";
    memmove(mv + 2, mv, 5);
    printf("%s\n", mv);
    memmove(mv, mv + 3, 6);
    printf("%s\n", mv);
    const char *path = "/usr/local/lib/libmpi.so.40";
    printf("%s %s %s\n", strchr(path, 'l'), strrchr(path, '/') + 1, strstr(path, "lib/"));
    printf("%zu %zu %s\n", strspn("123abc", "0123456789"), strcspn("key=value", "=:"), strpbrk("a+b*c", "*+"));
    printf("%d %d %d\n", strncmp("abcd", "abce", 3), strcmp("abc", "abd") < 0, strncmp("x", "xy", 2) < 0);
    char *dup = strchr(path, 'Z');
    printf("%s\n", dup ? dup : "(none)");
    return 0;
}
