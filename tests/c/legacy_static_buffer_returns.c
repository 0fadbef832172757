/* Functions returning a static buffer (a formatter's `static char buf[32]`), a rotating set of static buffers,
 * and what two calls in one printf give (gcc evaluates the later argument first, and both share the buffer). */
#include <stdio.h>
#include <string.h>

static const char *fmt_bytes(long n) {
    static char buf[32];
    if (n >= 1 << 20) sprintf(buf, "%.1fM", n / 1048576.0);
    else if (n >= 1 << 10) sprintf(buf, "%.1fK", n / 1024.0);
    else sprintf(buf, "%ldB", n);
    return buf;
}

static char *rotating(int v) {
    static char bufs[4][16];
    static int next;
    char *b = bufs[next++ % 4];
    sprintf(b, "<%d>", v);
    return b;
}

int main(void) {
    const char *a = fmt_bytes(512);
    printf("%s\n", a);
    printf("%s %s\n", fmt_bytes(2048), fmt_bytes(5 << 20));
    printf("%s %s %s\n", rotating(1), rotating(2), rotating(3));
    char keep[32];
    strcpy(keep, fmt_bytes(3000));
    fmt_bytes(1);
    printf("%s %s\n", keep, a);
    return 0;
}
