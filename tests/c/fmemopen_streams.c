/* fmemopen: a parser reading numbers from a string as from a file, and a report formatted into a fixed buffer through
 * fprintf (visible after fflush, and after fclose with glibc's NUL after the data).
 * xfail: fmemopen is unmapped (-Wunmapped-function): a stream over the program's own array needs writes that reach it
 * at fflush and fclose and reads that see the array itself, which the runtime's FILE (a .NET stream) does not model
 * yet (clib19). */
#include <stdio.h>
#include <string.h>

int main(void) {
    char data[] = "3 1.5\n4 2.25\n5 -0.5\n";
    FILE *in = fmemopen(data, strlen(data), "r");
    int n, count = 0;
    double v, sum = 0;
    while (fscanf(in, "%d %lf", &n, &v) == 2) {
        sum += n * v;
        count++;
    }
    printf("%d records, sum %g, eof %d\n", count, sum, feof(in) != 0);
    fclose(in);
    char report[64];
    memset(report, 'x', sizeof report);
    FILE *out = fmemopen(report, sizeof report, "w");
    fprintf(out, "count=%d sum=%.2f", count, sum);
    fflush(out);
    printf("after fflush: [%s]\n", report);
    fprintf(out, ";done");
    fclose(out);
    printf("after fclose: [%s]\n", report);
    return 0;
}
