/* C's subscript a[b] is *(a + b), so the integer may come first (`2[arr]`, `i["0123456789abcdef"]` in legacy hex
 * printers and obfuscated-looking macros): the C# indexes the pointer operand. It did not compile (CS0021). */
#include <stdio.h>

#define HEX(d) ((d)["0123456789abcdef"])

int main(void)
{
    int arr[] = {5, 6, 7, 8};
    int *p = &arr[2];
    int m[2][3] = {{1, 2, 3}, {4, 5, 6}};
    char c = 1;
    long k = 3;
    printf("%d %d %d %d %d\n", 2[arr], (-1)[p], c[arr], k[arr], 1[m][2]);
    1[arr] += 10;
    (k - 1)[arr] = 70;
    int *q = &0[arr];
    printf("%d %d %d %d\n", arr[1], arr[2], *q, *(&1[arr] + 1));
    for (unsigned v = 0xC0FFEEu, i = 0; i < 6; i++, v >>= 4)
        putchar(HEX(v & 15));
    putchar('\n');
    printf("%c%c\n", 0["ab"], 1["ab"]);
    return 0;
}
