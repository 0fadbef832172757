/* Character constants and escapes of old code: octal and hex escapes, '\0' terminators inside arrays, a string's
 * embedded quotes and backslashes, '\a' '\b' '\f' '\v' values, and arithmetic on digit characters. */
#include <stdio.h>
#include <string.h>

int main(void) {
    printf("%d %d %d %d %d %d\n", '\101', '\x41', '\0', '\a', '\v', '\f');
    const char *s = "tab\there \"quoted\" back\\slash \101\x42";
    printf("%s %zu\n", s, strlen(s));
    char two[] = "first\0second";
    printf("%zu %zu %s %s\n", sizeof two, strlen(two), two, two + 6);
    char digits[] = "0123456789";
    int sum = 0, i;
    for (i = 0; digits[i]; i++) sum += digits[i] - '0';
    printf("%d %c %c\n", sum, 'a' + 25, "xyz"[1]);
    printf("%c%c%c\n", 72, 'i', '\n' + 23);
    return 0;
}
