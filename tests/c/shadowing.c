/* Names C lets a block reuse: a local declared after a use of the global of
 * the same name (C99), a nested block's redeclaration, a loop over a global
 * array whose name a later local takes, the same in a function with a goto
 * into a block. */
#include <stdio.h>

static int count = 7;
static double weights[6] = {0.5, 1.0, 1.5, 2.0, 2.5, 3.0};
static int bounds[3] = {0, 2, 6};

static double weigh(void)
{
    int part, k;
    double sum = 0.0;
    for (part = 0; part < 2; part++)
        for (k = bounds[part]; k < bounds[part + 1]; k++)
            sum += weights[k] * count;
    double weights = sum / 2;          /* the global until here, this local from here */
    int count = 3;
    {
        int count = 4;                 /* a nested block's own count */
        weights += count;
    }
    return weights + count;
}

/* A goto into a block flattens the function (translator/convert/gotos.py): the same rule there. */
static int retry(void)
{
    int i = 0;
    count += 1;
    {
    again:
        i++;
    }
    int count = i * 10;
    if (i < 3)
        goto again;
    return count;
}

static int weights_used(void)
{
    return (int)weights[5];
}

int main(void)
{
    printf("%.3f\n", weigh());
    printf("%d\n", retry());
    printf("%d\n", count);
    int count = 2;
    printf("%d\n", count * weights_used());
    return 0;
}
