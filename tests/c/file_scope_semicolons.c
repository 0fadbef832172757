/* A `;` of its own at file scope, as Eijkhout's book examples end functions (`double inprod(...) { ... };`) and as
 * a doubled `;` after a declaration leaves one: gcc accepts them (ISO C does not, -Wpedantic says so), clang reads an
 * empty declaration (libclang's UNEXPOSED_DECL), which the reader refused as an unsupported top-level construct. */
#include <stdio.h>

static int calls = 0;;

double scale(double x, int k)
{
    calls++;
    return x * k;
};

;
struct pair { int a, b; };;

int sum(struct pair p) { return p.a + p.b; };

int main(void)
{
    struct pair p = {3, 4};
    double d = scale(1.5, 2);
    printf("%g %d %d\n", d, sum(p), calls);
    return 0;
};
