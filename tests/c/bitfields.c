/* Bit-fields: stores keep the low bits (sign-extended when signed), reads promote as C's rules say
 * (an unsigned field narrower than int reads as an int), and the value of an assignment, ++ or op= on a
 * bit-field is the field's new value. Unnamed fields only pad; sizeof is clang's layout. */
#include <stdio.h>
#include <stdint.h>

#pragma pack(push)
#pragma pack(1)
struct flags { signed a : 5; unsigned b : 7; unsigned c : 32; signed : 0; unsigned d : 3; char e : 3; uint64_t g : 40; };
#pragma pack(pop)
struct cell { int id; volatile unsigned live : 1; const signed level : 4; };
union either { struct flags f; int n; };
union word { uint32_t all; unsigned low : 25; signed byte : 8; };

static struct flags g = { 20, 300, 5, 9, 5, 0x1ffffffffffULL };
static struct cell cells[3] = { { 1, 1, -3 }, { 2, 0, 7 }, { 3, 3, 9 } };

static int bump(struct flags *p) { return ++p->b + (p->d += 6); }

int main(void) {
    struct flags s = { 20, 300, 5, 9, 1, 3 };
    int k = s.b - 200;
    long m = s.c - 10;
    printf("%d %d %ld %d %d %llu\n", s.a, k, m, s.d, g.e, (unsigned long long)g.g);
    int v = (s.a = 40);
    int w = bump(&s);
    s.b = 127;
    s.b++;
    int post = s.a--;
    printf("%d %d %u %d %d %u\n", v, w, s.b, post, s.a, s.d);
    for (int i = 0; i < 3; i++)
        printf("cell %d live %u level %d\n", cells[i].id, cells[i].live, cells[i].level);
    cells[2].live ^= 1;
    g.g += 2;
    g.c = 0xffffffffu;
    g.c += 1;
    union either u;
    u.f = g;
    u.f.a = -1;
    union word wd;
    wd.all = 0xF2345678u;
    printf("%08x %d ", wd.low, wd.byte);
    wd.low = 0x1ABCDEF;
    wd.byte += 1;
    printf("%08x %08x ", wd.all, wd.low);
    int assigned = (wd.byte = 200);
    printf("%d %08x\n", assigned, wd.all);
    printf("%u %llu %u %d %zu %zu\n", cells[2].live, (unsigned long long)g.g, g.c, u.f.a, sizeof(struct flags),
           sizeof(struct cell));
    return 0;
}
