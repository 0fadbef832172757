/* Writing a file and reading it back: fprintf, fputs, fputc, then fgets line by line (a line longer than the
 * buffer comes in two pieces), fscanf of numbers, rewind, ftell, feof, and remove. Two calls of the stream and file
 * functions in one argument list (`remove(name), remove(name) == 0`, `fgetc(f), fgetc(f)`) run in gcc's order,
 * right to left, as two rand() calls do: they were C#'s order, left to right. */
#include <stdio.h>
#include <string.h>

int main(void) {
    const char *name = "idioms_roundtrip.txt";
    FILE *f = fopen(name, "w");
    if (!f) { printf("cannot open\n"); return 1; }
    fprintf(f, "# header %d\n", 1);
    fputs("a line that is longer than sixteen bytes\n", f);
    int i;
    for (i = 1; i <= 3; i++) fprintf(f, "%d %.2f\n", i, i * 1.5);
    fputc('z', f);
    fclose(f);
    f = fopen(name, "r");
    char line[16];
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        size_t len = strlen(line);
        printf("%d [%s]%s\n", n++, len && line[len - 1] == '\n' ? (line[len - 1] = 0, line) : line,
               len == sizeof line - 1 ? " (cut)" : "");
    }
    printf("eof=%d pos=%ld\n", feof(f) != 0, ftell(f));
    rewind(f);
    char skip[64];
    fgets(skip, sizeof skip, f);
    fgets(skip, sizeof skip, f);
    int k;
    double v, sum = 0;
    while (fscanf(f, "%d %lf", &k, &v) == 2) sum += k * v;
    printf("sum=%.2f next=%c\n", sum, fgetc(f));
    rewind(f);
    printf("%c%c %ld\n", fgetc(f), fgetc(f), ftell(f));
    fclose(f);
    printf("removed=%d again=%d\n", remove(name), remove(name) == 0);
    return 0;
}
