/* Every basic C datatype, the fixed-width ones, MPI_BYTE and MPI_C_BOOL: MPI_Type_size matches
 * the sizeof a variable of the C type, and a value of each survives a broadcast from the last rank.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <stdint.h>
#include <stdbool.h>
#include <mpi.h>

int errs = 0;
int rank;

void size_is(const char *name, MPI_Datatype type, int expect)
{
    int s;
    MPI_Type_size(type, &s);
    if (s != expect) {
        errs++;
        printf("[%d] MPI_Type_size(%s) = %d, sizeof = %d\n", rank, name, s, expect);
    }
}

void same(const char *name, long got, long expect)
{
    if (got != expect) {
        errs++;
        printf("[%d] %s: got %ld, expected %ld\n", rank, name, got, expect);
    }
}

int main(int argc, char **argv)
{
    int size, root, toterrs;
    char c; signed char sc; unsigned char uc; short s; unsigned short us; int i; unsigned u;
    long l; unsigned long ul; long long ll; unsigned long long ull; float f; double d;
    int8_t i8; int16_t i16; int32_t i32; int64_t i64; uint8_t u8; uint16_t u16; uint32_t u32; uint64_t u64;
    bool b;
    unsigned char bytes[3];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    root = size - 1;

    size_is("MPI_CHAR", MPI_CHAR, sizeof c);
    size_is("MPI_SIGNED_CHAR", MPI_SIGNED_CHAR, sizeof sc);
    size_is("MPI_UNSIGNED_CHAR", MPI_UNSIGNED_CHAR, sizeof uc);
    size_is("MPI_BYTE", MPI_BYTE, 1);
    size_is("MPI_SHORT", MPI_SHORT, sizeof s);
    size_is("MPI_UNSIGNED_SHORT", MPI_UNSIGNED_SHORT, sizeof us);
    size_is("MPI_INT", MPI_INT, sizeof i);
    size_is("MPI_UNSIGNED", MPI_UNSIGNED, sizeof u);
    size_is("MPI_LONG", MPI_LONG, sizeof l);
    size_is("MPI_UNSIGNED_LONG", MPI_UNSIGNED_LONG, sizeof ul);
    size_is("MPI_LONG_LONG", MPI_LONG_LONG, sizeof ll);
    size_is("MPI_LONG_LONG_INT", MPI_LONG_LONG_INT, sizeof ll);
    size_is("MPI_UNSIGNED_LONG_LONG", MPI_UNSIGNED_LONG_LONG, sizeof ull);
    size_is("MPI_FLOAT", MPI_FLOAT, sizeof f);
    size_is("MPI_DOUBLE", MPI_DOUBLE, sizeof d);
    size_is("MPI_C_BOOL", MPI_C_BOOL, sizeof b);
    size_is("MPI_WCHAR", MPI_WCHAR, 4);
    size_is("MPI_INT8_T", MPI_INT8_T, sizeof i8);
    size_is("MPI_INT16_T", MPI_INT16_T, sizeof i16);
    size_is("MPI_INT32_T", MPI_INT32_T, sizeof i32);
    size_is("MPI_INT64_T", MPI_INT64_T, sizeof i64);
    size_is("MPI_UINT8_T", MPI_UINT8_T, sizeof u8);
    size_is("MPI_UINT16_T", MPI_UINT16_T, sizeof u16);
    size_is("MPI_UINT32_T", MPI_UINT32_T, sizeof u32);
    size_is("MPI_UINT64_T", MPI_UINT64_T, sizeof u64);
    size_is("MPI_AINT", MPI_AINT, sizeof(MPI_Aint));
    size_is("MPI_OFFSET", MPI_OFFSET, sizeof(MPI_Offset));
    size_is("MPI_COUNT", MPI_COUNT, sizeof(MPI_Count));

    c = 'q'; sc = -100; uc = 200; s = -30000; us = 60000; i = -2000000000; u = 4000000000u;
    l = -9000000000000000000L; ul = 18000000000000000000UL; ll = -5; ull = 7; f = 1.5f; d = -2.25;
    i8 = -8; i16 = -16; i32 = -32; i64 = -64; u8 = 250; u16 = 65000; u32 = 4294967295u; u64 = 1;
    b = true;
    bytes[0] = 1; bytes[1] = 128; bytes[2] = 255;
    if (rank != root) {
        c = 0; sc = 0; uc = 0; s = 0; us = 0; i = 0; u = 0; l = 0; ul = 0; ll = 0; ull = 0; f = 0; d = 0;
        i8 = 0; i16 = 0; i32 = 0; i64 = 0; u8 = 0; u16 = 0; u32 = 0; u64 = 0; b = false;
        bytes[0] = 0; bytes[1] = 0; bytes[2] = 0;
    }
    MPI_Bcast(&c, 1, MPI_CHAR, root, MPI_COMM_WORLD);
    MPI_Bcast(&sc, 1, MPI_SIGNED_CHAR, root, MPI_COMM_WORLD);
    MPI_Bcast(&uc, 1, MPI_UNSIGNED_CHAR, root, MPI_COMM_WORLD);
    MPI_Bcast(&s, 1, MPI_SHORT, root, MPI_COMM_WORLD);
    MPI_Bcast(&us, 1, MPI_UNSIGNED_SHORT, root, MPI_COMM_WORLD);
    MPI_Bcast(&i, 1, MPI_INT, root, MPI_COMM_WORLD);
    MPI_Bcast(&u, 1, MPI_UNSIGNED, root, MPI_COMM_WORLD);
    MPI_Bcast(&l, 1, MPI_LONG, root, MPI_COMM_WORLD);
    MPI_Bcast(&ul, 1, MPI_UNSIGNED_LONG, root, MPI_COMM_WORLD);
    MPI_Bcast(&ll, 1, MPI_LONG_LONG, root, MPI_COMM_WORLD);
    MPI_Bcast(&ull, 1, MPI_UNSIGNED_LONG_LONG, root, MPI_COMM_WORLD);
    MPI_Bcast(&f, 1, MPI_FLOAT, root, MPI_COMM_WORLD);
    MPI_Bcast(&d, 1, MPI_DOUBLE, root, MPI_COMM_WORLD);
    MPI_Bcast(&i8, 1, MPI_INT8_T, root, MPI_COMM_WORLD);
    MPI_Bcast(&i16, 1, MPI_INT16_T, root, MPI_COMM_WORLD);
    MPI_Bcast(&i32, 1, MPI_INT32_T, root, MPI_COMM_WORLD);
    MPI_Bcast(&i64, 1, MPI_INT64_T, root, MPI_COMM_WORLD);
    MPI_Bcast(&u8, 1, MPI_UINT8_T, root, MPI_COMM_WORLD);
    MPI_Bcast(&u16, 1, MPI_UINT16_T, root, MPI_COMM_WORLD);
    MPI_Bcast(&u32, 1, MPI_UINT32_T, root, MPI_COMM_WORLD);
    MPI_Bcast(&u64, 1, MPI_UINT64_T, root, MPI_COMM_WORLD);
    MPI_Bcast(&b, 1, MPI_C_BOOL, root, MPI_COMM_WORLD);
    MPI_Bcast(bytes, 3, MPI_BYTE, root, MPI_COMM_WORLD);

    same("char", c, 'q');
    same("signed char", sc, -100);
    same("unsigned char", uc, 200);
    same("short", s, -30000);
    same("unsigned short", us, 60000);
    same("int", i, -2000000000);
    same("unsigned", (long)u, 4000000000L);
    same("long", l, -9000000000000000000L);
    same("unsigned long", (long)(ul / 2), 9000000000000000000L);
    same("long long", (long)ll, -5);
    same("unsigned long long", (long)ull, 7);
    same("float", (long)(f * 4), 6);
    same("double", (long)(d * 4), -9);
    same("int8_t", i8, -8);
    same("int16_t", i16, -16);
    same("int32_t", i32, -32);
    same("int64_t", i64, -64);
    same("uint8_t", u8, 250);
    same("uint16_t", u16, 65000);
    same("uint32_t", (long)u32, 4294967295L);
    same("uint64_t", (long)u64, 1);
    same("bool", b, 1);
    same("bytes", bytes[0] + bytes[1] + bytes[2], 384);
    {   /* MPI_Aint, MPI_Offset and MPI_Count values in reductions */
        MPI_Aint a = 1000 + rank, asum;
        MPI_Offset o = 5 * rank, omax;
        MPI_Count n = -rank, nmin;
        MPI_Allreduce(&a, &asum, 1, MPI_AINT, MPI_SUM, MPI_COMM_WORLD);
        MPI_Allreduce(&o, &omax, 1, MPI_OFFSET, MPI_MAX, MPI_COMM_WORLD);
        MPI_Allreduce(&n, &nmin, 1, MPI_COUNT, MPI_MIN, MPI_COMM_WORLD);
        same("MPI_Aint sum", (long)asum, 1000L * size + (long)size * (size - 1) / 2);
        same("MPI_Offset max", (long)omax, 5L * (size - 1));
        same("MPI_Count min", (long)nmin, -(long)(size - 1));
    }

    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0)
            printf(" No Errors\n");
        else
            printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
