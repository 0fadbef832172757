/* A pointer converted implicitly to one whose pointed-to pointer type adds const or volatile below the first level
 * (csmith --strict-volatile-rule: `static volatile uint8_t **g_489[8] = {0, 0, &g_490, ...}` of a `uint8_t *g_490`,
 * `uint16_t **volatile *volatile *l = &p` of a `uint16_t ***p`; seeds 2480000-2480014). C takes it with a warning
 * (gcc 12's -Wincompatible-pointer-types, clang's -Wincompatible-pointer-types-discards-qualifiers); the qualifiers
 * change nothing the port stores, so the pointer is the same pointer. Initializations, assignments, arguments,
 * returns, struct members and union members, read and written through. The same warning group has the first level's
 * qualifiers dropped (`int *q = p` of a `const int *p` that points at a variable), which gcc only warns about too. */
#include <stdio.h>
#include <stdint.h>

struct S { int32_t a; uint16_t b; };
union U { int32_t i; uint8_t c[4]; };

static uint8_t g_byte = 7;
static uint8_t *g_byte_ptr = &g_byte;
static volatile uint8_t **g_table[4] = {0, &g_byte_ptr, 0, &g_byte_ptr};
static int16_t g_short = -3;
static int16_t *g_sp = &g_short;
static int16_t **g_spp = &g_sp;
static int16_t *volatile *volatile *const g_chain = &g_spp;

static struct S g_s = {1, 2};
static struct S *g_sptr = &g_s;
static union U g_u = {0x01020304};
static union U *g_uptr = &g_u;

static int32_t total(const volatile int32_t *const *p, int n)
{
    int32_t sum = 0;
    int k;
    for (k = 0; k < n; k++)
        sum += *p[k];
    return sum;
}

static volatile uint16_t **as_volatile(uint16_t **p)
{
    return p;
}

static void bump(int32_t *p)
{
    *p += 100;
}

int main(void)
{
    int32_t x = 10, y = 20, z = 30;
    int32_t *row[3] = {&x, &y, &z};
    uint16_t w = 5;
    uint16_t *wp = &w;
    volatile uint16_t **vw;
    const volatile struct S **cs = &g_sptr;
    volatile union U **vu;
    const int32_t *read_only = &x;
    int32_t *writable = read_only;
    const char *text = "text";
    char *loose = text;
    int k;

    printf("table: %d %d\n", **g_table[1], g_table[0] == 0);
    **g_table[3] = 9;
    printf("byte now %d\n", g_byte);
    ***g_chain = 11;
    printf("short now %d, through the chain %d\n", g_short, ***g_chain);
    printf("total %d\n", total(row, 3));
    vw = as_volatile(&wp);
    **vw += 4;
    printf("w %u\n", (unsigned)w);
    vw = &wp;
    printf("again %u\n", (unsigned)**vw);
    printf("struct %d %u\n", (*cs)->a, (unsigned)(*cs)->b);
    vu = &g_uptr;
    (*vu)->i = 0x0A0B0C0D;
    for (k = 0; k < 4; k++)
        printf("%d ", g_u.c[k]);
    printf("\n");
    *writable = 12;
    bump(read_only);
    printf("x %d, %s %c\n", x, loose, loose[1]);
    return 0;
}
