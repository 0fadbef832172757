/* va_arg of a type named by a typedef or a tag (va_arg(ap, size_t), va_arg(ap, struct pair), va_arg(ap, real)):
 * clang gives such a va_arg a type reference beside the va_list, which the reader took for another expression. A
 * logger taking size_t counts, a sum over structs passed by value through `...`, a union, a typedef'd pointer. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef double real;
typedef const char *name_t;
struct pair { int a; double b; };
typedef struct { short x, y, z; char tag[6]; } point3;
union word { int32_t i; float f; };

static size_t total(int n, ...) {
    va_list ap;
    va_start(ap, n);
    size_t s = 0;
    for (int i = 0; i < n; i++) s += va_arg(ap, size_t);
    va_end(ap);
    return s;
}

static real weighted(int n, ...) {
    va_list ap;
    va_start(ap, n);
    real s = 0;
    for (int i = 0; i < n; i++) {
        struct pair p = va_arg(ap, struct pair);
        s += p.a * p.b;
    }
    va_end(ap);
    return s;
}

static void show(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    for (const char *c = fmt; *c; c++) {
        switch (*c) {
        case 'r': printf("real %g\n", va_arg(ap, real)); break;
        case 'n': printf("name %s\n", va_arg(ap, name_t)); break;
        case 'p': {
            point3 q = va_arg(ap, point3);
            printf("point %d %d %d %s\n", q.x, q.y, q.z, q.tag);
            break;
        }
        case 'u': printf("word %08x\n", (unsigned)va_arg(ap, union word).i); break;
        case 'z': printf("size %zu\n", va_arg(ap, size_t)); break;
        case 'i': printf("int64 %lld\n", (long long)va_arg(ap, int64_t)); break;
        }
    }
    va_end(ap);
}

int main(void) {
    printf("%zu\n", total(4, (size_t)1, sizeof(struct pair), (size_t)1 << 40, (size_t)7));
    struct pair x = {2, 1.5}, y = {-3, 0.25};
    printf("%g\n", weighted(3, x, y, (struct pair){10, 0.125}));
    point3 q = {1, -2, 3, "abc"};
    union word w;
    w.f = 1.0f;
    show("rnpuzi", (real)2.5, "grid", q, w, (size_t)123456789, (int64_t)-9000000000LL);
    return 0;
}
