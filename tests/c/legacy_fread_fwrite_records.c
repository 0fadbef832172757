/* Binary records: an array of padded structs written with one fwrite and read back one by one, a short final
 * fread (fewer items than asked), a double array's bytes, the file's size in bytes, and an in-place update of one
 * record by fseek to its offset. */
#include <stdio.h>

struct rec { char tag; int id; double w; };

int main(void) {
    struct rec out[3] = {{'a', 1, 0.5}, {'b', 2, 1.5}, {'c', 3, 2.5}}, in;
    double xs[4] = {1, 2, 3, 4}, ys[6] = {0};
    FILE *f = tmpfile();
    size_t w = fwrite(out, sizeof out[0], 3, f);
    fseek(f, 0, SEEK_END);
    printf("wrote %zu, %ld bytes (record %zu)\n", w, ftell(f), sizeof(struct rec));
    rewind(f);
    while (fread(&in, sizeof in, 1, f) == 1) printf("%c %d %g\n", in.tag, in.id, in.w);
    in.w = 99;
    in.id = 20;
    fseek(f, (long)sizeof in, SEEK_SET);
    fwrite(&in, sizeof in, 1, f);
    rewind(f);
    struct rec back[5];
    size_t got = fread(back, sizeof back[0], 5, f);
    printf("got %zu: %c %d %g\n", got, back[1].tag, back[1].id, back[1].w);
    fclose(f);
    f = tmpfile();
    fwrite(xs, sizeof(double), 4, f);
    rewind(f);
    got = fread(ys, sizeof(double), 6, f);
    printf("doubles %zu: %g %g %g %g %g eof %d\n", got, ys[0], ys[1], ys[3], ys[4], ys[5], feof(f) != 0);
    fclose(f);
    return 0;
}
