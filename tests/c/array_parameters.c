/* Parameters declared as arrays (`double a[3]`, `const vec3 v`, `int a[]`) are pointers in C: they take a
 * struct's array field through a pointer to the struct, the middle of an array, and sizeof gives a pointer's
 * size. Arrays of rows (`double m[][3]`) keep their row length. */
#include <stdio.h>

typedef double vec3[3];
struct body { vec3 x, v; double m; };

static double dot(const vec3 a, const vec3 b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
static void axpy(double s, const double a[3], double y[3]) { for (int k = 0; k < 3; k++) y[k] += s * a[k]; }
static int sum(int n, int a[]) { int s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }
static size_t size_of(int a[10]) { return sizeof a; }
static void apply(const double m[][3], const vec3 in, vec3 out)
{
    for (int i = 0; i < 3; i++) {
        out[i] = 0;
        for (int j = 0; j < 3; j++) out[i] += m[i][j] * in[j];
    }
}

int main(void)
{
    struct body bodies[3];
    int values[10];
    double m[3][3] = {{1, 0, 0}, {0, 2, 0}, {0.5, 0, 3}};
    vec3 com = {0, 0, 0}, t;
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++) {
            bodies[i].x[k] = i + 0.25 * k;
            bodies[i].v[k] = k == i;
            bodies[i].m = 1 + i;
        }
    for (struct body *b = bodies; b < bodies + 3; b++)
        axpy(b->m, b->x, com);                    /* a struct's array through a pointer */
    axpy(-1.0, bodies[1].v, com);                 /* through an element */
    apply(m, com, t);
    for (int i = 0; i < 10; i++) values[i] = i * i;
    printf("%.3f %.3f %.3f | %.3f %.3f %.3f | %.2f\n", com[0], com[1], com[2], t[0], t[1], t[2],
           dot(bodies[2].x, bodies[2].v));
    printf("%d %d %zu\n", sum(10, values), sum(4, values + 6), size_of(values));
    return 0;
}
