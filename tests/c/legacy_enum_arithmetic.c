/* enums as old codes use them: constants with gaps and negative values, arithmetic and loops over an enum
 * variable, an enum as an array index, switch without default, sizeof an enum, and an anonymous enum of
 * constants. */
#include <stdio.h>

enum dir { NORTH, EAST, SOUTH, WEST, NDIRS };
enum level { LOW = -1, MID = 5, HIGH, MAX = HIGH + 10 };
enum { BUFSZ = 64, NAMES = 3 };

static const char *dir_name[NDIRS] = {"N", "E", "S", "W"};

static enum dir turn(enum dir d, int right) { return (enum dir)((d + (right ? 1 : NDIRS - 1)) % NDIRS); }

int main(void) {
    enum dir d;
    for (d = NORTH; d < NDIRS; d++) printf("%s->%s ", dir_name[d], dir_name[turn(d, 1)]);
    printf("\n%d %d %d %d %zu\n", LOW, MID, HIGH, MAX, sizeof(enum level));
    enum level lv = HIGH;
    lv = lv + 1;
    switch (lv) {
    case LOW: printf("low\n"); break;
    case MID: printf("mid\n"); break;
    case HIGH: printf("high\n"); break;
    case MAX: printf("max\n"); break;
    }
    printf("%d\n", lv);
    char buf[BUFSZ];
    printf("%zu %d\n", sizeof buf, NAMES * BUFSZ);
    int x = EAST | WEST;
    printf("%d %d\n", x, d == NDIRS);
    return 0;
}
