/* The process's side of POSIX as IOR and mdtest use it: setenv/getenv/unsetenv, realpath, system (its output in
 * order with printf, its exit status), environ, PATH_MAX, ctime_r into the caller's buffer, and POSIX regular expressions (regcomp,
 * regexec with and without matches, extended and basic syntax, bracket classes). */
#define _GNU_SOURCE /* environ in unistd.h */
#include <limits.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int Regex(const char *string, const char *pattern, int flags)
{
    regex_t regEx;
    regmatch_t regMatch;
    int matched = 0;
    if (regcomp(&regEx, pattern, flags) != 0)
        return -1;
    if (regexec(&regEx, string, 1, &regMatch, 0) == 0) {
        matched = 1;
        printf("  '%s' ~ '%s': [%d, %d)\n", string, pattern, (int)regMatch.rm_so, (int)regMatch.rm_eo);
    }
    regfree(&regEx);
    return matched;
}

int main(void)
{
    setenv("CMPI_POSIX_PROCESS", "first", 1);
    setenv("CMPI_POSIX_PROCESS", "second", 0);
    printf("getenv: %s\n", getenv("CMPI_POSIX_PROCESS"));
    setenv("CMPI_POSIX_PROCESS", "third", 1);
    printf("getenv: %s\n", getenv("CMPI_POSIX_PROCESS"));
    int found = 0;
    for (int i = 0; environ[i] != NULL; i++)
        found += strcmp(environ[i], "CMPI_POSIX_PROCESS=third") == 0;
    printf("in environ: %d\n", found);
    unsetenv("CMPI_POSIX_PROCESS");
    printf("unset: %s\n", getenv("CMPI_POSIX_PROCESS") == NULL ? "gone" : "still there");

    char real[PATH_MAX];
    printf("realpath: %s\n", realpath("/tmp/../tmp/.", real) != NULL ? real : "NULL");
    printf("realpath missing: %s\n", realpath("/tmp/cmpi/no/such/dir", real) == NULL ? "NULL" : real);

    printf("system next\n");
    fflush(stdout);
    int status = system("echo from the shell; exit 3");
    printf("system status: %d (exit %d)\n", status, (status >> 8) & 0xff);

    time_t t = 86400 * 365;
    char buf[32];
    char *s = ctime_r(&t, buf);
    printf("ctime_r: %s same buffer: %d\n", s != NULL ? "ok" : "NULL", s == buf);

    printf("regex:\n");
    printf("%d\n", Regex("ior-3.3.0 run 12", "[0-9]+\\.[0-9]+", REG_EXTENDED));
    printf("%d\n", Regex("node042", "^node[[:digit:]]{3}$", REG_EXTENDED));
    printf("%d\n", Regex("node42", "^node[[:digit:]]{3}$", REG_EXTENDED));
    printf("%d\n", Regex("a+b (x)", "a+b (x)", 0));
    printf("%d\n", Regex("aaab", "a\\{2\\}b", 0));
    printf("%d\n", Regex("Hello World", "world", REG_EXTENDED | REG_ICASE));
    printf("%d\n", Regex("abc", "(", REG_EXTENDED) != 0);
    return 0;
}
