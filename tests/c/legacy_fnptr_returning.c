/* Functions returning function pointers without a typedef (`int (*pick(char op))(int, int)`), a table indexed by an
 * enum, a comparator cast to qsort's type, and a call through a pointer read from a struct. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }

static int (*pick(char op))(int, int) {
    switch (op) {
    case '+': return add;
    case '-': return sub;
    default: return mul;
    }
}

static int cmp_str(const char **a, const char **b) { return strcmp(*a, *b); }

struct op { const char *name; int (*fn)(int, int); };

int main(void) {
    const char *names[] = {"pear", "apple", "fig", "banana"};
    struct op ops[] = {{"add", add}, {"sub", sub}, {"mul", mul}};
    printf("%d %d %d\n", pick('+')(6, 3), pick('-')(6, 3), pick('*')(6, 3));
    qsort(names, 4, sizeof names[0], (int (*)(const void *, const void *))cmp_str);
    for (int i = 0; i < 4; i++) printf("%s ", names[i]);
    printf("\n");
    for (int i = 0; i < 3; i++) printf("%s %d\n", ops[i].name, (*ops[i].fn)(7, 2));
    return 0;
}
