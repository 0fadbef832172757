/* A number's bytes and bits read through a pointer to another primitive type, as legacy codes do for
 * checksums, byte swapping and bit tricks. (Little-endian, as on x86-64.) */
#include <stdio.h>
#include <string.h>

/* A checksum over any buffer's bytes: the parameter is reached through an implicit-free cast. */
static unsigned checksum(const unsigned char *bytes, int n)
{
    unsigned sum = 0;
    for (int i = 0; i < n; i++)
        sum = sum * 31u + bytes[i];
    return sum;
}

static unsigned swap_bytes(unsigned x)
{
    unsigned char *b = (unsigned char *)&x;
    unsigned char t = b[0];
    b[0] = b[3];
    b[3] = t;
    t = b[1];
    b[1] = b[2];
    b[2] = t;
    return x;
}

int main(void)
{
    double d = -1.5;
    unsigned char *bytes = (unsigned char *)&d;
    for (int i = 0; i < (int)sizeof d; i++)
        printf("%02x ", bytes[i]);
    printf("\n");

    long bits = *(long *)&d;
    printf("bits of -1.5: %lx\n", (unsigned long)bits);

    float f = 0.1f;
    int fbits = *(int *)&f;
    printf("bits of 0.1f: %08x\n", fbits);

    /* writing through the view changes the number */
    bytes[7] = 0x40;
    printf("d after setting its top byte: %g\n", d);

    int values[4] = {1, 256, 65536, -1};
    printf("checksum %u\n", checksum((const unsigned char *)values, (int)sizeof values));
    printf("swapped %08x\n", swap_bytes(0x11223344u));

    /* pointer arithmetic and comparison across the two views of one array */
    char *c = (char *)values;
    printf("same address: %d %d\n", (int *)(c + 4) == &values[1], c + 8 == (char *)&values[2]);
    int *back = (int *)(c + 12);
    printf("back[0] = %d, distance %ld\n", *back, (long)(back - values));

    /* a short view of an int array, written and read back */
    short *halves = (short *)values;
    halves[0] = 7;
    halves[1] = 1;
    printf("values[0] = %d\n", values[0]);

    double row[3] = {1.0, 2.0, 3.0};
    unsigned char copy[sizeof row];
    memcpy(copy, row, sizeof row);
    printf("checksum of row %u, of copy %u\n", checksum((unsigned char *)row, (int)sizeof row),
           checksum(copy, (int)sizeof copy));
    return 0;
}
