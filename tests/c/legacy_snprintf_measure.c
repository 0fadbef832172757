/* Measuring a formatted string first (snprintf(NULL, 0, ...)), then allocating exactly and formatting into it;
 * a growing string builder with realloc and strcat; strdup and strndup copies. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *format_point(int rank, double x, double y) {
    int n = snprintf(NULL, 0, "rank %d at (%.3f, %.3f)", rank, x, y);
    char *s = malloc(n + 1);
    snprintf(s, n + 1, "rank %d at (%.3f, %.3f)", rank, x, y);
    return s;
}

int main(void) {
    char *s = format_point(12, 1.0 / 3, -2.5);
    printf("%s (%zu)\n", s, strlen(s));
    free(s);
    char *b = NULL;
    size_t cap = 0, len = 0;
    int i;
    for (i = 0; i < 12; i++) {
        char piece[16];
        int k = sprintf(piece, "%s%d", i ? "," : "", i * i);
        if (len + k + 1 > cap) {
            cap = (len + k + 1) * 2;
            b = realloc(b, cap);
            if (len == 0) b[0] = '\0';
        }
        strcat(b, piece);
        len += k;
    }
    printf("%s %zu %d\n", b, len, cap >= len + 1);
    char *d = strdup(b);
    char *nd = strndup(b, 7);
    free(b);
    printf("%s | %s %zu\n", d, nd, strlen(nd));
    free(d);
    free(nd);
    return 0;
}
