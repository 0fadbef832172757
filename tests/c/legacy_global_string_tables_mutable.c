/* Global tables of strings changed at run time: `char *names[]` pointing at literals, then at malloc'ed copies
 * and back, a global char matrix written with sprintf, a `const char **` parameter walking it, and a global
 * struct with an array of strings initialized statically. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *names[4] = {"north", "east", "south", "west"};
static char labels[3][8];
static struct { const char *title; const char *rows[3]; int n; } report = {"totals", {"a", "b"}, 2};

static size_t total_length(const char **list, int n) {
    size_t t = 0;
    while (n--) t += strlen(*list++);
    return t;
}

int main(void) {
    int i;
    char *copy = malloc(16);
    strcpy(copy, "EAST");
    names[1] = copy;
    for (i = 0; i < 3; i++) sprintf(labels[i], "L%02d", i * 7);
    printf("%s %s %s %zu\n", names[0], names[1], labels[2], total_length((const char **)names, 4));
    names[1] = "east";
    free(copy);
    report.rows[report.n++] = labels[1];
    for (i = 0; i < report.n; i++) printf("%s:%s ", report.title, report.rows[i]);
    printf("%zu\n", total_length(report.rows, report.n));
    return 0;
}
