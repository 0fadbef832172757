/* A macro defined after a variable of the same name (graph500: common.h's `static const int ulong_bits =
 * sizeof(unsigned long) * CHAR_BIT;`, then bitmap_reference.h's `#define ulong_bits 64`, both in one file):
 * code before the #define reads the variable, code after it the macro's body. One C# class cannot hold both
 * names, so the macro's uses are expanded. */
#include <stdio.h>
#include <limits.h>

static const int ulong_bits = sizeof(unsigned long) * CHAR_BIT + 1;
static int words_for(int n) { return (n + ulong_bits - 1) / ulong_bits; }

#define ulong_bits 64

int main(void)
{
    printf("%d %d %d\n", words_for(130), (130 + ulong_bits - 1) / ulong_bits, ulong_bits);
    return 0;
}
