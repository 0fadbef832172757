/* Static arrays inside functions handed out by pointer: a counter table kept between calls, a caller writing
 * into the returned array, a static struct array returned as a pointer to its first element, and a lookup that
 * returns a pointer into a static table or NULL. */
#include <stdio.h>
#include <string.h>

struct entry { const char *key; int value; };

static int *histogram(int v) {
    static int bins[5];
    if (v >= 0 && v < 5) bins[v]++;
    return bins;
}

static struct entry *entries(void) {
    static struct entry e[3] = {{"one", 1}, {"two", 2}, {"three", 3}};
    return e;
}

static struct entry *lookup(const char *key) {
    struct entry *e = entries();
    for (int i = 0; i < 3; i++)
        if (strcmp(e[i].key, key) == 0) return &e[i];
    return NULL;
}

static double *unit(int n) {
    static double v[4];
    memset(v, 0, sizeof v);
    v[n % 4] = 1.0;
    return v;
}

int main(void) {
    int vals[] = {1, 3, 3, 4, 0, 3, 9};
    int *h = 0;
    for (unsigned i = 0; i < sizeof vals / sizeof vals[0]; i++) h = histogram(vals[i]);
    h[0] += 10;
    printf("bins %d %d %d %d %d\n", h[0], h[1], h[2], h[3], h[4]);
    printf("again %d\n", histogram(-1)[0]);
    lookup("two")->value = 22;
    printf("two %d, three %d, four %s\n", lookup("two")->value, lookup("three")->value, lookup("four") ? "yes" : "no");
    double *u = unit(2);
    printf("unit %g %g %g %g\n", u[0], u[1], u[2], u[3]);
    unit(5);
    printf("after unit(5): %g %g\n", u[1], u[2]);
    return 0;
}
