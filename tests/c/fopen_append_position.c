/* A stream opened for appending: glibc puts an "a" stream at the end when it opens it (ftell is the file's size before
 * any write, as a log appender that prints its offset reads it), an "a+" stream reads from 0 and writes at the end. */
#include <stdio.h>

int main(void)
{
    const char *name = "fopen_append_position.tmp";
    FILE *f = fopen(name, "w");
    fputs("hello", f);
    fclose(f);
    f = fopen(name, "a");
    printf("a: %ld", ftell(f));
    fputs("++", f);
    printf(" then %ld\n", ftell(f));
    fclose(f);
    f = fopen(name, "ab");
    printf("ab: %ld\n", ftell(f));
    fclose(f);
    f = fopen(name, "a+");
    long at = ftell(f);
    int first = fgetc(f);
    printf("a+: %ld first '%c'", at, first);
    fseek(f, 0, SEEK_SET);
    fputc('x', f);
    printf(" after a write %ld\n", ftell(f));
    rewind(f);
    char buf[16] = {0};
    fread(buf, 1, sizeof buf - 1, f);
    printf("[%s]\n", buf);
    fclose(f);
    remove(name);
    return 0;
}
