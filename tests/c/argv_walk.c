/* K&R's option loop: `argv` declared `char *argv[]` is a pointer the program moves (`*++argv`, `*argv++`),
 * and an array parameter of the program's own is moved the same way. (The test runs with "one two".) */
#include <stdio.h>

static int sum(int v[], int n)
{
    int s = 0;
    while (n-- > 0)
        s += *v++;
    return s;
}

int main(int argc, char *argv[])
{
    int v[4] = { 1, 2, 3, 4 }, dashes = 0;
    char *opts[] = { "prog", "-x", "-yz", "file", NULL }, **p = opts;

    while (--argc > 0 && (*++argv)[0] == '-')
        dashes++;
    while (argc-- > 0)
        printf("arg %s\n", *argv++);
    while (*++p != NULL && (*p)[0] == '-')
        printf("option %s\n", *p + 1);
    printf("%d %d %s\n", dashes, sum(v + 1, 3), *p);
    return 0;
}
