#include <stdio.h>
#define max(a, b) ({ int _a = (a); int _b = (b); hits++; _a > _b ? _a : _b; })
static int hits; int main(void)
{
    int x = 1, y = 2, z = printf("x\n") + max(x, y);
    return z + hits;
}
