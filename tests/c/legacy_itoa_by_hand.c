/* Number formatting by hand as old embedded-style code does it: itoa in any base with a reversed buffer,
 * INT_MIN handled through unsigned, a thousands separator, and a fixed-point print of a double. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

static char *itoa_base(int value, char *out, int base) {
    const char *digits = "0123456789abcdefghijklmnopqrstuvwxyz";
    unsigned u = value < 0 ? 0u - (unsigned)value : (unsigned)value;
    char tmp[40];
    int n = 0, k = 0;
    do { tmp[n++] = digits[u % base]; u /= base; } while (u);
    if (value < 0 && base == 10) out[k++] = '-';
    while (n) out[k++] = tmp[--n];
    out[k] = '\0';
    return out;
}

static void with_commas(long v, char *out) {
    char raw[32];
    int len, i, k = 0;
    sprintf(raw, "%ld", v < 0 ? -v : v);
    len = (int)strlen(raw);
    if (v < 0) out[k++] = '-';
    for (i = 0; i < len; i++) {
        if (i && (len - i) % 3 == 0) out[k++] = ',';
        out[k++] = raw[i];
    }
    out[k] = 0;
}

int main(void) {
    char buf[40];
    printf("%s %s %s %s\n", itoa_base(255, buf, 16), itoa_base(-42, buf + 10, 10), itoa_base(5, buf + 20, 2),
           itoa_base(INT_MIN, buf + 40 - 16, 10));
    with_commas(1234567890L, buf);
    printf("%s ", buf);
    with_commas(-1000, buf);
    printf("%s ", buf);
    with_commas(999, buf);
    printf("%s\n", buf);
    double x = 3.14159;
    long scaled = (long)(x * 1000 + 0.5);
    printf("%ld.%03ld\n", scaled / 1000, scaled % 1000);
    return 0;
}
