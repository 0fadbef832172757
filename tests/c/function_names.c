/* __func__, __FUNCTION__ and __PRETTY_FUNCTION__ in functions of several shapes, directly and through a macro.
 * In C, gcc gives __PRETTY_FUNCTION__ the function's name alone (as __func__); clang gives the declaration
 * ("int who(int)"): the port must print what the gcc-built program prints. */
#include <stdio.h>

#define TRACE(tag) printf("%s: %s / %s / %s\n", tag, __func__, __FUNCTION__, __PRETTY_FUNCTION__)

static int who(int x)
{
    TRACE("who");
    return x + 1;
}

static const char *name_of_caller(void)
{
    return __PRETTY_FUNCTION__;
}

static int twice(int v) { return 2 * v; }

static int (*pick(int k))(int)
{
    printf("pick(%d) in %s\n", k, __PRETTY_FUNCTION__);
    return twice;
}

struct point { int x, y; };

static struct point origin(void)
{
    struct point p = {0, 0};
    printf("%s returns a struct\n", __PRETTY_FUNCTION__);
    return p;
}

int main(int argc, char **argv)
{
    (void)argv;
    TRACE("main");
    printf("%d %s %d\n", who(argc), name_of_caller(), pick(3)(4));
    printf("%d\n", origin().x);
    printf("literal: %s\n", "int who(int)");
    return 0;
}
