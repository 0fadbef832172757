/* The order of a call's arguments, which C leaves open: gcc (x86-64) evaluates the ones with side effects right to
 * left and reads the others last, and naive programs print what that order gives (`rand(), rand()` in one
 * printf). Calls, draws, increments, nested calls, a declaration, a return and an argument read after another's
 * increment. (An argument reading memory another one's call changes, `f(count, next())`, keeps C#'s order: not
 * tested here.) */
#include <stdio.h>
#include <stdlib.h>

static int trail;

static int f(int x) { return trail = trail * 10 + x; }
static int pair(int a, int b) { return a * 100 + b; }
static int twice(int a, int b) { return pair(f(a), f(b)); }

int main(void)
{
    int i = 0;
    srand(7);
    srand48(11);
    printf("%d %d %d\n", f(1), f(2), f(3));
    printf("%d %d\n", rand() % 100, rand() % 100);
    printf("%.6f %.6f %.6f\n", drand48(), drand48(), drand48());
    printf("%d %d %d\n", i++, i++, i);
    printf("%d %d\n", i, i++);
    int p = pair(f(4), pair(f(5), f(6)));
    printf("%d %d\n", p, twice(7, 8));
    return pair(f(1), f(2)) > 0 ? 0 : 1;
}
