/* Doubles and floats converted to unsigned long (and unsigned long long, size_t) at run time, in range and out of it,
 * where C leaves the result undefined: gcc's x86-64 code, which has no unsigned conversion, converts below 2^63 with
 * the signed cvttsd2si (2^63 for a value outside long or a NaN; a negative one wraps: -1.5 is 2^64 - 1) and from 2^63
 * converts x - 2^63 and flips the top bit (1e30, +inf: 0). C#'s cast saturated (-1.5: 0; 1e30: 2^64 - 1). */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

static const char *texts[] = {"0", "0.9", "-0.9", "-1.5", "-1", "4294967296.5", "9223372036854774784",
                              "9223372036854775808", "13835058055282163712", "18446744073709549568",
                              "18446744073709551616", "2e19", "1e30", "-1e30", "-9.3e18", "inf", "-inf", "nan"};

static unsigned long to_unsigned_long(double d) { return d; } /* C's implicit conversion */

int main(void)
{
    int i, n = (int)(sizeof texts / sizeof texts[0]);
    for (i = 0; i < n; i++) {
        double d = strtod(texts[i], NULL);
        float f = (float)d;
        unsigned long long ull = (unsigned long long)d;
        size_t z = (size_t)(d * 1.0);
        printf("%-22s %lu %llu %zu %lu | float %lu %llu\n", texts[i], (unsigned long)d, ull, z, to_unsigned_long(d),
               (unsigned long)f, (unsigned long long)(f + 0.0f));
    }
    return 0;
}
