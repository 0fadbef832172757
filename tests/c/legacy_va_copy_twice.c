/* A variadic function that walks its arguments twice with va_copy (count, then format), one that forwards a va_list
 * to a helper taking va_list, and default argument promotions (char and short arrive as int, float as double). */
#include <stdarg.h>
#include <stdio.h>

static double sum_then_mean(int n, ...) {
    va_list ap, again;
    va_start(ap, n);
    va_copy(again, ap);
    double s = 0;
    for (int i = 0; i < n; i++) s += va_arg(ap, double);
    double mx = -1e300;
    for (int i = 0; i < n; i++) { double v = va_arg(again, double); if (v > mx) mx = v; }
    va_end(again);
    va_end(ap);
    printf("sum %g max %g\n", s, mx);
    return s / n;
}

static int vlog(const char *tag, const char *fmt, va_list ap) {
    int n = printf("[%s] ", tag);
    return n + vprintf(fmt, ap);
}

static int logf_(const char *tag, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vlog(tag, fmt, ap);
    va_end(ap);
    return n;
}

int main(void) {
    char c = 'x';
    short s = -7;
    float f = 1.25f;
    printf("mean %g\n", sum_then_mean(4, 1.0, 4.0, 2.5, f));
    int n = logf_("io", "%c %d %.2f\n", c, s, f);
    printf("wrote %d\n", n);
    return 0;
}
