/* Control flow of old code: do-while countdowns, for(;;) with break, continue in a do-while (it goes to the
 * test), a switch with default in the middle and fall-through, nested switches, and a while over a pointer. */
#include <stdio.h>

static const char *kind(int c) {
    switch (c) {
    case 'a': case 'e': case 'i': case 'o': case 'u':
        return "vowel";
    default:
        if (c >= '0' && c <= '9') return "digit";
        return "other";
    case ' ':
        return "space";
    }
}

int main(void) {
    int n = 5, steps = 0;
    do { steps++; } while (--n);
    printf("%d %d\n", steps, n);
    int i = 0;
    for (;;) { if (++i * i > 50) break; }
    printf("%d\n", i);
    int k = 0, odd = 0;
    do {
        k++;
        if (k % 2 == 0) continue;
        odd++;
    } while (k < 9);
    printf("%d %d\n", k, odd);
    const char *s = "a1 x";
    while (*s) printf("%s ", kind(*s++));
    printf("\n");
    int total = 0;
    for (i = 0; i < 6; i++) {
        switch (i % 3) {
        case 0:
            total += 1;
        case 1:
            total += 10;
            switch (i) {
            case 4: total += 1000; break;
            default: break;
            }
            break;
        default:
            total += 100;
        }
    }
    printf("%d\n", total);
    return 0;
}
