/* A string literal indexed by a variable, legacy's hex and base-36 digit idiom (`"0123456789abcdef"[v & 15]`,
 * `"..."[n % base]` of a size_t), is C's char: C#'s string indexer gave a C# char (CS0266 into a char) and took an
 * int index only (CS1503). Its terminating NUL is read as C reads it, and a literal of UTF-8 text is its bytes
 * (`"caf\xc3\xa9"[4]` is 0xA9, not the é C# holds in one char). */
#include <stddef.h>
#include <stdio.h>

static void put_base(unsigned long v, unsigned base)
{
    char out[72];
    size_t n = 0;
    do {
        out[n++] = "0123456789abcdefghijklmnopqrstuvwxyz"[v % base];
        v /= base;
    } while (v);
    while (n)
        putchar(out[--n]);
    putchar('\n');
}

int main(void)
{
    unsigned v = 0xC0FFEEu;
    unsigned long w = 3;
    size_t z = 5;
    unsigned char b = 2;
    long l = 4;
    printf("%c%c%c%c%c\n", "0123456789abcdef"[v & 15], "0123456789abcdef"[w], "0123456789abcdef"[z],
           "0123456789abcdef"[b], "0123456789abcdef"[l]);
    put_base(0xDEADBEEFUL, 16);
    put_base(1234567890123UL, 36);
    put_base(~0UL, 2);
    int total = 0;
    for (size_t i = 0; "legacy"[i]; i++)
        total += "legacy"[i];
    printf("%d\n", total);
    int k = (int)w;
    printf("%d %d %d %d %d\n", "caf\xc3\xa9!"[k], "caf\xc3\xa9!"[k + 1], "caf\xc3\xa9!"[k + 2], "caf\xc3\xa9!"[k + 3],
           "\xe9\xff"[k - 2]);
    char c = "abc"[k];
    unsigned char u = "\x80\xfe"[k - 2];
    printf("%d %d\n", c, u);
    return 0;
}
