/* K&R definitions whose parameters are promoted: char, short and float arrive as int and double, and the
 * body sees them narrowed again; called before and after their definition. */
#include <stdio.h>

double mix();

int widen(c, s, f)
char c;
short s;
float f;
{
    return c + s + (int)(f * 2);
}

double mix(a, b, n)
float a;
double b;
unsigned char n;
{
    return a * n + b;
}

static unsigned char wrap(x)
unsigned char x;
{
    return x + 200;
}

int main() {
    printf("%d\n", widen('A', (short)-3, 1.75f));
    printf("%.3f\n", mix(1.5f, 0.25, 3));
    printf("%d %d\n", wrap(100), wrap(55));
    return 0;
}
