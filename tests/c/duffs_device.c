/* Case labels inside other statements of their switch's body, which C lets the switch jump to: Duff's device (the
 * copy loop unrolled 8 times, entered at count % 8) for counts that are and are not multiples of 8, a case inside an
 * `if (0)` block, a default inside a while, breaks that leave the inner loop and the switch. Located errors before
 * round 11 (probe11; fuzz kind round10, r10-20 and r10-21): the function is lowered to tests and gotos
 * (translator/passes/gotos.py). */
#include <stdio.h>

static void copy(int *to, const int *from, int count)
{
    int n = (count + 7) / 8;
    switch (count % 8) {
    case 0: do { *to++ = *from++;
    case 7:      *to++ = *from++;
    case 6:      *to++ = *from++;
    case 5:      *to++ = *from++;
    case 4:      *to++ = *from++;
    case 3:      *to++ = *from++;
    case 2:      *to++ = *from++;
    case 1:      *to++ = *from++;
            } while (--n > 0);
    }
}

static int classify(int x)
{
    int y = 0;
    switch (x) {
    case 0:
        y = 1;
        if (0) {
    case 1:
            y = 2;
        }
        break;
    case 2:
        y = 3;
        while (y < 10) {
    default:
            y += 4;
            if (y > 12)
                break;     /* leaves the while */
        }
        y += 100;
        break;             /* leaves the switch */
    }
    return y;
}

int main(void)
{
    int from[20], to[20];
    for (int i = 0; i < 20; i++) from[i] = i * i;
    for (int count = 1; count <= 20; count += 3) {
        for (int i = 0; i < 20; i++) to[i] = -1;
        copy(to, from, count);
        int sum = 0;
        for (int i = 0; i < 20; i++) sum += to[i];
        printf("%d:%d ", count, sum);
    }
    printf("\n%d %d %d %d %d\n", classify(0), classify(1), classify(2), classify(3), classify(-5));
    return 0;
}
