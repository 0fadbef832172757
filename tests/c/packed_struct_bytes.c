/* The bytes of structs laid out under #pragma pack (a BMP file's headers, as LANL's mandel_bitmap writes them):
 * fwrite/fread and memcpy of sizeof(struct) bytes, of one struct and of an array of them. C's sizeof is 14 and 6
 * (no tail padding); the runtime took a packed struct's size as rounded to its widest member (8 for 6 bytes), and
 * stopped with "cannot access the bytes of header elements partially". */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#pragma pack(push, 1)
typedef struct {
    uint16_t type;
    uint32_t size;
    uint16_t reserved1, reserved2;
    uint32_t offset;
} HEADER;
typedef struct { uint16_t tag; uint32_t value; } PAIR;
typedef struct { uint8_t b, g, r; } PIXEL;
#pragma pack(pop)

int main(void)
{
    HEADER h = {0x4D42, 54 + 3 * 4, 0, 0, 54}, back;
    PAIR pairs[3] = {{1, 100000}, {2, 200000}, {3, 300000}}, read_pairs[3];
    PIXEL row[4] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}}, read_row[4];
    printf("%zu %zu %zu\n", sizeof(HEADER), sizeof(PAIR), sizeof(PIXEL));
    FILE *fp = fopen("packed_struct_bytes.tmp", "w+b");
    fwrite(&h, 1, sizeof(h), fp);
    fwrite(pairs, sizeof(PAIR), 3, fp);
    fwrite(row, 1, sizeof(row), fp);
    printf("file %ld bytes\n", ftell(fp));
    rewind(fp);
    unsigned char raw[14];
    fread(raw, 1, sizeof(raw), fp);
    printf("raw %02x %02x %02x %02x %02x\n", raw[0], raw[1], raw[2], raw[3], raw[10]);
    rewind(fp);
    fread(&back, 1, sizeof(back), fp);
    fread(read_pairs, sizeof(PAIR), 3, fp);
    fread(read_row, sizeof(PIXEL), 4, fp);
    fclose(fp);
    remove("packed_struct_bytes.tmp");
    printf("%x %u %u | %u %u %u | %u %u\n", back.type, back.size, back.offset, read_pairs[0].value,
           read_pairs[2].tag, read_pairs[2].value, read_row[3].r, read_row[1].g);
    PAIR copy[2];
    memcpy(copy, &pairs[1], 2 * sizeof(PAIR));
    unsigned char bytes[sizeof(PAIR)];
    memcpy(bytes, &pairs[0], sizeof(PAIR));
    printf("%u %u %02x %02x %02x\n", copy[0].value, copy[1].tag, bytes[0], bytes[2], bytes[3]);
    return 0;
}
