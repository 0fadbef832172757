#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { double x, y; int id; } point_t;
struct node { int v; int pad[3]; };
enum color { RED, GREEN = 5, BLUE };

static int counter(void) { static int n = 0; return ++n; }

void fill(double *p, int n, double v) { for (int i = 0; i < n; i++) *p++ = v + i; }
double sum(const double *a, int n) { double s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }
void get(int *out) { *out = 42; }
void swap(int **a, int **b) { int *t = *a; *a = *b; *b = t; }
double norm(point_t p) { p.x *= 2; return p.x + p.y; }
int sq(int x) { return x * x; }
int apply(int (*f)(int), int v) { return f(v); }

int main(int argc, char **argv) {
    double *buf = malloc(10 * sizeof(double));
    fill(buf + 2, 5, 1.0);
    printf("%g %g\n", sum(buf, 10), buf[3]);
    int x = 0; get(&x); printf("x=%d\n", x);
    int a = 1, b = 2; int *pa = &a, *pb = &b; swap(&pa, &pb); printf("%d %d\n", *pa, *pb);
    point_t p = { 1.5, 2.0, 7 }; point_t q = p; q.x = 10;
    printf("%g %g %d %g\n", p.x, q.x, q.id, norm(p));
    point_t pts[3] = { {1, 2, 3}, [2] = { .y = 9 } };
    point_t *pp = &pts[2]; pp->x = 4;
    printf("%g %g %g\n", pts[2].x, pts[2].y, pts[0].y);
    struct node nd = { 1, {2, 3, 4} }; struct node nd2 = nd; nd2.pad[1] = 99;
    printf("%d %d %d\n", nd.pad[1], nd2.pad[1], BLUE);
    int m[3][4]; for (int i = 0; i < 3; i++) for (int j = 0; j < 4; j++) m[i][j] = i * 10 + j;
    int *row = m[1]; printf("%d %d %d\n", m[2][3], row[2], *(row + 3));
    { int c1 = counter(); int c2 = counter(); printf("%d %d %d\n", c1, c2, apply(sq, 7)); }
    char name[16] = "abc"; strcat(name, "def"); printf("%s %d\n", name, (int)strlen(name));
    if (argc > 1) printf("arg %s\n", argv[1]);
    const char *s = "hello"; const char *t = s; int len = 0; while (*t++) len++; printf("%d\n", len);
    { int v[4] = {1, 2, 3, 4}; printf("%d %d %d\n", v + 0 >= v, v > v + 0, v + 1 > v); } /* positions of two arrays */
    free(buf);
    return 0;
}
