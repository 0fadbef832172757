/* GNU's basename of <string.h> (with _GNU_SOURCE, no <libgen.h>): what follows the last '/', empty for a path that
 * ends in one, and it never writes the path (unlike POSIX's: tests/c/libgen_names.c). */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    const char *cases[] = {"/usr/lib", "/usr/lib/", "usr", "/", "", "a//b", "./prog"};
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++)
        printf("basename(\"%s\") = \"%s\"\n", cases[i], basename(cases[i]));
    char path[32] = "/work/run/app";
    char *b = basename(path);
    printf("%s %s %d\n", b, path, (int)(b - path));
    printf("%d\n", argc > 0 && strlen(basename(argv[0])) > 0);
    return 0;
}
