/* INT_MIN / -1: undefined in C; x86's idiv traps on it as on a zero divisor, so the program dies of SIGFPE (the
 * shell's status 128 + 8) and prints nothing after it. What stdout held is lost with the process (a pipe's buffer),
 * so the lines before are flushed. The port's OverflowException ended the run with status 1. */
#include <limits.h>
#include <stdio.h>

static int quotient(int a, int b) { return a / b; }

int main(void)
{
    volatile int lowest = INT_MIN, minus_one = -1;
    printf("%d %d %d\n", quotient(lowest, 1), quotient(lowest + 1, minus_one), lowest % 7);
    printf("%d %d\n", quotient(lowest, 2), -(lowest + 1) / minus_one);
    fflush(stdout);
    printf("%d\n", quotient(lowest, minus_one)); /* traps */
    printf("not reached\n");
    return 0;
}
