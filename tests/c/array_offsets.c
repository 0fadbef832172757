/* `*(a + k)` is a[k] (C11 6.5.2.1): arrays, struct array fields through `->` (Pacheco's
 * `#define Entry(A, i, j) (*(((A)->entries) + ((A)->n_bar) * (i) + (j)))`), offsets on either side and in
 * several terms, read, written and incremented. */
#include <stdio.h>
#include <stdlib.h>

#define MAX 16
typedef struct {
    int n_bar;
    float entries[MAX * MAX];
} local_matrix;
#define Entry(A, i, j) (*(((A)->entries) + ((A)->n_bar) * (i) + (j)))

int main(void)
{
    int a[10], i, j;
    long k = 3;
    char c = 2;
    local_matrix *m = malloc(sizeof *m), s;
    for (i = 0; i < 10; i++)
        *(a + i) = i * i;
    *(2 + a) += 100;
    (*(a + c + 1))++;
    m->n_bar = 4;
    for (i = 0; i < m->n_bar; i++)
        for (j = 0; j < m->n_bar; j++)
            Entry(m, i, j) = (float)(i * 10 + j);
    Entry(m, 1, 2) += 0.5f;
    s = *m;
    *(s.entries + k) = -1.0f;
    printf("%d %d %d %d\n", *(a + 1), a[2], *(a + 3), *(a + k + 1));
    printf("%.1f %.1f %.1f %.1f\n", Entry(m, 1, 2), Entry(m, 3, 3), *(s.entries + 3), *(m->entries + 3));
    free(m);
    return 0;
}
