/* POSIX's positional printf arguments (`%2$s %1$s`, `%1$*2$d`, `%2$.*1$f`), which message catalogues and some
 * legacy report writers use to reorder fields: the port printed the specifications as text. An argument may be
 * used twice, and snprintf, fprintf and vsnprintf take them too. */
#include <stdarg.h>
#include <stdio.h>

static int report(char *buf, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vsnprintf(buf, n, fmt, ap);
    va_end(ap);
    return r;
}

int main(void)
{
    printf("%2$s %1$s %2$s\n", "world", "hello");
    printf("%1$d %1$x %1$#o %2$*3$d| %2$-*3$d|\n", 255, 7, 5);
    char b[64];
    int n = snprintf(b, sizeof b, "%2$.*1$f %3$c%%", 3, 3.14159, 'z');
    printf("%d [%s]\n", n, b);
    n = report(b, sizeof b, "%3$s-%1$05d-%2$+.2e", 42, 12345.678, "id");
    printf("%d [%s]\n", n, b);
    fprintf(stdout, "%1$ld %2$lu %3$lld %4$hhd %5$zu\n", -5L, 6UL, 7LL, 300, (size_t)9);
    printf("%1$s%1$s%1$s\n", "ab");
    return 0;
}
