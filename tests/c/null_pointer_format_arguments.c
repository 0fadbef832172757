/* A null pointer constant given to a variadic library function (printf's %p prints "(nil)" in glibc): as the only
 * variadic argument it was C#'s null params array itself, so the port found no argument ("missing argument 1 for
 * %p", a failed rank). Alone and among others, as NULL and as (void *)0, through printf, fprintf, sprintf and
 * snprintf. */
#include <stdio.h>
#include <stddef.h>

int main(void)
{
    char buf[32];
    int *none = NULL;
    printf("%p\n", NULL);
    printf("%p\n", (void *)0);
    printf("%d %p\n", 4, (void *)0);
    printf("%p %d\n", none, 5);
    fprintf(stdout, "[%p]\n", NULL);
    sprintf(buf, "%p", (void *)0);
    printf("%s\n", buf);
    int n = snprintf(buf, sizeof buf, "%10p|", NULL);
    printf("%s %d\n", buf, n);
    return 0;
}
