/* Splitting strings (strtok, strtok_r, strspn, strcspn, strpbrk) and parsing options with getopt, as
 * legacy codes read their input files and command lines. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void parse(int argc, char **argv, const char *spec, int start)
{
    int c;
    optind = start; /* 1 scans again; 0 also re-reads the ordering (glibc) */
    opterr = 0;
    while ((c = getopt(argc, argv, spec)) != -1) {
        if (c == '?' || c == ':')
            printf("  '%c' (optopt '%c')\n", c, optopt);
        else
            printf("  -%c %s\n", c, optarg ? optarg : "(none)");
    }
    printf("  optind %d, rest:", optind);
    for (int i = optind; i < argc; i++)
        printf(" %s", argv[i]);
    printf("\n");
}

int main(void)
{
    char line[] = "  alpha, beta;;gamma ,delta  ";
    for (char *tok = strtok(line, " ,;"); tok != NULL; tok = strtok(NULL, " ,;"))
        printf("[%s]", tok);
    printf("\n");

    char record[] = "x=1:y=22:z=333";
    char *save = NULL;
    for (char *field = strtok_r(record, ":", &save); field; field = strtok_r(NULL, ":", &save)) {
        char *eq = strpbrk(field, "=");
        printf("%.*s -> %s (span %zu, cspan %zu)\n", (int)(eq - field), field, eq + 1,
               strspn(field, "xyz"), strcspn(field, "="));
    }

    char *args1[] = {"prog", "-n", "100", "input.dat", "-v", "-s5", "--", "-x", NULL};
    printf("permuted:\n");
    parse(8, args1, "n:vs:", 1);
    char *args2[] = {"prog", "-vq", "-n", NULL};
    printf("grouped, unknown, missing:\n");
    parse(3, args2, ":n:v", 1);
    char *args3[] = {"prog", "file", "-v", NULL};
    printf("'+' after a first scan (ordering kept):\n");
    parse(3, args3, "+v", 1);
    char *args4[] = {"prog", "file", "-v", NULL};
    printf("in order after optind = 0:\n");
    parse(3, args4, "+v", 0);
    usleep(1);

    char host[256];
    srandom(7);
    long r = random();
    srand(7);
    printf("random() is rand(): %d; gethostname %d, pid %d\n", r == rand(),
           gethostname(host, sizeof host) == 0 && strlen(host) > 0, getpid() > 0);
    return 0;
}
