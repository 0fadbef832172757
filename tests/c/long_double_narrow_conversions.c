/* long double converted to short, unsigned short and the char types, in range and out of it (where C leaves the
 * result undefined): gcc's x87 code stores short with fistps, whose out-of-range result is the 16-bit indefinite
 * -32768, the char types as that store's low byte, unsigned short as the low half of the 32-bit fistpl. The port took
 * every one from the 32-bit conversion: (short)70000.0L was 4464, (signed char)70000.0L 112. */
#include <stdio.h>
#include <stdlib.h>

static const char *texts[] = {"70000", "-40000", "32767.9", "-32768.5", "32768", "65535", "-1.5", "1e10", "-1e10",
                              "nan", "inf", "123.7", "-200.5", "255.9", "300"};

int main(void)
{
    int i, n = (int)(sizeof texts / sizeof texts[0]);
    for (i = 0; i < n; i++) {
        long double x = strtold(texts[i], NULL);
        short s = x;
        unsigned short us = x;
        signed char sc = (signed char)x;
        unsigned char uc = (unsigned char)x;
        printf("%-9s %d %u %d %u %d\n", texts[i], s, us, sc, uc, (char)x);
    }
    return 0;
}
