/* A #pragma pack(1) struct holding another packed struct: C aligns the inner one at 1 (clang's offsets say so, as
 * if nothing were squeezed), C# at its widest number, so the outer struct needs C's explicit offsets too, or a
 * struct holding it at C's offset overlaps its next field (csmith tier 4 seed 1300166: g_85.f2.f1.f0 lost its top
 * bytes when g_85.f3 was stored). Values, sizes and the bytes a union overlays are compared with gcc's. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#pragma pack(push)
#pragma pack(1)
struct Wide { uint64_t f0; };
struct Pair { int8_t f0; struct Wide f1; };
#pragma pack(pop)

struct Holder {
    int16_t f0;
    unsigned f1 : 5;
    struct Pair f2;
    uint64_t f3;
    int32_t f4;
};

union View { struct Pair p; unsigned char bytes[sizeof(struct Pair)]; };

int main(void)
{
    struct Holder h = {-7, 3, {-1, {0x848624F74BF3BD94ULL}}, 1, 42};
    struct Pair ps[3] = {{1, {2}}, {3, {0x1122334455667788ULL}}, {5, {6}}};
    union View v;
    h.f3 = 0xFFFFFFFFFFFFFFFFULL;
    h.f1 = 9;
    printf("%zu %zu %zu\n", sizeof(struct Pair), sizeof(struct Holder), sizeof ps);
    printf("%d %u %d %llx %llx %d\n", h.f0, h.f1, h.f2.f0, (unsigned long long)h.f2.f1.f0,
           (unsigned long long)h.f3, h.f4);
    v.p = ps[1];
    for (size_t i = 0; i < sizeof v.bytes; i++)
        printf("%02x", v.bytes[i]);
    printf(" %d %llx\n", ps[2].f0, (unsigned long long)ps[2].f1.f0);
    return 0;
}
