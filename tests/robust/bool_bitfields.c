/* _Bool bit-fields beside other bit-fields in one byte (found by the fuzz kind round10's random bit-field structs).
 * A _Bool bit-field at a byte's start was a whole C# bool there, so the next bit-field's bits, written into the same
 * byte, made it read true (0 where gcc's program prints 0, 1 in the port); _Bool bit-fields alone were each a bool
 * of their own, so the struct's bytes (memcpy, MPI_BYTE) were not C's. Now each lives in its storage unit. */
#include <stdio.h>
#include <string.h>

struct after_zero { long long f2 : 17; _Bool : 0; _Bool f3 : 1; unsigned short f4 : 9; };
struct flags { _Bool a : 1; _Bool b : 1; unsigned c : 3; _Bool d : 1; };
struct with_pointer { unsigned a : 3; _Bool b : 1; char *p; };

int main(void)
{
    struct after_zero z;
    memset(&z, 0, sizeof z);
    z.f2 = 5; z.f3 = 0; z.f4 = 1;
    printf("%d %d %d %zu\n", (int)z.f2, z.f3, z.f4, sizeof z);
    z.f3 = 1; z.f4 = 0;
    printf("%d %d\n", z.f3, z.f4);

    struct flags t;
    unsigned char bytes[sizeof t];
    memset(&t, 0, sizeof t);
    t.a = 1; t.b = 0; t.c = 5; t.d = 7;
    memcpy(bytes, &t, sizeof t);
    printf("%d %d %d %d %zu %d\n", t.a, t.b, t.c, t.d, sizeof t, bytes[0]);
    t.b = t.a + 1; t.a = !t.a;
    printf("%d %d %d\n", t.a, t.b, t.d + 2);
    bytes[0] = 0x22;
    memcpy(&t, bytes, sizeof t);
    printf("%d %d %d %d\n", t.a, t.b, t.c, t.d);

    struct with_pointer m = {7, 1, 0};
    m.a = 9 & 7;
    printf("%d %d\n", m.a, m.b);
    return 0;
}
