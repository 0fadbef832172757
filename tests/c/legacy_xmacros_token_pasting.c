/* Preprocessor tricks of old codes: X-macros building an enum, a name table and a struct, token pasting to
 * make function and variable names, stringification, and a do { } while (0) macro. */
#include <stdio.h>

#define COLORS(X) X(RED, 0xff0000) X(GREEN, 0x00ff00) X(BLUE, 0x0000ff)
#define AS_ENUM(name, value) COLOR_##name,
#define AS_NAME(name, value) #name,
#define AS_VALUE(name, value) value,
enum color { COLORS(AS_ENUM) NCOLORS };
static const char *color_names[] = { COLORS(AS_NAME) };
static const int color_values[] = { COLORS(AS_VALUE) };

#define FIELDS(X) X(int, count) X(double, mean) X(long, total)
#define AS_FIELD(type, name) type name;
struct stats { FIELDS(AS_FIELD) };
#define PRINT_FIELD(type, name) printf(#name "=%g ", (double)s.name);

#define DEFINE_GETTER(type, name) static type get_##name(const struct stats *s) { return s->name; }
FIELDS(DEFINE_GETTER)

#define CAT(a, b) a##b
#define XCAT(a, b) CAT(a, b)
#define STR(x) #x
#define XSTR(x) STR(x)
#define VERSION 3
#define SWAP(a, b, type) do { type tmp_ = (a); (a) = (b); (b) = tmp_; } while (0)

int main(void) {
    int i;
    for (i = 0; i < NCOLORS; i++) printf("%s=%06x ", color_names[i], color_values[i]);
    printf("\n");
    struct stats s = {3, 2.5, 7};
    FIELDS(PRINT_FIELD)
    printf("\n%d %g %ld\n", get_count(&s), get_mean(&s), get_total(&s));
    int XCAT(var, VERSION) = 33;
    printf("%d %s %s\n", var3, XSTR(VERSION), STR(VERSION));
    int a = 1, b = 2;
    if (a < b) SWAP(a, b, int); else printf("no\n");
    printf("%d %d %s\n", a, b, XSTR(CAT(x, y)));
    return 0;
}
