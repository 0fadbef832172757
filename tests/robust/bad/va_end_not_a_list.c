#include <stdarg.h>
#include <stdio.h>
static int first(int n, ...) {
    va_list ap;
    va_start(ap, n);
    int v = va_arg(ap, int);
    va_end(0);
    return v;
}
int main(void) { printf("%d\n", first(1, 7)); return 0; }
