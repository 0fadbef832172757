/* Out-parameters of old APIs: allocating through a `double **`, returning two values through pointers, a struct
 * filled through a pointer, an optional out-parameter tested against NULL, and an int status with the result
 * by pointer. */
#include <stdio.h>
#include <stdlib.h>

struct range { int lo, hi; };

static int make_array(double **out, int n) {
    int i;
    *out = malloc(n * sizeof **out);
    if (!*out) return -1;
    for (i = 0; i < n; i++) (*out)[i] = i * 0.5;
    return 0;
}

static void minmax(const int *v, int n, int *min, int *max) {
    int i;
    *min = *max = v[0];
    for (i = 1; i < n; i++) {
        if (v[i] < *min) *min = v[i];
        if (v[i] > *max) *max = v[i];
    }
}

static void find_range(const int *v, int n, struct range *r, int *count) {
    minmax(v, n, &r->lo, &r->hi);
    if (count) *count = n;
}

static int parse_int(const char *s, int *value) {
    int sign = 1, v = 0;
    if (*s == '-') { sign = -1; s++; }
    if (!*s) return 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9') return 0;
        v = v * 10 + (*s - '0');
    }
    *value = sign * v;
    return 1;
}

int main(void) {
    double *a;
    if (make_array(&a, 5) == 0) printf("%g %g\n", a[1], a[4]);
    free(a);
    int v[] = {4, -2, 9, 0, 7}, lo, hi, n;
    minmax(v, 5, &lo, &hi);
    struct range r;
    find_range(v, 5, &r, &n);
    find_range(v, 3, &r, NULL);
    printf("%d %d | %d %d %d\n", lo, hi, r.lo, r.hi, n);
    int x = 0;
    int ok = parse_int("-123", &x);
    printf("%d %d ", ok, x);
    ok = parse_int("12a", &x);
    printf("%d %d\n", ok, x);
    return 0;
}
