/* Stream positions: the size by fseek(SEEK_END)/ftell, rewind, a SEEK_CUR step back, ftell after fgets, a seek
 * past the end then a write (the gap reads as zero bytes), and fseek's -1 for a negative position. */
#include <stdio.h>
#include <string.h>

int main(void) {
    FILE *f = tmpfile();
    char buf[32];
    fputs("0123456789\nabcdef\n", f);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    rewind(f);
    fgets(buf, sizeof buf, f);
    printf("size %ld, after line %ld, line %zu chars\n", size, ftell(f), strlen(buf));
    fseek(f, -3, SEEK_CUR);
    long at = ftell(f);
    printf("char at %ld: %c\n", at, fgetc(f));
    fseek(f, 4, SEEK_SET);
    printf("read %zu: %.3s\n", fread(buf, 1, 3, f), buf);
    fseek(f, 5, SEEK_END);
    fputc('Z', f);
    printf("new size %ld\n", ftell(f));
    fseek(f, size, SEEK_SET);
    int zeros = 0, c;
    while ((c = fgetc(f)) == 0) zeros++;
    printf("zeros %d then %c\n", zeros, c);
    int bad = fseek(f, -100, SEEK_SET);
    printf("negative seek %d, position kept %ld\n", bad, ftell(f));
    rewind(f);
    at = ftell(f);
    printf("after rewind %ld %c\n", at, fgetc(f));
    fclose(f);
    return 0;
}
