/* <libgen.h>'s basename and dirname (GeorgBisseling's MPI tutorial names its output file after
 * `basename(argv[0])`): POSIX's, which glibc gives as __xpg_basename (trailing slashes cut by writing a NUL into
 * the path), on the cases whose results differ: no slash, trailing slashes, slashes only, "//", the root, "" and
 * NULL (both "."). The written paths are printed again to show what the calls cut. */
#include <libgen.h>
#include <stdio.h>
#include <string.h>

static const char *cases[] = {"/usr/lib", "/usr/lib/", "/usr/lib//", "usr", "usr/", "/", "//", "///", "//usr",
                              "///usr", "a//b", "a/b/c.txt", ".", "..", "../x/"};

int main(void)
{
    char path[64];
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        strcpy(path, cases[i]);
        char *b = basename(path);
        printf("basename(\"%s\") = \"%s\", path now \"%s\"", cases[i], b, path);
        strcpy(path, cases[i]);
        char *d = dirname(path);
        printf("; dirname = \"%s\", path now \"%s\"\n", d, path);
    }
    char empty[1] = "";
    printf("\"\": \"%s\" \"%s\"; NULL: \"%s\" \"%s\"\n", basename(empty), dirname(empty), basename(NULL), dirname(NULL));
    /* the result points into the path: writing through it writes the path */
    strcpy(path, "/tmp/out.gray");
    char *b = basename(path);
    b[0] = 'O';
    printf("%s %s\n", b, path);
    char name[256];
    snprintf(name, sizeof name, "%s_%dp.gray", basename(path), 4);
    printf("%s\n", name);
    return 0;
}
