/* char arithmetic of old parsers: digits by c - '0', letters by 'a' + i, case by toggling bit 0x20, a Caesar
 * shift with wrap, an (unsigned char) index into a 256-entry table for bytes above 0x7f, and char's signedness
 * on x86 (plain char is signed: 0xe9 is negative). */
#include <stdio.h>
#include <string.h>

int main(void) {
    const char *num = "40712";
    char word[] = "Hello, World";
    char high[] = "caf\xe9";
    int table[256] = {0};
    long v = 0;
    for (const char *p = num; *p; p++) v = v * 10 + (*p - '0');
    printf("number %ld\n", v);
    for (int i = 0; i < 26; i += 5) putchar('a' + i);
    putchar('\n');
    for (char *p = word; *p; p++)
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')) *p ^= 0x20;
    printf("%s\n", word);
    for (char *p = word; *p; p++)
        if (*p >= 'a' && *p <= 'z') *p = (char)((*p - 'a' + 3) % 26 + 'a');
    printf("%s\n", word);
    for (size_t i = 0; i < strlen(high); i++) table[(unsigned char)high[i]]++;
    printf("e9 count %d, last char %d, as unsigned %d, < 0 %d\n", table[0xe9], high[3], (unsigned char)high[3],
           high[3] < 0);
    char c = 'A' + 25;
    c++;
    printf("after Z: %c %d\n", c, c);
    return 0;
}
