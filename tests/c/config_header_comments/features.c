#include "config.h"

int features(void)
{
    int n = 0;
#ifdef HAVE_FEATURE1_H
    n++;
#endif
#ifdef HAVE_FEATURE3_H
    n++;
#endif
#ifdef HAVE_FEATURE47_H
    n += 10;
#endif
    return n;
}
