/* __int128 into a long double: CLongDouble has no such conversion (round 13: C# would not compile it) */
#include <stdio.h>
int main(void) { __int128 big = (__int128)1 << 100; long double x = big; printf("%Lg\n", x); return 0; }
