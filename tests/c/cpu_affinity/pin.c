#define _GNU_SOURCE
#include <stdio.h>
#include <sched.h>
#include <pthread.h>
#include <unistd.h>

static int failures;

static void expect(const char *what, int got, int want)
{
    printf("%s: %d\n", what, got);
    if (got != want) failures++;
}

int pin_checks(void)
{
    cpu_set_t set, copy;
    CPU_ZERO(&set);
    expect("empty count", CPU_COUNT(&set), 0);
    CPU_SET(0, &set);
    CPU_SET(3, &set);
    CPU_SET(70, &set);
    CPU_SET(5000, &set);            /* past CPU_SETSIZE: ignored */
    expect("count after 3 sets", CPU_COUNT(&set), 3);
    expect("3 is set", CPU_ISSET(3, &set) != 0, 1);
    expect("70 is set", CPU_ISSET(70, &set) != 0, 1);
    expect("4 is set", CPU_ISSET(4, &set) != 0, 0);
    copy = set;                     /* a value: the copy keeps its bits */
    CPU_CLR(3, &set);
    expect("3 after clearing", CPU_ISSET(3, &set) != 0, 0);
    expect("3 in the copy", CPU_ISSET(3, &copy) != 0, 1);
    expect("the copy's count", CPU_COUNT(&copy), 3);
    expect("sizeof(cpu_set_t)", (int)sizeof(cpu_set_t), 128);

    cpu_set_t mine;
    CPU_ZERO(&mine);
    expect("sched_getaffinity", sched_getaffinity(0, sizeof(cpu_set_t), &mine), 0);
    expect("at least one CPU", CPU_COUNT(&mine) >= 1, 1);
    int mylocal = 0;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(mylocal, &one);
    if (CPU_ISSET(0, &mine))
        expect("pinning to CPU 0", pthread_setaffinity_np(pthread_self(), sizeof(cpu_set_t), &one), 0);
    else
        expect("pinning to CPU 0", 0, 0);
    return failures;
}
