/* Object-like macros whose body is a piece of an expression, as graph500's bitmap_reference.h writes them
 * (`#define ulong_shift >>6`, `#define ulong_mask &63`, used as `visited[(v) ulong_shift]` and inside
 * function-like macros): no constant of their own, so each use is expanded in the text, where the operator
 * belongs to the expression around it. A macro that is a whole constant (`ulong_bits`) stays one. */
#include <stdio.h>
#include <string.h>

#define ulong_bits 64
#define ulong_mask &63
#define ulong_shift >>6
#define times_two *2
#define SET_VISITEDLOC(v) do { visited[(v) ulong_shift] |= (1ULL << ((v) ulong_mask)); } while (0)
#define TEST_VISITEDLOC(v) ((visited[(v) ulong_shift] & (1ULL << ((v) ulong_mask))) != 0)

static unsigned long visited[4];

int main(void)
{
    memset(visited, 0, sizeof visited);
    for (int v = 0; v < 4 * ulong_bits; v += 13)
        SET_VISITEDLOC(v);
    visited[100 ulong_shift] |= 1UL << (100 ulong_mask);
    int count = 0;
    for (int v = 0; v < 4 * ulong_bits; v++)
        if (TEST_VISITEDLOC(v)) {
            printf("%d ", v);
            count++;
        }
    printf("\n%d set, words %lx %lx, %d\n", count, visited[0], visited[3], 21 times_two ulong_mask);
    return 0;
}
