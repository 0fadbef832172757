/* Structs that #pragma pack or __attribute__((packed)) squeezes keep C's offsets and size: a union over one
 * (csmith's `union U1 {const struct S0 f0; uint32_t f1; uint64_t f2;}`), their bytes, arrays of them, and a
 * struct that holds one. */
#include <stdio.h>
#include <stdint.h>
#include <stddef.h>
#include <string.h>

#pragma pack(push)
#pragma pack(1)
struct S0 {
    int16_t f0;
    const int8_t f1;
    int32_t f2;
};
#pragma pack(pop)

union U1 {
    const struct S0 f0;
    volatile uint32_t f1;
    uint64_t f2;
};

struct wire {
    char tag;
    double value;
    short n;
} __attribute__((packed));

struct holder {
    int before;
    struct S0 inner;
    char after;
};

static union U1 g = {{-9, 0, 0x0A7086DE}};

int main(void)
{
    struct S0 arr[3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
    struct wire w = {'x', 2.5, 7};
    struct holder h = {11, {-1, -2, -3}, 'z'};
    unsigned char bytes[32];
    int i;

    printf("sizes %zu %zu %zu %zu\n", sizeof(struct S0), sizeof(union U1), sizeof(struct wire), sizeof(struct holder));
    printf("offsets %zu %zu %zu %zu %zu\n", offsetof(struct S0, f2), offsetof(struct wire, value),
           offsetof(struct wire, n), offsetof(struct holder, inner), offsetof(struct holder, after));
    printf("union %X %llX\n", (unsigned)g.f1, (unsigned long long)g.f2);
    g.f2 = 0x1122334455667788ULL;
    printf("after write %X %d %d %d\n", (unsigned)g.f1, g.f0.f0, g.f0.f1, g.f0.f2);
    memcpy(bytes, arr, sizeof arr);
    for (i = 0; i < (int)sizeof arr; i++)
        printf("%02x", bytes[i]);
    printf("\n");
    memcpy(bytes, &w, sizeof w);
    for (i = 0; i < (int)sizeof w; i++)
        printf("%02x", bytes[i]);
    printf("\n");
    memcpy(bytes, &h, sizeof h);
    for (i = 0; i < (int)sizeof h; i++)
        printf("%02x", bytes[i]);
    printf("\n%d %d %d %c\n", h.before, h.inner.f0, h.inner.f2, h.after);
    return 0;
}
