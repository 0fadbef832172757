/* The preprocessor of configurable legacy codes: #if arithmetic and defined() chains, #elif ladders, __LINE__
 * and __FILE__'s base name, #undef and redefinition, a multi-line macro with a comment inside, and
 * stringified expressions in an ASSERT-style macro. */
#include <stdio.h>
#include <string.h>

#define NDIM 3
#define USE_FAST 1
#if NDIM == 2 && defined(USE_FAST)
#define MODE "2d-fast"
#elif NDIM == 3 && USE_FAST > 0 && !defined(DEBUG)
#define MODE "3d-fast"
#else
#define MODE "slow"
#endif

#ifndef BLOCK
#define BLOCK (NDIM * 16)
#endif

#define CHECK(cond) \
    do { /* reports the failing expression */ \
        if (!(cond)) printf("check failed: %s (line %d)\n", #cond, __LINE__); \
        else printf("ok: %s\n", #cond); \
    } while (0)

#define SQUARE(x) ((x) * (x))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

int main(void) {
    const char *file = strrchr(__FILE__, '/');
    printf("%s %d %s\n", MODE, BLOCK, file ? file + 1 : __FILE__);
    CHECK(SQUARE(3) == 9);
    CHECK(MAX(2, 7) < 5);
#undef BLOCK
#define BLOCK 7
    printf("%d %d\n", BLOCK, SQUARE(BLOCK + 1));
#if defined(__GNUC__) && __STDC_VERSION__ >= 199901L
    printf("c99 or later\n");
#endif
#ifdef __cplusplus
    printf("c++\n");
#endif
    return 0;
}
