/* fscanf loops to EOF: `while (fscanf(f, "%d", &x) == 1)` stops at a word; `!= EOF` loops on the matching
 * failure's return 0 unless the bad item is skipped; name/value records; and the return values at the end. */
#include <stdio.h>

int main(void) {
    FILE *f = tmpfile();
    int x, sum = 0, r;
    char name[16];
    double v;
    fputs("1 2 3\n4 five 6\n", f);
    rewind(f);
    while (fscanf(f, "%d", &x) == 1) sum += x;
    printf("sum %d, stopped: feof %d\n", sum, feof(f) != 0);
    while ((r = fscanf(f, "%d", &x)) != EOF) {
        if (r == 0) {
            fscanf(f, "%15s", name);
            printf("skipped %s\n", name);
        } else {
            printf("got %d\n", x);
        }
    }
    printf("final r %d feof %d\n", r, feof(f) != 0);
    fclose(f);
    f = tmpfile();
    fputs("alpha 1.5\nbeta 2.25\n gamma   -3e1\ndelta\n", f);
    rewind(f);
    while ((r = fscanf(f, "%15s %lf", name, &v)) == 2) printf("%s = %g\n", name, v);
    printf("last r %d name %s\n", r, name);
    fclose(f);
    return 0;
}
