/* Variadic functions of old codes: a NULL-terminated list of strings joined (`join(out, "root", NULL)`: a lone
 * NULL as the one variable argument was taken by C# as the `params` array itself, and the callee saw no argument),
 * NULL read back as a `void *` (once an InvalidCastException), chars and shorts read as the ints they were
 * promoted to, floats as doubles, a count of mixed arguments described by a format of letters. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static void join(char *out, const char *first, ...) {
    va_list ap;
    const char *s;
    strcpy(out, first);
    va_start(ap, first);
    while ((s = va_arg(ap, const char *)) != NULL) {
        strcat(out, "/");
        strcat(out, s);
    }
    va_end(ap);
}

static void describe(const char *kinds, ...) {
    va_list ap;
    va_start(ap, kinds);
    for (; *kinds; kinds++) {
        switch (*kinds) {
        case 'c': printf("c=%c ", (char)va_arg(ap, int)); break;
        case 'h': printf("h=%d ", (short)va_arg(ap, int)); break;
        case 'f': printf("f=%.2f ", va_arg(ap, double)); break;
        case 'l': printf("l=%ld ", va_arg(ap, long)); break;
        case 's': printf("s=%s ", va_arg(ap, char *)); break;
        case 'p': printf("p=%s ", va_arg(ap, void *) ? "set" : "null"); break;
        }
    }
    va_end(ap);
    printf("\n");
}

int main(void) {
    char path[128];
    join(path, "usr", "local", "share", "cmpi", (char *)NULL);
    printf("%s\n", path);
    join(path, "root", NULL);
    printf("%s\n", path);
    char c = 'q';
    short h = -300;
    float f = 2.5f;
    describe("chflsp", c, h, f, 1234567890123L, "text", (void *)path);
    describe("p", (void *)0);
    return 0;
}
