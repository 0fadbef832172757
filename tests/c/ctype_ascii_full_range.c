/* ctype.h over glibc's whole table, -128..255 (a plain char holding a Latin-1 byte is negative: legacy parsers pass
 * it unconverted), with X/Open's isascii and toascii, which legacy text parsers call. */
#include <ctype.h>
#include <stdio.h>

int main(void)
{
    unsigned long h = 0;
    for (int c = -128; c < 256; c++) {
        int bits = !!isalpha(c) | !!isdigit(c) << 1 | !!isspace(c) << 2 | !!isupper(c) << 3 | !!islower(c) << 4 |
                   !!isalnum(c) << 5 | !!ispunct(c) << 6 | !!isprint(c) << 7 | !!iscntrl(c) << 8 |
                   !!isxdigit(c) << 9 | !!isgraph(c) << 10 | !!isblank(c) << 11 | !!isascii(c) << 12;
        h = h * 31 + bits * 7 + toupper(c) * 3 + tolower(c) + toascii(c);
        if (c % 37 == 0 || c < -120 || c > 250)
            printf("%4d: %04x %d %d %d\n", c, bits, toupper(c), tolower(c), toascii(c));
    }
    printf("hash %lu\n", h);
    char s[] = "caf\xe9 \xff~\x7f";
    int alpha = 0, ascii = 0;
    for (char *p = s; *p; p++) {
        alpha += isalpha(*p) ? 1 : 0;
        ascii += isascii(*p) ? 1 : 0;
    }
    printf("alpha %d ascii %d toascii(200) %d isascii(EOF) %d toupper(EOF) %d\n", alpha, ascii, toascii(200),
           isascii(EOF), toupper(EOF));
    return 0;
}
