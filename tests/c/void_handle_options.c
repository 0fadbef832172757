/* A command-line option table (CoMD's cmdLineParser): each option's `void *ptr` points at an int, a double or a
 * char buffer of the program, which one its `type` says at run time; `void *next` links the options. The
 * handles are stored, compared with NULL and cast back by `type`; the data behind them is written through the
 * casts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct OptionSt {
    const char *name;
    char type;
    int sz;
    void *ptr;
    void *next;
} Option;

#define nextOption(o) ((Option *) (o)->next)

static Option *options = NULL;

static void addOption(const char *name, char type, void *dataPtr, int dataSize)
{
    Option *o = calloc(1, sizeof(Option));
    o->name = name;
    o->type = type;
    o->ptr = dataPtr;
    o->sz = dataSize;
    if (!options) {
        options = o;
        return;
    }
    Option *p = options;
    while (nextOption(p))
        p = nextOption(p);
    p->next = (void *) o;
}

static void setOption(Option *o, const char *value)
{
    switch (o->type) {
    case 'i':
        *((int *) o->ptr) = atoi(value);
        break;
    case 'd':
        *((double *) o->ptr) = atof(value);
        break;
    case 's':
        strncpy((char *) o->ptr, value, o->sz);
        break;
    }
}

static void printOption(const Option *o)
{
    if (o->ptr == NULL) {
        printf("%-6s (none)\n", o->name);
        return;
    }
    switch (o->type) {
    case 'i':
        printf("%-6s int %d\n", o->name, *(int *) o->ptr);
        break;
    case 'd':
        printf("%-6s double %.3f\n", o->name, *(double *) o->ptr);
        break;
    case 's':
        printf("%-6s string '%s'\n", o->name, (char *) o->ptr);
        break;
    }
}

int main(int argc, char **argv)
{
    int steps = 10, ranks = 1;
    double dt = 0.25;
    char potName[32] = "Cu_u6.eam";
    addOption("steps", 'i', &steps, 0);
    addOption("dt", 'd', &dt, 0);
    addOption("pot", 's', potName, sizeof(potName));
    addOption("ranks", 'i', &ranks, 0);
    addOption("unused", 'i', NULL, 0);

    const char *values[] = {"25", "0.125", argc > 1 ? argv[1] : "none", "4"};
    int i = 0;
    for (Option *o = options; o; o = nextOption(o)) {
        if (i < 4)
            setOption(o, values[i++]);
        printOption(o);
    }
    printf("steps=%d dt=%.3f pot=%s ranks=%d\n", steps, dt, potName, ranks);

    while (options) {
        Option *next = nextOption(options);
        free(options);
        options = next;
    }
    return 0;
}
