/* glibc's errno macro, (*__errno_location ()): the operator inside a system header's macro is told apart by
 * the types (it was an error); errno after a failed fopen and an out-of-range strtol, strerror, perror; __FILE__,
 * __LINE__ and __func__ in a checking macro. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <float.h>
#include <time.h>
#define CHECK(x) do { if (!(x)) { fprintf(stdout, "%s:%d: %s: check failed: %s\n", __FILE__, __LINE__, __func__, #x); } } while (0)
static int work(int v) {
    CHECK(v > 0);
    return v * 2;
}
int main(void) {
    FILE *f = fopen("/nonexistent/dir/file.txt", "r");
    if (!f) {
        printf("fopen failed: errno %d (%s) %s\n", errno, errno == ENOENT ? "ENOENT" : "?", strerror(errno));
        perror("fopen");
    }
    errno = 0;
    long v = strtol("99999999999999999999", NULL, 10);
    printf("strtol %ld errno %s\n", v, errno == ERANGE ? "ERANGE" : "0");
    printf("%d %d\n", work(3), work(-1));
    printf("eps %g %g %d %ld\n", DBL_EPSILON, FLT_EPSILON, EXIT_FAILURE, (long)CLOCKS_PER_SEC);
    return EXIT_SUCCESS;
}
