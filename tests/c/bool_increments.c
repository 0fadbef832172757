/* ++ and -- of a _Bool: C adds or subtracts 1 and converts back, so ++ stores 1 and -- flips the value (0 - 1 is
 * nonzero). C# has no ++ or -- of bool (CS0023: the translation did not compile). Prefix and postfix values, as
 * statements, in conditions, on array elements, struct fields and through pointers. */
#include <stdbool.h>
#include <stdio.h>

struct flags { bool on; int n; };

static bool toggled(bool *p) { return (*p)--; }

int main(void)
{
    bool b = false, seen[4] = {false, true, false, true};
    struct flags f = {true, 3};
    _Bool old;
    b++;
    printf("%d\n", b);
    b--;
    printf("%d\n", b);
    --b;
    printf("%d\n", b);
    old = b++;
    printf("%d %d\n", old, b);
    old = b--;
    printf("%d %d\n", old, b);
    old = b--;
    printf("%d %d\n", old, b);
    old = ++b;
    printf("%d %d\n", old, --b);
    if (++seen[0])
        printf("seen %d\n", seen[0]);
    for (int i = 0; i < 4; i++) {
        old = seen[i]--;
        printf("%d:%d ", old, seen[i]);
    }
    printf("\n");
    f.on--;
    f.on++;
    printf("%d %d\n", f.on, f.n);
    bool x = false;
    printf("%d", toggled(&x));
    printf(" %d", toggled(&x));
    printf(" %d\n", x);
    int count = 0;
    for (bool t = false; !t; t++)
        count++;
    printf("%d\n", count);
    return 0;
}
