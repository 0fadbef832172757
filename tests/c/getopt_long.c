/* getopt_long as glibc has it: --name, --name=value, --name value, unique prefixes, a flag set through the
 * table, the index of the option found, short options beside, non-options moved after the options, and the
 * errors ('?'). The test runs it with the arguments "one two"; the table's scans use argument vectors of
 * their own. */
#include <stdio.h>
#include <string.h>
#include <getopt.h>

static int verbose_flag = 0;

static void scan(int argc, char **argv)
{
    static struct option long_options[] = {
        {"verbose", no_argument, &verbose_flag, 1},
        {"brief", no_argument, &verbose_flag, 0},
        {"size", required_argument, 0, 's'},
        {"steps", required_argument, 0, 't'},
        {"output", optional_argument, 0, 'o'},
        {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0}
    };
    int c, index = -1, i;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "hs:t:o::n", long_options, &index)) != -1) {
        if (c == 0)
            printf("  flag option %s (index %d)\n", long_options[index].name, index);
        else if (c == '?')
            printf("  error, optopt %d\n", optopt);
        else
            printf("  option %c arg %s index %d\n", c, optarg ? optarg : "(none)", index);
        index = -1;
    }
    printf("  verbose %d, non-options:", verbose_flag);
    for (i = optind; i < argc; i++)
        printf(" %s", argv[i]);
    printf("\n");
}

int main(int argc, char **argv)
{
    char *a[] = {"prog", "--verbose", "file1", "--size=10", "--ste", "5", "-n", "--output", "--output=x.txt", "file2",
                 "-s", "7", "--help", NULL};
    char *b[] = {"prog", "--st", "3", "--nope", "--help=yes", "--size", NULL};
    char *c[] = {"prog", "--brief", "--", "--size=1", NULL};
    printf("own arguments: %d\n", argc);
    scan(13, a);
    scan(6, b);
    scan(4, c);
    return 0;
}
