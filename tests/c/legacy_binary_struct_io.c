/* Binary files of structs: fwrite of an array of records and of one record, fseek to the k-th record, fread back
 * into a struct and into an array, the file's size from ftell after SEEK_END, and remove. */
#include <stdio.h>

struct rec { int id; float w; double v[2]; };

int main(void) {
    const char *name = "idioms_records.bin";
    struct rec out[5];
    int i;
    for (i = 0; i < 5; i++) {
        out[i].id = 100 + i;
        out[i].w = i * 0.25f;
        out[i].v[0] = i;
        out[i].v[1] = -i * 1.5;
    }
    FILE *f = fopen(name, "wb");
    size_t wrote = fwrite(out, sizeof(struct rec), 5, f);
    struct rec extra = {999, 9.5f, {9, 99}};
    wrote += fwrite(&extra, sizeof extra, 1, f);
    fclose(f);
    f = fopen(name, "rb");
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    printf("wrote %zu records, %ld bytes, %zu each\n", wrote, size, sizeof(struct rec));
    struct rec r;
    fseek(f, 3 * (long)sizeof(struct rec), SEEK_SET);
    size_t got = fread(&r, sizeof r, 1, f);
    printf("%zu: %d %g %g %g\n", got, r.id, r.w, r.v[0], r.v[1]);
    struct rec tail[4];
    got = fread(tail, sizeof(struct rec), 4, f);
    printf("%zu more: %d %d eof=%d\n", got, tail[0].id, tail[got - 1].id, feof(f) != 0);
    fclose(f);
    remove(name);
    return 0;
}
