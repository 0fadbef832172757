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
        if (o->sz)
            sscanf(value, "%d", (int *) o->ptr);
        else
            *((int *) o->ptr) = atoi(value);
        break;
    case 'd':
        *((double *) o->ptr) = atof(value);
        break;
    case 's':
        strncpy((char *) o->ptr, value, o->sz);
        ((char *) o->ptr)[o->sz - 1] = '\0';
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

/* the options' targets inside a struct, as CoMD's Command: its char arrays and an int field */
typedef struct {
    char potDir[16];
    int doeam;
} Command;

int main(int argc, char **argv)
{
    int steps = 10, ranks = 1;
    double dt = 0.25;
    char potName[8] = "Cu_u6";
    Command cmd = {"pots", 0};
    addOption("steps", 'i', &steps, 0);
    addOption("dt", 'd', &dt, 0);
    addOption("pot", 's', potName, sizeof(potName));
    addOption("ranks", 'i', &ranks, 1);
    addOption("dir", 's', cmd.potDir, sizeof(cmd.potDir));
    addOption("doeam", 'i', &(cmd.doeam), 0);
    addOption("unused", 'i', NULL, 0);

    const char *values[] = {"25", "0.125", argc > 1 ? argv[1] : "none", "4", "../pots", "1"};
    int i = 0;
    for (Option *o = options; o; o = nextOption(o)) {
        if (i < 6)
            setOption(o, values[i++]);
        printOption(o);
    }
    printf("steps=%d dt=%.3f pot=%s ranks=%d dir=%s doeam=%d\n", steps, dt, potName, ranks, cmd.potDir, cmd.doeam);

    unsigned char *noFlag = (unsigned char *) "---";  /* CoMD's printArgs */
    printf("%s %d\n", (char *) noFlag, noFlag[0]);
    while (options) {
        Option *next = nextOption(options);
        free(options);
        options = next;
    }
    return 0;
}
