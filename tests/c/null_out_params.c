/* Out-parameters a caller passes NULL for, which the callee only writes when asked (Quinn's exercises:
 * `parse_args(argc, argv, NULL, &n, NULL)` whose `int *d` is set only for a `-d` option). A parameter that is only
 * dereferenced became a C# `ref`, and NULL was emitted as `ref null[0]` (CS0021): a parameter some call passes NULL
 * to stays a pointer. Also one passed on to another such function, and one written through `p[0]`.
 */
#include <stdio.h>
#include <string.h>

static void set_options(const char *opts, int *a, int *b, long *c)
{
    for (; *opts; opts++) {
        switch (*opts) {
        case 'a':
            *a = 10;
            break;
        case 'b':
            b[0] = 20;
            break;
        case 'c':
            *c = 30L;
            break;
        }
    }
}

static void forward(const char *opts, int *a, int *b)
{
    long unused = -1;
    set_options(opts, a, b, strchr(opts, 'c') ? &unused : NULL);
    if (strchr(opts, 'c'))
        printf("forwarded c = %ld\n", unused);
}

int main(void)
{
    int x = 1, y = 2;
    long z = 3;
    set_options("a", &x, NULL, NULL);
    printf("%d %d %ld\n", x, y, z);
    set_options("bc", NULL, &y, &z);
    printf("%d %d %ld\n", x, y, z);
    x = y = 0;
    forward("ab", &x, &y);
    printf("%d %d\n", x, y);
    forward("c", NULL, NULL);
    return 0;
}
