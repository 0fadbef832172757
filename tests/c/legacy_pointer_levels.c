/* Pointers to pointers to pointers as old codes pass them: a `char ***` out-parameter filled with a list of
 * strings, an `int **` jagged array with rows of different lengths, a pointer to a row pointer moved along,
 * and swapping two pointers through their addresses. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int split(const char *s, char ***out) {
    int n = 1, i;
    const char *c;
    for (c = s; *c; c++) if (*c == ',') n++;
    *out = malloc(n * sizeof **out);
    for (i = 0; i < n; i++) {
        const char *end = strchr(s, ',');
        size_t len = end ? (size_t)(end - s) : strlen(s);
        (*out)[i] = malloc(len + 1);
        memcpy((*out)[i], s, len);
        (*out)[i][len] = '\0';
        s += len + 1;
    }
    return n;
}

static void swap_ptrs(int **a, int **b) { int *t = *a; *a = *b; *b = t; }

int main(void) {
    char **parts;
    int n = split("alpha,be,gamma,,d", &parts), i, j;
    for (i = 0; i < n; i++) printf("[%s]", parts[i]);
    printf(" %d\n", n);
    for (i = 0; i < n; i++) free(parts[i]);
    free(parts);
    int **jag = malloc(4 * sizeof(int *));
    for (i = 0; i < 4; i++) {
        jag[i] = malloc((i + 1) * sizeof(int));
        for (j = 0; j <= i; j++) jag[i][j] = i * 10 + j;
    }
    int **row = jag + 1;
    row++;
    printf("%d %d %d\n", **row, (*row)[2], row[1][3]);
    swap_ptrs(&jag[0], &jag[3]);
    printf("%d %d\n", jag[0][3], jag[3][0]);
    for (i = 0; i < 4; i++) free(jag[i]);
    free(jag);
    return 0;
}
