/* Unions for type punning: a float's and a double's bits, the bytes of an int (little-endian), a tagged
 * union of a parser's values, and a union of a struct and an array view of it. */
#include <stdio.h>
#include <stdint.h>

union fbits { float f; uint32_t u; unsigned char b[4]; };
union dbits { double d; uint64_t u; int32_t half[2]; };
union ibytes { int i; unsigned char c[sizeof(int)]; };
struct value { int kind; union { long i; double d; const char *s; } as; };
union xyz { struct { double x, y, z; } p; double a[3]; };

static void show(struct value v) {
    switch (v.kind) {
    case 0: printf("int %ld\n", v.as.i); break;
    case 1: printf("double %g\n", v.as.d); break;
    default: printf("string %s\n", v.as.s); break;
    }
}

int main(void) {
    union fbits f;
    f.f = -1.5f;
    printf("%08x %02x %02x\n", f.u, f.b[0], f.b[3]);
    f.u = 0x40490fdb;
    printf("%.6f\n", f.f);
    union dbits d;
    d.d = 1.0;
    printf("%016llx %d %d\n", (unsigned long long)d.u, d.half[0], d.half[1]);
    union ibytes ib;
    ib.i = 0x01020304;
    printf("%d %d %d %d little=%d\n", ib.c[0], ib.c[1], ib.c[2], ib.c[3], ib.c[0] == 4);
    struct value vs[3] = {{0, {.i = 42}}, {1, {.d = 2.5}}, {2, {.s = "hi"}}};
    int k;
    for (k = 0; k < 3; k++) show(vs[k]);
    union xyz u;
    u.p.x = 1; u.p.y = 2; u.p.z = 3;
    u.a[1] *= 10;
    printf("%g %g %g\n", u.a[0], u.p.y, u.a[2]);
    return 0;
}
