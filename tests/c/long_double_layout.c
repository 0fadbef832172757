/* Records holding a long double laid out as C lays them out (16-byte alignment, a union padded to 32): a struct's
 * bytes read through an unsigned char pointer are gcc's, after a memcpy of the whole. */
#include <stdio.h>
#include <string.h>
union lc { long double v; char c[20]; };
struct holder { union lc u[2]; int tail; };
int main(void) {
    struct holder h, g;
    memset(&h, 0, sizeof h);
    h.u[1].v = 1.0L / 3;
    h.u[0].c[19] = 7;
    h.tail = 42;
    memcpy(&g, &h, sizeof h);
    { const unsigned char *b = (const unsigned char *)&g; printf("%zu %zu %La %d %d %02x %02x %d\n", sizeof(union lc), sizeof h, g.u[1].v, g.u[0].c[19], g.tail, b[32], b[41], b[64]); }
    return 0;
}
