/* switch fallthrough chains: cumulative cases (each adds and falls into the next), default first and falling
 * into a case, a case between statements of a loop body, several labels on one statement, and a switch inside a
 * loop where break leaves the switch and continue the loop. */
#include <stdio.h>

static int level(int n) {
    int x = 0;
    switch (n) {
    case 4: x += 1000;
    case 3: x += 100;
    case 2: x += 10;
    case 1: x += 1;
    }
    return x;
}

static const char *kind(char c) {
    switch (c) {
    default:
        if (c >= '0' && c <= '9') return "digit";
    case ' ': case '\t':
        return "blank-or-other";
    case 'a': case 'e': case 'i': case 'o': case 'u':
        return "vowel";
    }
}

int main(void) {
    int evens = 0, skipped = 0;
    for (int n = 0; n <= 5; n++) printf("level %d = %d\n", n, level(n));
    printf("%s %s %s %s\n", kind('7'), kind('e'), kind('z'), kind(' '));
    for (int i = 0; i < 10; i++) {
        switch (i % 3) {
        case 0:
            if (i == 6) continue;
            evens++;
            break;
        case 1:
            skipped++;
        case 2:
            skipped++;
            break;
        }
        if (i == 8) break;
    }
    printf("evens %d skipped %d\n", evens, skipped);
    return 0;
}
