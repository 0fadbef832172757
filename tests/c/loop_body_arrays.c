/* An array declared inside a loop's body is a new object on every iteration, initialized again each time: the
 * elements the body reads and writes at a constant index are not an accumulator that lives in a local across the
 * loop (csharp/loops.py _accumulators), whether or not an array of the same name is declared outside the loop
 * (csmith tier 4 seed 1300006: `int32_t l_1525[9] = {...}; l_1525[0] = 0x452DF4C0L;` in a loop body). */
#include <stdio.h>

static int fresh_each_time(int n)
{
    int i, last = 0;
    for (i = 0; i < n; i++) {
        int k[2] = {5, 7};
        k[0] = k[0] * 2 + i;
        k[1] += k[0];
        last = k[1];
    }
    return last;
}

static int shadowing_an_outer_array(int n)
{
    int acc[2] = {100, 200};
    int i;
    for (i = 0; i < n; i++) {
        int acc[3] = {1, 2, 3};
        acc[1] = acc[1] + i;
        acc[2] += acc[1];
    }
    return acc[0] + acc[1];
}

static long outer_accumulator_with_inner_array(int n)
{
    long sum[1] = {0};
    int i;
    for (i = 0; i < n; i++) {
        long tmp[2] = {i, 2 * i};
        tmp[0] = tmp[0] + tmp[1];
        sum[0] = sum[0] + tmp[0];
    }
    return sum[0];
}

int main(void)
{
    int n;
    for (n = 0; n < 4; n++)
        printf("%d %d %ld\n", fresh_each_time(n), shadowing_an_outer_array(n), outer_accumulator_with_inner_array(n));
    return 0;
}
