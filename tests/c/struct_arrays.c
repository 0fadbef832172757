/* Fixed arrays inside structs used as pointers: strcpy/sprintf/strcat write into the struct's own
 * array, a function fills a struct's array through a double *, &s.arr[i] points into it, sscanf's %s fills one. */
#include <stdio.h>
#include <string.h>
struct rec { int id; char name[16]; double v[3]; };
static struct rec table[2];
static double norm1(const double *x, int n) { double s = 0; for (int i = 0; i < n; i++) s += x[i] < 0 ? -x[i] : x[i]; return s; }
static void fill(double *x, int n) { for (int i = 0; i < n; i++) x[i] = i - 1.5; }
int main(void) {
    struct rec r;
    r.id = 1;
    strcpy(r.name, "alpha");
    sprintf(table[1].name, "beta-%d", 7);
    fill(r.v, 3);
    fill(table[0].v, 3);
    struct rec *p = &table[1];
    strcat(p->name, "!");
    printf("%d %s %s %zu %.1f %.1f\n", r.id, r.name, p->name, strlen(p->name), norm1(r.v, 3), norm1(table[0].v, 3));
    double *mid = &r.v[1];
    *mid = 10;
    printf("%.1f %c\n", r.v[1], r.name[1]);
    int got = sscanf("9 gamma-ray", "%d %15s", &table[0].id, table[0].name);  /* scanf into a struct's array */
    printf("%d %d %s\n", got, table[0].id, table[0].name);
    return 0;
}
