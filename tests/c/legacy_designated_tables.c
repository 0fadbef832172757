/* Tables initialized with designators by enum index (`[OP_ADD] = {...}`), nested struct initializers with strings,
 * a sparse array with gaps left zero, and a table scanned until a sentinel entry. */
#include <stdio.h>

enum opcode { OP_NOP, OP_ADD, OP_MUL, OP_NEG, OP_COUNT };
struct opinfo { const char *name; int arity; char symbol; };

static const struct opinfo ops[OP_COUNT] = {
    [OP_MUL] = {"mul", 2, '*'},
    [OP_ADD] = {.name = "add", .arity = 2, .symbol = '+'},
    [OP_NEG] = {"neg", 1, '-'},
};

static const int primes[16] = {[2] = 1, [3] = 1, [5] = 1, [7] = 1, [11] = 1, [13] = 1};

struct unit { const char *name; double factor; };
static const struct unit units[] = {{"m", 1}, {"km", 1000}, {"mi", 1609.344}, {NULL, 0}};

int main(void) {
    int i;
    for (i = 0; i < OP_COUNT; i++)
        printf("%d:%s/%d/%c ", i, ops[i].name ? ops[i].name : "(none)", ops[i].arity, ops[i].symbol ? ops[i].symbol : '?');
    printf("\n");
    for (i = 0; i < 16; i++) if (primes[i]) printf("%d ", i);
    printf("\n");
    const struct unit *u;
    for (u = units; u->name; u++) printf("%s=%g ", u->name, u->factor);
    printf("%ld\n", (long)(u - units));
    return 0;
}
