/* math.h's floating constants where C converts them to an integer (fuzz seed 6 input 831: a `size_t` table of
 * INFINITY/NAN, CS0266, then CS0221). Out-of-range values are undefined in C, so only the in-range ones and the
 * table's size are printed; what matters is that the port compiles. */
#include <math.h>
#include <stdio.h>
#include <stddef.h>

int main(void)
{
    static const size_t table[] = {0.0, 1.0, INFINITY, -INFINITY, NAN, 2.5, HUGE_VAL};
    size_t big = INFINITY;
    long neg = -HUGE_VAL;
    int none = NAN;
    float f = INFINITY;
    double d = -HUGE_VAL;
    (void)big; (void)neg; (void)none;
    printf("%zu %zu %zu %zu\n", table[0], table[1], table[5], sizeof table / sizeof table[0]);
    printf("%d %d\n", isinf(f) != 0, isinf(d) != 0);
    return 0;
}
