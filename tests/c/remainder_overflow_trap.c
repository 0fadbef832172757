/* LLONG_MIN % -1: C11 makes it undefined (the quotient is not representable); x86's idiv computes both and traps, so
 * the program dies of SIGFPE (the shell's status 128 + 8). The lines before are flushed (a pipe's buffer is lost with
 * the process). The port's OverflowException ended the run with status 1. */
#include <limits.h>
#include <stdio.h>

int main(void)
{
    volatile long long lowest = LLONG_MIN, minus_one = -1;
    volatile int small = INT_MIN;
    printf("%lld %lld %d\n", lowest % 3, (lowest + 1) % minus_one, small % 5);
    fflush(stdout);
    printf("%lld\n", lowest % minus_one); /* traps */
    printf("not reached\n");
    return 0;
}
