/* Variadic functions: forwarding to the v*printf family, va_arg of several types, va_copy, and a
 * va_list handed to another function. */
#include <stdio.h>
#include <stdarg.h>

static void vlog(FILE *to, const char *fmt, va_list ap)
{
    fputs("log: ", to);
    vfprintf(to, fmt, ap);
}

static void log_line(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vlog(stdout, fmt, ap);
    va_end(ap);
}

static long mixed(int n, ...)
{
    va_list ap;
    long acc = 0;
    va_start(ap, n);
    for (int i = 0; i < n; i++) {
        int kind = va_arg(ap, int);
        if (kind == 0) acc += va_arg(ap, long);
        else if (kind == 1) acc += (long)(va_arg(ap, double) * 10);
        else acc += va_arg(ap, char *)[0];
    }
    va_end(ap);
    return acc;
}

/* Prints a tagged line: forwards its arguments to vprintf. */
static void say(const char *tag, const char *fmt, ...)
{
    va_list ap;
    printf("[%s] ", tag);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
}

static int sum(int n, ...)
{
    va_list ap, again;
    int total = 0;
    va_start(ap, n);
    va_copy(again, ap);
    for (int i = 0; i < n; i++)
        total += va_arg(ap, int);
    total += va_arg(again, int) * 1000;
    va_end(again);
    va_end(ap);
    return total;
}

static double mean(int n, ...)
{
    va_list ap;
    double s = 0;
    va_start(ap, n);
    for (int i = 0; i < n; i++) s += va_arg(ap, double);
    va_end(ap);
    return s / n;
}

static int format_into(char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, size, fmt, ap);
    va_end(ap);
    return n;
}

int main(void)
{
    char buf[64];
    char c = 'x';
    short sh = -3;
    float f = 1.5f;
    say("info", "%d %s %c %d %.2f\n", 42, "str", c, sh, f);
    printf("%d\n", sum(4, 1, 2, 3, 4));
    printf("%.3f\n", mean(3, 1.0, 2.5, 4.0));
    int n = format_into(buf, sizeof buf, "%05d|%-4s|%x", 7, "ab", 255u);
    printf("%d %s\n", n, buf);
    log_line("%s=%u (%ld)\n", "count", 3u, -5L);
    printf("%ld\n", mixed(3, 0, 100000000000L, 1, 2.5, 2, "A"));
    fprintf(stderr, "done\n");
    return 0;
}
