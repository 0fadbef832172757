/* Arrays of function pointers: a calculator's dispatch table indexed by an enum, a table of name/function
 * pairs searched by name, a function returning a function pointer, and a pointer to the table. */
#include <stdio.h>
#include <string.h>

enum op { ADD, SUB, MUL, DIV, NOPS };
static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }
static int divi(int a, int b) { return b ? a / b : 0; }

static int (*const table[NOPS])(int, int) = {add, sub, mul, divi};

typedef double (*unary)(double);
static double twice(double x) { return 2 * x; }
static double square(double x) { return x * x; }
static double neg(double x) { return -x; }
static const struct { const char *name; unary fn; } named[] = {{"twice", twice}, {"square", square}, {"neg", neg}};

static unary lookup(const char *name) {
    size_t i;
    for (i = 0; i < sizeof named / sizeof named[0]; i++)
        if (strcmp(named[i].name, name) == 0) return named[i].fn;
    return 0;
}

static int (*pick(int k))(int, int) { return table[k % NOPS]; }

int main(void) {
    int k;
    for (k = ADD; k < NOPS; k++) printf("%d ", table[k](12, 4));
    printf("\n");
    int (*const *t)(int, int) = table;
    printf("%d %d\n", (*t[2])(6, 7), pick(5)(9, 2));
    const char *names[] = {"square", "neg", "cube", "twice"};
    for (k = 0; k < 4; k++) {
        unary f = lookup(names[k]);
        if (f) printf("%s(3)=%g\n", names[k], f(3));
        else printf("%s: none\n", names[k]);
    }
    unary chain[3] = {square, twice, neg};
    double x = 1.5;
    for (k = 0; k < 3; k++) x = chain[k](x);
    printf("%g\n", x);
    return 0;
}
