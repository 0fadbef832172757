/* Pointers to struct fields (&s.f, &a[i].f.g, &p->f), and the pointer comparisons csmith writes:
 * pointers to different types, (void *) casts, a comma or ?: that yields (void *)0; and integers
 * read through their other-signedness pointer type. */
#include <stdio.h>
#include <stdint.h>
struct inner { int16_t a; uint32_t b; };
struct outer { int32_t x; struct inner in; uint64_t y; };
static struct outer g = {1, {2, 3}, 4};
static struct outer arr[3] = {{5, {6, 7}, 8}, {9, {10, 11}, 12}, {13, {14, 15}, 16}};
static uint32_t g_u = 99;
static uint32_t *tab[3] = {&g.in.b, &g_u, &arr[1].in.b};
static uint64_t *gy = &g.y;

static void bump(int32_t *p) { *p += 100; }
static void set_inner(struct inner *q) { q->a = -7; uint32_t *pb = &q->b; *pb = 77; }

int main(void) {
    struct outer loc = {20, {21, 22}, 23};
    int32_t *px = &loc.x;
    *px = 30;
    bump(&loc.x);
    bump(&arr[2].x);
    set_inner(&loc.in);
    set_inner(&arr[0].in);
    *gy += 1;
    for (int i = 0; i < 3; i++) *tab[i] += (uint32_t)i;
    struct outer copy = loc;   /* value semantics survive */
    copy.x = 1;
    printf("%d %d %u %d %u\n", loc.x, loc.in.a, loc.in.b, copy.x, copy.in.b);
    printf("%u %u %u %llu\n", g.in.b, g_u, arr[1].in.b, (unsigned long long)g.y);
    printf("%d %d %u %d\n", arr[2].x, arr[0].in.a, arr[0].in.b, tab[0] == &g.in.b);
    printf("%d %d\n", px == &loc.x, (void *)0 == (void *)px);
    int16_t *pa = &loc.in.a;
    int64_t *ps = 0;
    uint64_t *pu = &g.y;
    printf("%d %d\n", *pa, ps == 0 && pu != 0);

    /* pointers to different types are equal only when both are NULL */
    int64_t big = 5;
    int64_t *pbig = &big;
    uint64_t *pnone = 0;
    printf("%d %d %d\n", (void *)pbig == (void *)pu, (void *)ps == (void *)pnone, pbig != (int64_t *)0);

    /* a comma or a condition whose value is (void *)0 */
    int k = 0;
    int32_t *pz = (k++, (void *)0);
    printf("%d %d %d\n", pz == 0, k, px == (k > 5 ? (void *)0 : (void *)0));
    printf("%d\n", (k = 3, (void *)0) != px);

    /* a table of pointers to the rows of a table of pointers */
    static int8_t c0 = 1, c1 = 2;
    static int8_t *row[2] = {&c0, &c1};
    static int8_t **rows[3] = {&row[1], &row[0], &row[1]};
    printf("%d %d %d\n", **rows[0], **rows[1], *rows[2] == &c1);

    /* an integer read through its other-signedness type: C's aliasing rules allow it */
    int32_t counts[3] = {-1, 2, -3};
    uint32_t *as_unsigned = (uint32_t *)&counts[1];
    as_unsigned[1] += 1u;
    uint32_t *first = (uint32_t *)counts;
    int32_t *again = (int32_t *)(first + 1);
    uint16_t half = 65535;
    int16_t *signed_half = (int16_t *)&half;
    printf("%u %d %u %d %d %d\n", *as_unsigned, counts[2], first[0], again == &counts[1],
           (void *)first == (void *)counts, *signed_half);
    return 0;
}
