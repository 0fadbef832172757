/* Enums as array sizes (a COUNT member last), as bit masks combined with | & ~ ^, as switch labels, and an
 * enum variable holding a value outside its list (C allows any value of its integer type). */
#include <stdio.h>

enum color { RED, GREEN, BLUE, NCOLORS };
enum flags { F_READ = 1 << 0, F_WRITE = 1 << 1, F_EXEC = 1 << 2, F_ALL = F_READ | F_WRITE | F_EXEC };
enum { BUFSZ = 16, HALF = BUFSZ / 2 };

static const char *names[NCOLORS] = {"red", "green", "blue"};

static const char *describe(enum flags f) {
    switch (f) {
    case F_READ: return "read";
    case F_READ | F_WRITE: return "read-write";
    case F_ALL: return "all";
    default: return "other";
    }
}

int main(void) {
    int counts[NCOLORS] = {0};
    char buf[BUFSZ];
    enum color c;
    unsigned mode = F_READ;
    for (int i = 0; i < 10; i++) counts[i % NCOLORS]++;
    for (c = RED; c < NCOLORS; c++) printf("%s %d\n", names[c], counts[c]);
    mode |= F_WRITE;
    printf("%s\n", describe(mode));
    mode |= F_EXEC;
    printf("%s %d\n", describe(mode), (int)sizeof buf / HALF);
    mode &= ~F_WRITE;
    printf("%s %u\n", describe(mode), mode ^ F_ALL);
    printf("has exec %d, has write %d\n", !!(mode & F_EXEC), (mode & F_WRITE) != 0);
    c = (enum color)7;
    printf("c %d, sizeof(enum color) %zu\n", c, sizeof(enum color));
    return 0;
}
