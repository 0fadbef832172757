/* getline and getdelim over a file written first (tmpfile): the lengths they return (with the newline), a last
 * line without one, an empty line, -1 at the end, the buffer reused and grown from NULL, and fields by getdelim. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    FILE *f = tmpfile();
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    int count = 0;
    fputs("first line\n\na much longer line than the first one, to make the buffer grow\nlast", f);
    rewind(f);
    while ((n = getline(&line, &cap, f)) != -1) {
        count++;
        if (n > 0 && line[n - 1] == '\n') line[--n] = '\0';
        printf("%d: %zd [%s] fits %d\n", count, n, line, cap > (size_t)n);
    }
    printf("after end: %zd feof %d\n", getline(&line, &cap, f), feof(f) != 0);
    rewind(f);
    char *field = NULL;
    size_t fcap = 0;
    while ((n = getdelim(&field, &fcap, ' ', f)) > 0 && count-- > 0)
        printf("field %zd <%s>\n", n, field);
    free(line);
    free(field);
    fclose(f);
    return 0;
}
