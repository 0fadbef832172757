/* Diagnostics of old tools: fprintf(stderr) interleaved with stdout, perror of a failed fopen (to stderr),
 * a usage error returned from main with a status, and EXIT_FAILURE from exit. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int parse_steps(const char *s) {
    char *end;
    long v = strtol(s, &end, 10);
    if (*end != '\0' || v <= 0) {
        fprintf(stderr, "bad step count '%s'\n", s);
        return -1;
    }
    return (int)v;
}

int main(void) {
    printf("start\n");
    FILE *f = fopen("/nonexistent/dir/file.txt", "r");
    if (!f) {
        int e = errno;
        perror("fopen");
        printf("errno is ENOENT: %d %s\n", e == ENOENT, strerror(e));
    }
    printf("%d %d\n", parse_steps("25"), parse_steps("2x5"));
    fprintf(stderr, "warning: %s\n", "continuing");
    if (parse_steps("0") < 0) {
        printf("exiting with failure\n");
        exit(EXIT_FAILURE);
    }
    return 0;
}
