/* Library names the program declares again, as legacy codes do: getopt's globals declared extern
   in a block, the program's own prototypes of library functions (K&R ones included). Each binds to
   the C library, as the linker binds it. */
#include <stdio.h>
#include <unistd.h>

extern int opterr;             /* file scope, glibc's unistd.h declares it too */
void srandom(unsigned);        /* the program's prototype, without <stdlib.h> */
long random();                 /* K&R: no parameters named */
double atof();
char *getenv();
int abs(int);

static int parse(int argc, char **argv)
{
    extern char *optarg;       /* getopt users repeat these in the function that reads them */
    extern int optind;
    int c, n = 0;
    opterr = 0;
    while ((c = getopt(argc, argv, "n:x")) != -1) {
        if (c == 'n')
            n = (int)atof(optarg);
        else if (c == 'x')
            n = -1;
        else
            printf("unknown option\n");
    }
    printf("optind %d\n", optind);
    return n;
}

int main(int argc, char **argv)
{
    char *fake[] = {"prog", "-n", "42.7", "-q", "rest", NULL};
    int i;
    printf("n %d\n", parse(5, fake));
    srandom(17u);
    for (i = 0; i < 3; i++)
        printf("%ld\n", random() % 1000);
    printf("%g %d\n", atof("2.5e1"), abs(-3));
    printf("%s\n", getenv("CMPI_SURELY_UNSET_VARIABLE") == NULL ? "unset" : "set");
    printf("argc %d\n", argc);
    return 0;
}
