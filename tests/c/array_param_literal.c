/* A string literal given for a parameter declared as a char array, `const char arg[]` (Boise State's ME471 course
 * library, array_util.c: `void read_string(int argc, char **argv, const char arg[], char *value, int *err)` called
 * as read_string(argc, argv, "--loglevel", logstr, &err)): its C# did not compile before (the bare .NET string
 * given for the sbyte[] parameter, CS1503), where `const char *arg` did. */
#include <stdio.h>
#include <string.h>

static int find(int argc, char **argv, const char arg[], char *value)
{
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], arg) == 0) {
            strcpy(value, argv[i + 1]);
            return 0;
        }
    return 1;
}

static size_t skip_dashes(const char name[])
{
    size_t n = 0;
    while (*name == '-') {  /* the parameter moves: a pointer into the literal */
        name++;
        n++;
    }
    return n * 100 + strlen(name);
}

static int first_of(char word[]) { return word[0]; }

int main(int argc, char **argv)
{
    char v[20] = "none";
    int e = find(argc, argv, "one", v);
    printf("%d %s\n", e, v);
    e = find(argc, argv, "--loglevel", v);
    printf("%d %s\n", e, v);
    printf("%zu %zu\n", skip_dashes("--loglevel"), skip_dashes("x"));
    printf("%c\n", first_of("quiet"));
    return 0;
}
