/* <inttypes.h>'s functions legacy codes call with intmax_t (long on x86-64 Linux): strtoimax, strtoumax with their
 * end pointers and bases, imaxabs (of INTMAX_MIN too, which gcc's code leaves negative), with the PRI/SCN macros. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>

int main(void)
{
    const char *texts[] = {"-123abc", "0xff", "0777", "  +42", "9223372036854775808", "-1", "zz"};
    for (unsigned i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        char *end;
        errno = 0;
        intmax_t v = strtoimax(texts[i], &end, 0);
        int e = errno;
        errno = 0;
        uintmax_t u = strtoumax(texts[i], NULL, 16);
        printf("%-22s %" PRIdMAX " (%d chars, errno %d) %" PRIuMAX " (errno %d)\n", texts[i], v, (int)(end - texts[i]), e,
               u, errno);
    }
    volatile intmax_t m = INTMAX_MIN;
    printf("%jd %jd %jd\n", imaxabs(-5), imaxabs(7), imaxabs(m));
    int64_t x;
    sscanf("-77", "%" SCNd64, &x);
    printf("%" PRId64 " %" PRIx32 " %" PRIo16 "\n", x, (uint32_t)0xbeef, (uint16_t)8);
    return 0;
}
