/* Writes into a compound literal of a scalar or a struct, an lvalue in C (its unnamed object): `(int){3} = 4`,
 * `++(int){5}`, `(struct pt){1, 2}.x = 5`, `(struct pt){1, 2} = (struct pt){5, 6}`, a compound assignment, each as a
 * statement and as a value. Located errors before round 11 (probe11; fuzz kind round10, r10-25 and r10-27). */
#include <stdio.h>

struct pt { int x, y; };

int main(void)
{
    int a = ++(int){5};
    int b = ((int){3} = 4) + 1;
    int c = (struct pt){1, 2}.x = 7;
    struct pt p = ((struct pt){1, 2} = (struct pt){5, 6});
    int d = ((int){10} += 5) * 2;
    (int){1}++;
    (struct pt){1, 2}.y = 9;
    double e = --(double){2.5};
    printf("%d %d %d %d %d %d %g\n", a, b, c, p.x, p.y, d, e);
    return 0;
}
