/* strerror's result as the `char *` it is in C: kept in a variable, copied, measured, tested against NULL in a
 * condition, compared; and the texts of the errno values 0-40 and one unknown value (glibc's). It was a C# string,
 * which only printf and fputs took (CS0029 in `char *m = strerror(e);`, CS1061 in `strerror(e) ? ... : ...`). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

static const char *describe(int e)
{
    const char *text = strerror(e);
    return text ? text : "(none)";
}

int main(void)
{
    char copy[128];
    const char *m = strerror(ENOENT);
    strcpy(copy, strerror(EACCES));
    printf("%s | %s | %zu | %d\n", m, copy, strlen(strerror(EPERM)), strerror(0) != NULL);
    printf("%s\n", strerror(ENOMEM) ? "non-null" : "null");
    if (strcmp(describe(EINVAL), "Invalid argument") == 0)
        printf("EINVAL reads as glibc's\n");
    for (int e = 0; e <= 40; e++)
        printf("%d %s\n", e, describe(e));
    printf("%s\n", strerror(9999));
    return 0;
}
