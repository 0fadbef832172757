/* An object's address converted to a character pointer without a cast: C reads any object's bytes through a
 * character pointer (C11 6.3.2.3p7) and gcc before 14 only warns about the missing cast. csmith --float passes
 * &g of a float global to its checksum's `char *` parameter (transparent_crc_bytes); the port reads each
 * conversion as the written cast. A parameter, an initializer, an assignment and a return, to char, signed and
 * unsigned char, of floats, doubles, integers and a struct of numbers. (Little-endian, as on x86-64.) */
#include <stdio.h>

struct pair { int a; short b; };

static float g_f = 1.5f;
static double g_d[3] = {2.5, -1.0, 1e300};
static long long g_ll = -123456789012345LL;
static struct pair g_pair = {7, -2};

static unsigned crc_bytes(char *p, int n)
{
    unsigned s = 0;
    for (int i = 0; i < n; i++)
        s = s * 31u + (unsigned char)p[i];
    return s;
}

static unsigned char *last_double(void)
{
    return &g_d[2];
}

int main(void)
{
    printf("%u %u %u\n", crc_bytes(&g_f, sizeof g_f), crc_bytes(&g_d[1], sizeof g_d[1]), crc_bytes(&g_ll, 8));
    printf("%u\n", crc_bytes(&g_pair, sizeof g_pair.a));
    signed char *sp = &g_ll;
    printf("%d %d\n", sp[0], sp[7]);
    unsigned char *up;
    up = &g_f;
    printf("%u %u\n", up[2], up[3]);
    up[3] ^= 0x80;  /* the sign bit, through the view */
    printf("%g %u\n", g_f, last_double()[7]);
    return 0;
}
