/* char arithmetic as gcc on x86-64 does it: plain char is signed, bytes above 127 are negative, unsigned char
 * wraps, a char index into a table of 256 through unsigned char, character classes of digits and letters. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    char c = (char)200;
    unsigned char u = 200;
    signed char s = -56;
    printf("%d %d %d %d\n", c, u, s, c == s);
    c += 100;
    u += 100;
    printf("%d %d\n", c, u);
    const char *text = "Hello, W\xf6rld 42!";
    int counts[256] = {0}, i, digits = 0, upper = 0;
    for (i = 0; text[i]; i++) {
        counts[(unsigned char)text[i]]++;
        if (isdigit((unsigned char)text[i])) digits++;
        if (isupper((unsigned char)text[i])) upper++;
    }
    printf("l=%d o=%d f6=%d digits=%d upper=%d\n", counts['l'], counts['o'], counts[0xf6], digits, upper);
    char word[] = "MiXeD";
    for (i = 0; word[i]; i++) word[i] = islower(word[i]) ? word[i] - 'a' + 'A' : word[i] - 'A' + 'a';
    printf("%s %d\n", word, '7' - '0' + 'a');
    char d = '0' + 9;
    printf("%c %d %d\n", d, (char)(d + 80), (unsigned char)(d + 80));
    printf("%d %d\n", strcmp("a\xe9", "a\x41") > 0, memcmp("\x80", "\x7f", 1) > 0);
    return 0;
}
