/* Character constants and arrays: gcc's multi-character constant 'AB' (an int: implementation-defined), a char array
 * initialized exactly to its length (no NUL: printed with %.4s), string literal concatenation with macros, '\0' inside
 * a literal (strlen stops there, sizeof does not), octal and hex escapes, and printf of a NULL %s (glibc: "(null)"). */
#include <stdio.h>
#include <string.h>

#define VERSION "1.2"
#define NAME "tool"

int main(void) {
    char code[4] = "abcd";
    const char banner[] = NAME " v" VERSION " (" __DATE__ ")";
    const char with_nul[] = "ab\0cd";
    int mc = 'AB';
    printf("%d %x\n", mc, 'ABCD');
    printf("%.4s %zu\n", code, sizeof code);
    printf("%.8s %d\n", banner, (int)strlen(banner) > 10);
    printf("%zu %zu\n", strlen(with_nul), sizeof with_nul);
    printf("%d %d %d %s\n", '\101', '\x41', '\0', "\x41\102C");
    return 0;
}
