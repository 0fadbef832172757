/* Functions whose end C# must judge as C does: main without a return statement (C99: it returns 0), a
 * value function that can fall off its end when nobody uses the value, loops left only by return, switches
 * with and without a default. */
#include <stdio.h>

static int calls = 0;

static int count_call(int x)        /* falls off the end when x < 0; those calls ignore the value */
{
    calls++;
    if (x >= 0)
        return x * 2;
}

static int first_square_above(int limit)
{
    int i = 0;
    while (1) {                     /* left only by return */
        if (i * i > limit)
            return i;
        i++;
    }
}

static int spin(int n)
{
    for (;;) {
        if (--n <= 0)
            return n;
    }
}

static const char *kind(int k)
{
    switch (k) {                    /* every case returns, and there is a default */
    case 0: return "zero";
    case 1: return "one";
    default: return "many";
    }
}

static int bonus(int k)
{
    switch (k) {                    /* no default: the end is reachable */
    case 1: return 10;
    case 2: return 20;
    }
    return 0;
}

static int loop_with_break(int n)
{
    int s = 0;
    while (1) {
        if (n-- <= 0)
            break;
        s += n;
    }
    return s;
}

int main(int argc, char **argv)
{
    int twice;
    count_call(-1);
    twice = count_call(4);          /* before reading calls: C leaves the order of arguments open */
    printf("%d %d %d %d\n", twice, first_square_above(50), spin(5), calls);
    printf("%s %s %s %d %d %d\n", kind(0), kind(1), kind(7), bonus(2), bonus(5), loop_with_break(5));
}
