/* Conversions of doubles and floats to the narrower integer types and to unsigned int, at run time and of constants,
 * where C leaves some values undefined (out of the type's range): gcc's x86-64 results. At run time gcc converts
 * through a 32-bit (char, short) or 64-bit (unsigned int) cvttsd2si and keeps the low bits; a floating literal it
 * folds, saturated at the type's bounds. A volatile global nobody writes is read at run time too. */
#include <stdio.h>
#include <stdlib.h>

volatile double v_big = 1e20, v_neg = -1.5, v_mid = 3e9;
volatile float v_fmid = 5e9f;

static const char *texts[] = {"0", "-0.9", "1.5", "-1.5", "127.9", "128", "-129", "255.5", "256", "32767.5",
                              "32768", "-32769", "65535.9", "65536", "70000", "-70000", "3e9", "4294967295.5",
                              "4294967296", "-3e9", "1e12", "-1e12", "1e20", "inf", "-inf", "nan"};

int main(void)
{
    int i, n = (int)(sizeof texts / sizeof texts[0]);
    for (i = 0; i < n; i++) {
        double d = strtod(texts[i], NULL);
        float f = (float)d;
        signed char sc = (signed char)d;
        unsigned char uc = (unsigned char)d;
        short s = d;
        unsigned short us = (unsigned short)d;
        printf("%-13s sc %d uc %u s %d us %u u %u fu %u fs %d\n", texts[i], sc, uc, s, us, (unsigned)d,
               (unsigned)f, (short)f);
    }
    printf("volatile: %u %u %u %u %d\n", (unsigned)v_big, (unsigned)v_neg, (unsigned)v_mid, (unsigned)v_fmid,
           (short)v_mid);
    printf("literals: %u %u %d %d %lld %d %u\n", (unsigned)-1.5, (unsigned)1e20, (short)1e9, (signed char)-300.0,
           (long long)9.3e18, (int)-3e9, (unsigned char)1e3);
    return 0;
}
