/* main's third parameter, the environment (a common extension of Unix C): "NAME=value" strings ending with NULL, the
 * variables getenv reads. The program looks its variables up by name (the order is the C library's, and the launchers
 * add variables of their own), as legacy codes read a configuration. Refused before round 11 (probe11). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *lookup(char **env, const char *name)
{
    size_t n = strlen(name);
    for (char **e = env; *e != NULL; e++)
        if (strncmp(*e, name, n) == 0 && (*e)[n] == '=')
            return *e + n + 1;
    return NULL;
}

int main(int argc, char *argv[], char *envp[])
{
    int count = 0;
    for (int i = 0; envp[i]; i++)
        count++;
    const char *path = lookup(envp, "PATH");
    const char *home = getenv("HOME");
    printf("%d %d\n", argc, count > 0);
    printf("%d %d\n", path != NULL && strcmp(path, getenv("PATH")) == 0, lookup(envp, "HOME") == home ||
           (home && lookup(envp, "HOME") && strcmp(lookup(envp, "HOME"), home) == 0));
    printf("%s\n", lookup(envp, "CMPI_NO_SUCH_VARIABLE_X") ? "found" : "absent");
    return 0;
}
