/* A program whose autoconf config.h (many comments, defines, no include guard) is included by each of its files:
 * the reader's test for an include guard must fail fast on such a header (an exponential regular expression once
 * made it run for hours). */
#include <stdio.h>
#include "config.h"

int features(void);

int main(void)
{
#ifdef HAVE_FEATURE0_H
    printf("feature0 defined\n");
#else
    printf("feature0 undefined\n");
#endif
    printf("%s: %d features\n", PACKAGE, features());
    return 0;
}
