/* Old-style logging wrappers: a va_list forwarded to vprintf, vsprintf, vsnprintf and vfprintf, a va_copy
 * walked twice, and a sum of a count-first argument list. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static char last[128];

static void log_msg(const char *level, const char *fmt, ...) {
    va_list ap;
    printf("[%s] ", level);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    va_start(ap, fmt);
    vsprintf(last, fmt, ap);
    va_end(ap);
}

static int format_into(char *buf, size_t n, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = vsnprintf(buf, n, fmt, ap);
    va_end(ap);
    return r;
}

static void to_stream(FILE *f, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfprintf(f, fmt, ap);
    va_end(ap);
}

static double mean(int count, ...) {
    va_list ap, again;
    double s = 0;
    int i;
    va_start(ap, count);
    va_copy(again, ap);
    for (i = 0; i < count; i++) s += va_arg(ap, double);
    double first = count > 0 ? va_arg(again, double) : 0;
    va_end(again);
    va_end(ap);
    return count ? s / count + first * 0 : 0;
}

int main(void) {
    log_msg("info", "%d items, %s\n", 3, "ok");
    printf("last=<%s> len=%zu\n", last, strlen(last));
    char small[8];
    int r = format_into(small, sizeof small, "%s-%05d", "abcdef", 42);
    printf("%d <%s>\n", r, small);
    to_stream(stdout, "%-6s|%6.2f|%x\n", "left", 3.14159, 255);
    to_stream(stderr, "to stderr %d\n", 1);
    printf("%.4f\n", mean(4, 1.0, 2.0, 3.5, 4.5));
    return 0;
}
