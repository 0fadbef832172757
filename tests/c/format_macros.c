/* String literals joined with macros between the pieces: inttypes.h's PRId64 / PRIu64 / PRIx32 / SCNd64 in
 * printf and sscanf formats (the pieces after a macro were dropped, so the arguments shifted), and the
 * program's own string macros. */
#include <stdio.h>
#include <stdint.h>
#include <inttypes.h>

#define TAG "[rank]"
#define SEP ", "

int main(void)
{
    int64_t big = INT64_MIN + 1;
    uint64_t ubig = UINT64_MAX - 1;
    uint32_t mask = 0xC0FFEEu;
    int64_t parsed = 0;
    printf("big %" PRId64 " ubig %" PRIu64 " mask %#" PRIx32 "\n", big, ubig, mask);
    printf(TAG " a" SEP "b" SEP "%d\n", 3);
    if (sscanf("-123456789012", "%" SCNd64, &parsed) == 1)
        printf("parsed %" PRId64 "\n", parsed);
    printf("%s\n", "x" TAG "y");
    return 0;
}
