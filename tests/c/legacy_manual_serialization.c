/* Hand-made serialization of old message-passing codes: ints, doubles and a string packed into a char buffer with
 * memcpy at moving offsets (a cursor pointer and an offset), read back the same way, a header struct copied in
 * whole, and a checksum over the bytes. */
#include <stdio.h>
#include <string.h>

struct header { int kind; int count; double scale; };

static size_t pack(char *buf, const struct header *h, const double *values, const char *name) {
    char *p = buf;
    memcpy(p, h, sizeof *h);
    p += sizeof *h;
    memcpy(p, values, h->count * sizeof(double));
    p += h->count * sizeof(double);
    int len = (int)strlen(name);
    memcpy(p, &len, sizeof len);
    p += sizeof len;
    memcpy(p, name, len);
    p += len;
    return (size_t)(p - buf);
}

static unsigned checksum(const unsigned char *b, size_t n) {
    unsigned s = 0;
    size_t i;
    for (i = 0; i < n; i++) s = s * 31 + b[i];
    return s;
}

int main(void) {
    char buf[256];
    struct header h = {3, 4, 0.5};
    double values[4] = {1.25, -2, 3.5, 1e10};
    size_t n = pack(buf, &h, values, "temperature");
    printf("packed %zu bytes, checksum %u\n", n, checksum((unsigned char *)buf, n));
    struct header back;
    size_t off = 0;
    memcpy(&back, buf + off, sizeof back);
    off += sizeof back;
    double got[4];
    memcpy(got, buf + off, back.count * sizeof *got);
    off += back.count * sizeof *got;
    int len;
    memcpy(&len, buf + off, sizeof(int));
    off += sizeof(int);
    char name[32] = {0};
    memcpy(name, buf + off, len);
    printf("%d %d %g | %g %g %g %g | %d %s\n", back.kind, back.count, back.scale, got[0], got[1], got[2], got[3], len, name);
    int word;
    memcpy(&word, buf, sizeof word);
    double first;
    memcpy(&first, buf + sizeof(struct header), sizeof first);
    printf("%d %g\n", word, first);
    return 0;
}
