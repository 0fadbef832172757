/* The drand48 family's reentrant and reseeding forms (erand48, nrand48, jrand48 on a caller's state; seed48,
 * lcong48, mrand48) against glibc's sequences, and setvbuf/setbuf on stdout, which MPI programs call so that
 * their lines are not held in a buffer. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    unsigned short state[3] = {0x1234, 0xabcd, 0x0042};
    unsigned short seed[3] = {7, 8, 9};
    unsigned short params[7] = {1, 2, 3, 0xe66d, 0xdeec, 0x5, 0xb};
    int i;

    if (setvbuf(stdout, NULL, _IONBF, 0) != 0)
        printf("setvbuf failed\n");
    for (i = 0; i < 3; i++) {
        double e = erand48(state); /* one call per statement: C leaves the order of arguments open */
        long n = nrand48(state);
        long j = jrand48(state);
        printf("erand48 %.12f nrand48 %ld jrand48 %ld\n", e, n, j);
    }
    printf("state %u %u %u\n", state[0], state[1], state[2]);
    srand48(11);
    unsigned short *old = seed48(seed);
    double d = drand48();
    long m = mrand48();
    printf("old seed %u %u %u, then %.12f %ld\n", old[0], old[1], old[2], d, m);
    lcong48(params);
    long l = lrand48();
    m = mrand48();
    printf("lcong48 %ld %ld\n", l, m);
    setbuf(stdout, NULL);
    printf("done\n");
    return 0;
}
