/* The system calls real HPC codes make around their computation: page size and processor count (sysconf,
 * getpagesize), wall and CPU time (gettimeofday with a struct timezone argument, getrusage), the machine
 * (uname, gethostname), the process (getpid, getenv, atexit). Only what both runs agree on is printed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/time.h>
#include <sys/resource.h>
#include <sys/utsname.h>

static void last_words(void) { printf("atexit: second registered, first run\n"); }
static void first_words(void) { printf("atexit: first registered, last run\n"); }

int main(void)
{
    struct timeval t;
    struct rusage ru;
    struct utsname u;
    char host[256];
    long page = sysconf(_SC_PAGESIZE);
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);

    atexit(first_words);
    atexit(last_words);
    printf("page %ld, getpagesize %s, _SC_PAGE_SIZE %s\n", page, getpagesize() == page ? "same" : "differs",
           sysconf(_SC_PAGE_SIZE) == page ? "same" : "differs");
    printf("cpus %s (configured %s)\n", cpus >= 1 ? "at least one" : "none",
           sysconf(_SC_NPROCESSORS_CONF) >= cpus ? "at least as many" : "fewer");
    printf("gettimeofday %d, ", gettimeofday(&t, (struct timezone *)NULL));
    printf("after 2020 %s, usec in range %s\n", t.tv_sec > 1577836800L ? "yes" : "no",
           t.tv_usec >= 0 && t.tv_usec < 1000000 ? "yes" : "no");
    printf("getrusage %d, ", getrusage(RUSAGE_SELF, &ru));
    printf("times %s, maxrss %s\n", ru.ru_utime.tv_sec >= 0 && ru.ru_stime.tv_usec >= 0 ? "ok" : "bad",
           ru.ru_maxrss > 0 ? "positive" : "zero");
    printf("uname %d, ", uname(&u));
    printf("sysname %s, machine %s\n", u.sysname, strlen(u.machine) > 0 ? "named" : "empty");
    printf("gethostname %d, ", gethostname(host, sizeof host));
    printf("same as nodename %s\n", strcmp(host, u.nodename) == 0 ? "yes" : "no");
    printf("pid %s, PATH %s\n", getpid() > 0 ? "positive" : "not positive", getenv("PATH") ? "set" : "unset");
    printf("aligned %s\n", (page & (page - 1)) == 0 ? "power of two" : "odd");
    return 0;
}
