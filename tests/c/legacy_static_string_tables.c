/* Tables of strings as old codes keep them: `const char *names[]` sized by the initializer, a 2-D char array
 * of fixed-width names, NULL-terminated lists walked by pointer, adjacent string literals concatenated, and a
 * usage text made of many literals. */
#include <stdio.h>
#include <string.h>

static const char *units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
static char fixed[][8] = {"mpi", "omp", "cuda", "serial"};
static const char *const list[] = {"first", "second", "third", NULL};
static const char usage[] =
    "usage: prog [-n N] [-v]\n"
    "  -n N   number of steps\n"
    "  -v     verbose\n";

static void human(double bytes) {
    int u = 0;
    while (bytes >= 1024 && u < (int)(sizeof units / sizeof units[0]) - 1) { bytes /= 1024; u++; }
    printf("%.1f %s\n", bytes, units[u]);
}

int main(void) {
    human(512);
    human(123456789);
    human(5e13);
    int i;
    for (i = 0; i < 4; i++) printf("%-7s|%zu\n", fixed[i], strlen(fixed[i]));
    fixed[1][0] = 'O';
    printf("%s %zu %zu\n", fixed[1], sizeof fixed, sizeof fixed[0]);
    const char *const *p;
    for (p = list; *p; p++) printf("%s%s", *p, p[1] ? ", " : "\n");
    fputs(usage, stdout);
    printf("%zu %s\n", sizeof usage, "con" "cat" "enated");
    return 0;
}
