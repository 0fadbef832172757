/* Control flow: switch with fallthrough and default in the middle, do/while,
 * break/continue, nested loops, goto, the conditional operator. */
#include <stdio.h>

static int classify(int n)
{
    int score = 0;
    switch (n % 6) {
    case 0:
        score += 1;
    case 1:
        score += 10;
        break;
    default:
        score += 100;
    case 4:
        score += 1000;
        break;
    case 5:
        return -1;
    }
    return score;
}

static long fact(int n)
{
    return n <= 1 ? 1 : n * fact(n - 1);
}

int main(int argc, char **argv)
{
    int i, j, total = 0;
    for (i = 0; i < 8; i++)
        printf("classify(%d) = %d\n", i, classify(i));
    i = 0;
    do {
        i += 3;
        if (i % 2 == 0)
            continue;
        total += i;
    } while (i < 20);
    printf("total %d\n", total);
    for (i = 0; i < 5; i++) {
        for (j = 0; j < 5; j++) {
            if (j > i)
                break;
            total += i * j;
        }
    }
    printf("total %d fact(15) %ld argc %d\n", total, fact(15), argc);
    i = 0;
again:
    i++;
    if (i < 4)
        goto again;
    printf("after goto %d\n", i);
    while (1) {
        if (++i > 10)
            break;
    }
    printf("i %d %s\n", i, i > 5 ? "big" : "small");
    return 0;
}
