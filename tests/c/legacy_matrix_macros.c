/* A matrix struct with a flat data pointer indexed by macros (`M(m, i, j)`), allocated with its rows and cols,
 * multiplied, transposed in place, and printed; the macro arguments are expressions. */
#include <stdio.h>
#include <stdlib.h>

struct matrix { int rows, cols; double *data; };
#define M(m, i, j) ((m)->data[(i) * (m)->cols + (j)])

static struct matrix *mat_new(int r, int c) {
    struct matrix *m = malloc(sizeof *m);
    m->rows = r;
    m->cols = c;
    m->data = calloc((size_t)r * c, sizeof(double));
    return m;
}

static void mat_free(struct matrix *m) { free(m->data); free(m); }

static struct matrix *mat_mul(const struct matrix *a, const struct matrix *b) {
    struct matrix *c = mat_new(a->rows, b->cols);
    int i, j, k;
    for (i = 0; i < a->rows; i++)
        for (j = 0; j < b->cols; j++)
            for (k = 0; k < a->cols; k++) M(c, i, j) += M(a, i, k) * M(b, k, j);
    return c;
}

int main(void) {
    struct matrix *a = mat_new(2, 3), *b = mat_new(3, 2);
    int i, j;
    for (i = 0; i < 2; i++)
        for (j = 0; j < 3; j++) {
            M(a, i, j) = i + j;
            M(b, j, i) = i - j + 0.5;
        }
    struct matrix *c = mat_mul(a, b);
    for (i = 0; i < c->rows; i++) {
        for (j = 0; j < c->cols; j++) printf("%6.2f", M(c, i, j));
        printf("\n");
    }
    struct matrix *sq = mat_new(3, 3);
    for (i = 0; i < 9; i++) sq->data[i] = i;
    for (i = 0; i < 3; i++)
        for (j = i + 1; j < 3; j++) { double t = M(sq, i, j); M(sq, i, j) = M(sq, j, i); M(sq, j, i) = t; }
    printf("%g %g %g\n", M(sq, 0, 1), M(sq, 1, 0), M(sq, 2 - 1, 1 + 1));
    mat_free(a); mat_free(b); mat_free(c); mat_free(sq);
    return 0;
}
