/* A struct's array field reached through a pointer parameter as a pointer (Pacheco's
 * `#define Entry(A,i,j) (*(((A)->entries) + (A)->n_bar*(i) + (j)))`, `p->v + k` passed on): the
 * parameter stays a pointer, since `p->entries + k` points into *p. Indexed directly (`p->v[i]`) it may
 * be a `ref`. A function named like the program's class (this file's class is Struct_array_fields). */
#include <stdio.h>

typedef struct {
    int n_bar;
    double entries[16];
} local_matrix_t;

#define Entry(A, i, j) (*(((A)->entries) + (A)->n_bar * (i) + (j)))

static void multiply(local_matrix_t *a, local_matrix_t *b, local_matrix_t *c)
{
    for (int i = 0; i < a->n_bar; i++)
        for (int j = 0; j < a->n_bar; j++)
            for (int k = 0; k < b->n_bar; k++)
                Entry(c, i, j) = Entry(c, i, j) + Entry(a, i, k) * Entry(b, k, j);
}

static double sum(const double *v, int n)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += v[i];
    return s;
}

static double row_sum(local_matrix_t *m, int row)
{
    return sum(m->entries + row * m->n_bar, m->n_bar);
}

static double trace(local_matrix_t *m)
{
    double t = 0;
    for (int i = 0; i < m->n_bar; i++)
        t += m->entries[i * m->n_bar + i];
    return t;
}

static int Struct_array_fields(void)
{
    return 7;
}

int main(void)
{
    local_matrix_t a, b, c;
    a.n_bar = b.n_bar = c.n_bar = 3;
    for (int i = 0; i < 9; i++) {
        a.entries[i] = i + 1;
        b.entries[i] = (i % 4 == 0) ? 2 : 0.5 * i;
        c.entries[i] = 0;
    }
    multiply(&a, &b, &c);
    for (int i = 0; i < 3; i++)
        printf("%g %g %g | %g\n", Entry(&c, i, 0), Entry(&c, i, 1), Entry(&c, i, 2), row_sum(&c, i));
    printf("trace %g, %d\n", trace(&c), Struct_array_fields());
    return 0;
}
