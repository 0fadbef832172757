/* fgetpos/fsetpos, as SimpleMOC reads a track file twice (count the records, go back, read them): the position
 * saved after a header line, restored after the stream reached its end (end-of-file is cleared), also through a
 * helper that takes `fpos_t *`. */
#include <stdio.h>

static int count_lines(FILE *in, fpos_t *start)
{
    char line[64];
    int n = 0;
    if (fsetpos(in, start) != 0) return -1;
    while (fgets(line, sizeof line, in)) n++;
    return n;
}

int main(void)
{
    char line[64];
    fpos_t checkpoint;
    FILE *f = fopen("file_positions_test.txt", "w");
    fprintf(f, "header 3\nalpha\nbeta\ngamma\n");
    fclose(f);

    FILE *in = fopen("file_positions_test.txt", "r");
    fgets(line, sizeof line, in);
    printf("header: %s", line);
    int status = fgetpos(in, &checkpoint);
    printf("fgetpos %d\n", status);
    int records = count_lines(in, &checkpoint);
    printf("records %d, at end %d\n", records, feof(in) != 0);
    status = fsetpos(in, &checkpoint);
    printf("fsetpos %d, at end %d\n", status, feof(in) != 0);
    while (fgets(line, sizeof line, in)) printf("record: %s", line);
    printf("again %d\n", count_lines(in, &checkpoint));
    fclose(in);
    remove("file_positions_test.txt");
    return 0;
}
