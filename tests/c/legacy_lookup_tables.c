/* Lookup tables computed at start-up into static arrays (popcount and bit reversal of a byte, a CRC-32 table),
 * then used in loops over a buffer; a static const table of powers indexed by an expression. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static unsigned char popcount[256], reversed[256];
static uint32_t crc_table[256];
static const long powers10[] = {1, 10, 100, 1000, 10000, 100000, 1000000};

static void init_tables(void) {
    int i, k;
    for (i = 0; i < 256; i++) {
        popcount[i] = (unsigned char)((i & 1) + popcount[i / 2]);
        unsigned char r = 0;
        for (k = 0; k < 8; k++) if (i & (1 << k)) r |= (unsigned char)(1 << (7 - k));
        reversed[i] = r;
        uint32_t c = (uint32_t)i;
        for (k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        crc_table[i] = c;
    }
}

static uint32_t crc32(const unsigned char *p, size_t n) {
    uint32_t c = 0xFFFFFFFFu;
    while (n--) c = crc_table[(c ^ *p++) & 0xFF] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

int main(void) {
    init_tables();
    const char *text = "The quick brown fox jumps over the lazy dog";
    int bits = 0;
    size_t i;
    for (i = 0; i < strlen(text); i++) bits += popcount[(unsigned char)text[i]];
    printf("%d %02x %02x %08x\n", bits, reversed[1], reversed[0xF0], crc32((const unsigned char *)text, strlen(text)));
    int digits = 4;
    printf("%ld %ld\n", powers10[digits], powers10[digits / 2 + 1] * 7);
    return 0;
}
