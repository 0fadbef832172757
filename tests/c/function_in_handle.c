/* A function kept in a `void *` beside data pointers (IOR's option table: a type char says whether `variable` holds
 * an `int *`, a `char **` or a function to call with the option's text), called back through a `void (*)(void *)`
 * whose parameter the function takes as a `char *`; a function returning a value through `int (*)(void *)`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char shortVar;
    char type; /* 'd' an int, 's' a string, 'p' a function taking the argument */
    void *variable;
} option_help;

static int seen = 0;

static void decodeDirective(char *line)
{
    seen++;
    printf("directive %d: %s (%d chars)\n", seen, line, (int)strlen(line));
}

static int countCommas(char *text)
{
    int n = 0;
    for (; *text; text++)
        n += *text == ',';
    return n;
}

static void apply(option_help *o, char *arg)
{
    switch (o->type) {
    case 'p': {
        void (*fp)(void *) = o->variable;
        fp(arg);
        break;
    }
    case 'd':
        *(int *)o->variable = atoi(arg);
        break;
    case 's':
        *(char **)o->variable = arg;
        break;
    }
}

int main(void)
{
    int blocks = 0;
    char *name = NULL;
    option_help options[] = {
        {'O', 'p', &decodeDirective},
        {'b', 'd', &blocks},
        {'o', 's', &name},
    };
    char directive[] = "checkRead=1,GPUid=2";
    char count[] = "16";
    char file[] = "/tmp/testfile";
    apply(&options[0], directive);
    apply(&options[1], count);
    apply(&options[2], file);
    apply(&options[0], file);
    printf("blocks %d name %s seen %d\n", blocks, name, seen);

    option_help counter = {'c', 'p', (void *)countCommas};
    int (*count_fn)(void *) = (int (*)(void *))counter.variable;
    printf("commas: %d\n", count_fn(directive));
    return 0;
}
