/* More than clang's 20 errors that the reader drops or settles itself: an object pointer converted implicitly to a
 * character pointer (read as the written (char *) cast, implicit_char_pointer_views.c) 24 times, as csmith --float
 * programs pass each float global to transparent_crc_bytes. Clang stopped at its 20th error ("too many errors
 * emitted", no location) and the program was refused; the parse takes no limit now (csmith tier 4 --float seed
 * 1810005). */
#include <stdio.h>

static unsigned sum_bytes(const unsigned char *p, int n)
{
    unsigned s = 0;
    for (int i = 0; i < n; i++)
        s = s * 31 + p[i];
    return s;
}
static int v0 = (int)(-200 * 1.25);
static float v1 = (float)(-163 * 1.25);
static double v2 = (double)(-126 * 1.25);
static short v3 = (short)(-89 * 1.25);
static long v4 = (long)(-52 * 1.25);
static unsigned v5 = (unsigned)(-15 * 1.25);
static int v6 = (int)(22 * 1.25);
static float v7 = (float)(59 * 1.25);
static double v8 = (double)(96 * 1.25);
static short v9 = (short)(133 * 1.25);
static long v10 = (long)(170 * 1.25);
static unsigned v11 = (unsigned)(207 * 1.25);
static int v12 = (int)(244 * 1.25);
static float v13 = (float)(281 * 1.25);
static double v14 = (double)(318 * 1.25);
static short v15 = (short)(355 * 1.25);
static long v16 = (long)(392 * 1.25);
static unsigned v17 = (unsigned)(429 * 1.25);
static int v18 = (int)(466 * 1.25);
static float v19 = (float)(503 * 1.25);
static double v20 = (double)(540 * 1.25);
static short v21 = (short)(577 * 1.25);
static long v22 = (long)(614 * 1.25);
static unsigned v23 = (unsigned)(651 * 1.25);

int main(void)
{
    unsigned total = 0;
    total += sum_bytes(&v0, sizeof v0);
    total += sum_bytes(&v1, sizeof v1);
    total += sum_bytes(&v2, sizeof v2);
    total += sum_bytes(&v3, sizeof v3);
    total += sum_bytes(&v4, sizeof v4);
    total += sum_bytes(&v5, sizeof v5);
    total += sum_bytes(&v6, sizeof v6);
    total += sum_bytes(&v7, sizeof v7);
    total += sum_bytes(&v8, sizeof v8);
    total += sum_bytes(&v9, sizeof v9);
    total += sum_bytes(&v10, sizeof v10);
    total += sum_bytes(&v11, sizeof v11);
    total += sum_bytes(&v12, sizeof v12);
    total += sum_bytes(&v13, sizeof v13);
    total += sum_bytes(&v14, sizeof v14);
    total += sum_bytes(&v15, sizeof v15);
    total += sum_bytes(&v16, sizeof v16);
    total += sum_bytes(&v17, sizeof v17);
    total += sum_bytes(&v18, sizeof v18);
    total += sum_bytes(&v19, sizeof v19);
    total += sum_bytes(&v20, sizeof v20);
    total += sum_bytes(&v21, sizeof v21);
    total += sum_bytes(&v22, sizeof v22);
    total += sum_bytes(&v23, sizeof v23);
    printf("%u\n", total);
    return 0;
}
