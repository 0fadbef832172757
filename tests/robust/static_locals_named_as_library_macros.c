/* Static locals named stdout, stdin, stderr: glibc's `#define stdout stdout` expands to the program's own name,
 * which C binds (found by fuzz_probe.py names, kinds static-local and static-local-vs-global: the port read and
 * wrote Stdio.stdout, CS0200). */
#include <stdio.h>

static int count(int k) {
    static int stdout = 0, stdin = 10;
    static long stderr = 100;
    stdout += k;
    stdin++;
    stderr -= stdout;
    return stdout + stdin + (int)stderr;
}

int main(void) {
    int a = count(1), b = count(2);
    fprintf(stdout, "%d %d\n", a, b);
    fputs("done\n", stdout);
    return 0;
}
