/* Unions: members of plain numbers share their bytes (little-endian, as on x86-64), a union with a pointer
 * member still works through each member, unions nest in structs and arrays and copy by value, and
 * volatile objects behave as plain ones in a single thread. */
#include <stdio.h>
#include <stdint.h>

union bits { float f; uint32_t u; uint8_t b[4]; int16_t h[2]; };
union wide { uint64_t w; struct { int32_t lo; int32_t hi; } pair; int8_t first; };
union slot { int *p; long n; double d; };
struct tagged { int kind; union slot v; };

static volatile int ticks;
static union wide table[3] = { { 0x0102030405060708ULL } };

static long read_slot(const struct tagged *t) { return t->kind == 0 ? *t->v.p : t->kind == 1 ? t->v.n : (long)t->v.d; }

int main(void) {
    union bits x;
    x.f = 1.5f;
    printf("%08x %u %u %d %d\n", x.u, x.b[0], x.b[3], x.h[0], x.h[1]);
    x.u = 0xC0490FDBu;
    printf("%.5f\n", x.f);
    x.b[3] = 0x3f;
    printf("%.5f\n", x.f);

    union wide w = table[0];
    printf("%d %d %d\n", w.pair.lo, w.pair.hi, w.first);
    w.pair.hi = -1;
    table[1] = w;
    table[2].first = -2;
    printf("%016llx %016llx\n", (unsigned long long)table[1].w, (unsigned long long)table[2].w);

    int cell = 41;
    struct tagged t[3] = { { 0, { &cell } }, { 1, { 0 } }, { 2, { 0 } } };
    t[1].v.n = -7;
    t[2].v.d = 2.75;
    *t[0].v.p += 1;
    printf("%ld %ld %ld %d\n", read_slot(&t[0]), read_slot(&t[1]), read_slot(&t[2]), cell);

    for (ticks = 0; ticks < 5; ticks++)
        ;
    volatile union bits vb = x;
    printf("%d %08x\n", ticks, vb.u);
    return 0;
}
