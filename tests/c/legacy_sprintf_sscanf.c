/* Formatting into buffers and parsing them back: sprintf's return value and chained offsets, sscanf with
 * %[ ] scan sets, %n, field widths, %*d skips, and a line of key=value pairs. */
#include <stdio.h>
#include <string.h>

int main(void) {
    char buf[128];
    int off = 0;
    off += sprintf(buf + off, "%s", "rank");
    off += sprintf(buf + off, "%03d", 7);
    off += sprintf(buf + off, ".%s", "dat");
    printf("%s %d\n", buf, off);
    char key[32], value[32];
    int consumed;
    int got = sscanf("  name = cmpi-runtime ; rest", " %31[^= ] = %31[^ ;]%n", key, value, &consumed);
    printf("%d <%s> <%s> %d\n", got, key, value, consumed);
    int a, b;
    char word[8];
    got = sscanf("12 34 56 abcdefghij", "%d %*d %d %7s", &a, &b, word);
    printf("%d %d %d %s\n", got, a, b, word);
    double x;
    unsigned h;
    got = sscanf("3.5e2,0x1f", "%lf,%x", &x, &h);
    printf("%d %g %u\n", got, x, h);
    const char *cfg = "nx=64 ny=32 steps=100";
    int nx = 0, ny = 0, steps = 0;
    const char *p = cfg;
    char k[16];
    int v, used;
    while (sscanf(p, "%15[a-z]=%d%n", k, &v, &used) == 2) {
        if (!strcmp(k, "nx")) nx = v;
        else if (!strcmp(k, "ny")) ny = v;
        else if (!strcmp(k, "steps")) steps = v;
        p += used;
        while (*p == ' ') p++;
    }
    printf("%d %d %d\n", nx, ny, steps);
    char date[11];
    snprintf(date, sizeof date, "%04d-%02d-%02d", 2026, 11, 28);
    int y, m, d;
    printf("%s %d", date, sscanf(date, "%4d-%2d-%2d", &y, &m, &d));
    printf(" %d/%d/%d\n", d, m, y);
    printf("%d\n", sscanf("", "%d", &a));
    return 0;
}
