/* CPU affinity as graph500's aml.c pins its threads: the file that uses cpu_set_t defines _GNU_SOURCE before
 * its headers, and is not the program's first file (this one includes <stdio.h> without it). Read as one unit,
 * glibc's <features.h> would not look again: the feature-test macro is given to the whole unit. The CPU_* set
 * operations, a set copied by value, sched_getaffinity (at least one CPU, CPU 0 of them here), pinning a
 * thread (0: the port accepts it and lets .NET place its threads). */
#include <stdio.h>
#include <stdlib.h>

int pin_checks(void);

int main(void)
{
    int failures = pin_checks();
    printf("%s\n", failures == 0 ? "affinity ok" : "affinity FAILED");
    return failures;
}
