/* Bit-fields of signed and unsigned widths: wrap-around on overflow, sign extension of a signed field,
 * a one-bit flag, plain `int` fields (signed in gcc), and sizeof of the struct. */
#include <stdio.h>

struct flags {
    unsigned ready : 1;
    signed level : 3;
    unsigned count : 4;
    int plain : 5;
    unsigned long big : 40;
};

int main(void) {
    struct flags f = {0};
    int i;
    f.ready = 3;
    f.level = 3;
    printf("%u %d\n", f.ready, f.level);
    f.level = 4;
    printf("level 4 -> %d\n", f.level);
    f.level = -5;
    printf("level -5 -> %d\n", f.level);
    for (i = 0; i < 20; i++) f.count++;
    printf("count %u\n", f.count);
    f.plain = 15;
    f.plain += 2;
    printf("plain %d\n", f.plain);
    f.big = (1UL << 40) - 1;
    f.big += 2;
    printf("big %lu size %zu\n", (unsigned long)f.big, sizeof f);
    f.count = 0;
    f.count--;
    printf("count-- %u %d\n", f.count, f.count > 10);
    return 0;
}
