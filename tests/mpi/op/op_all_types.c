/* Every predefined op on every C type MPI defines it for (MPI-4.0 6.9.2), through MPI_Allreduce:
 * SUM, PROD, MAX, MIN on the integer and floating types; LAND, LOR, LXOR on the integer types and
 * MPI_C_BOOL; BAND, BOR, BXOR on the integer types and MPI_BYTE.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <stdint.h>
#include <stdbool.h>
#include <mpi.h>

int errs = 0;
int rank, size;

void report(const char *op, const char *type, long got, long expect)
{
    if (got != expect) {
        errs++;
        printf("[%d] %s on %s: got %ld, expected %ld\n", rank, op, type, got, expect);
    }
}

/* SUM of rank + 1, PROD of 2 on ranks 0 and 1 (1 elsewhere), MAX and MIN of rank. */
#define ARITH(CTYPE, MPITYPE)                                                        \
    void arith_##CTYPE(void)                                                         \
    {                                                                                \
        CTYPE in, out;                                                               \
        int two = size < 2 ? size : 2;                                               \
        in = (CTYPE)(rank + 1);                                                      \
        MPI_Allreduce(&in, &out, 1, MPITYPE, MPI_SUM, MPI_COMM_WORLD);               \
        report("MPI_SUM", #MPITYPE, (long)out, (long)(size * (size + 1) / 2));       \
        in = (CTYPE)(rank < 2 ? 2 : 1);                                              \
        MPI_Allreduce(&in, &out, 1, MPITYPE, MPI_PROD, MPI_COMM_WORLD);              \
        report("MPI_PROD", #MPITYPE, (long)out, (long)(1 << two));                   \
        in = (CTYPE)rank;                                                            \
        MPI_Allreduce(&in, &out, 1, MPITYPE, MPI_MAX, MPI_COMM_WORLD);               \
        report("MPI_MAX", #MPITYPE, (long)out, (long)(size - 1));                    \
        MPI_Allreduce(&in, &out, 1, MPITYPE, MPI_MIN, MPI_COMM_WORLD);               \
        report("MPI_MIN", #MPITYPE, (long)out, 0L);                                  \
    }

/* LAND of (rank == size - 1) is true on one rank only; LOR and LXOR of it are true. */
#define LOGICAL(CTYPE, MPITYPE)                                                      \
    void logical_##CTYPE(void)                                                       \
    {                                                                                \
        CTYPE in, out;                                                               \
        in = (CTYPE)(rank == size - 1);                                              \
        MPI_Allreduce(&in, &out, 1, MPITYPE, MPI_LAND, MPI_COMM_WORLD);              \
        report("MPI_LAND", #MPITYPE, (long)out, (long)(size == 1));                  \
        MPI_Allreduce(&in, &out, 1, MPITYPE, MPI_LOR, MPI_COMM_WORLD);               \
        report("MPI_LOR", #MPITYPE, (long)out, 1L);                                  \
        MPI_Allreduce(&in, &out, 1, MPITYPE, MPI_LXOR, MPI_COMM_WORLD);              \
        report("MPI_LXOR", #MPITYPE, (long)out, 1L);                                 \
    }

/* BOR of 1 << rank sets the low size bits; BAND of their complement (in 7 bits) clears them;
 * BXOR of 1 on every rank is size % 2. */
#define BITWISE(CTYPE, MPITYPE)                                                      \
    void bitwise_##CTYPE(void)                                                       \
    {                                                                                \
        CTYPE in, out;                                                               \
        in = (CTYPE)(1 << rank);                                                     \
        MPI_Allreduce(&in, &out, 1, MPITYPE, MPI_BOR, MPI_COMM_WORLD);               \
        report("MPI_BOR", #MPITYPE, (long)out, (long)((1 << size) - 1));             \
        in = (CTYPE)(0x7f & ~(1 << rank));                                           \
        MPI_Allreduce(&in, &out, 1, MPITYPE, MPI_BAND, MPI_COMM_WORLD);              \
        report("MPI_BAND", #MPITYPE, (long)out, (long)(0x7f & ~((1 << size) - 1)));  \
        in = (CTYPE)1;                                                               \
        MPI_Allreduce(&in, &out, 1, MPITYPE, MPI_BXOR, MPI_COMM_WORLD);              \
        report("MPI_BXOR", #MPITYPE, (long)out, (long)(size % 2));                   \
    }

typedef signed char schar;
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
typedef long long llong;
typedef unsigned long long ullong;
typedef long double ldouble;

ARITH(schar, MPI_SIGNED_CHAR)
ARITH(uchar, MPI_UNSIGNED_CHAR)
ARITH(short, MPI_SHORT)
ARITH(ushort, MPI_UNSIGNED_SHORT)
ARITH(int, MPI_INT)
ARITH(uint, MPI_UNSIGNED)
ARITH(long, MPI_LONG)
ARITH(ulong, MPI_UNSIGNED_LONG)
ARITH(llong, MPI_LONG_LONG)
ARITH(ullong, MPI_UNSIGNED_LONG_LONG)
ARITH(int8_t, MPI_INT8_T)
ARITH(int16_t, MPI_INT16_T)
ARITH(int32_t, MPI_INT32_T)
ARITH(int64_t, MPI_INT64_T)
ARITH(uint8_t, MPI_UINT8_T)
ARITH(uint16_t, MPI_UINT16_T)
ARITH(uint32_t, MPI_UINT32_T)
ARITH(uint64_t, MPI_UINT64_T)
ARITH(float, MPI_FLOAT)
ARITH(double, MPI_DOUBLE)
ARITH(ldouble, MPI_LONG_DOUBLE)

LOGICAL(schar, MPI_SIGNED_CHAR)
LOGICAL(short, MPI_SHORT)
LOGICAL(int, MPI_INT)
LOGICAL(ulong, MPI_UNSIGNED_LONG)
LOGICAL(llong, MPI_LONG_LONG_INT)
LOGICAL(uint16_t, MPI_UINT16_T)
LOGICAL(int64_t, MPI_INT64_T)
LOGICAL(bool, MPI_C_BOOL)

BITWISE(uchar, MPI_UNSIGNED_CHAR)
BITWISE(ushort, MPI_UNSIGNED_SHORT)
BITWISE(int, MPI_INT)
BITWISE(uint, MPI_UNSIGNED)
BITWISE(long, MPI_LONG)
BITWISE(ullong, MPI_UNSIGNED_LONG_LONG)
BITWISE(int8_t, MPI_INT8_T)
BITWISE(uint32_t, MPI_UINT32_T)
BITWISE(int64_t, MPI_INT64_T)

/* MPI_BYTE: bitwise ops only. */
void bitwise_byte(void)
{
    unsigned char in, out;
    in = (unsigned char)(1 << rank);
    MPI_Allreduce(&in, &out, 1, MPI_BYTE, MPI_BOR, MPI_COMM_WORLD);
    report("MPI_BOR", "MPI_BYTE", (long)out, (long)((1 << size) - 1));
    MPI_Allreduce(&in, &out, 1, MPI_BYTE, MPI_BXOR, MPI_COMM_WORLD);
    report("MPI_BXOR", "MPI_BYTE", (long)out, (long)((1 << size) - 1));
    in = (unsigned char)(0x7f & ~(1 << rank));
    MPI_Allreduce(&in, &out, 1, MPI_BYTE, MPI_BAND, MPI_COMM_WORLD);
    report("MPI_BAND", "MPI_BYTE", (long)out, (long)(0x7f & ~((1 << size) - 1)));
}

int main(int argc, char **argv)
{
    int toterrs;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    arith_schar(); arith_uchar(); arith_short(); arith_ushort(); arith_int(); arith_uint();
    arith_long(); arith_ulong(); arith_llong(); arith_ullong();
    arith_int8_t(); arith_int16_t(); arith_int32_t(); arith_int64_t();
    arith_uint8_t(); arith_uint16_t(); arith_uint32_t(); arith_uint64_t();
    arith_float(); arith_double(); arith_ldouble();
    logical_schar(); logical_short(); logical_int(); logical_ulong(); logical_llong();
    logical_uint16_t(); logical_int64_t(); logical_bool();
    bitwise_uchar(); bitwise_ushort(); bitwise_int(); bitwise_uint(); bitwise_long(); bitwise_ullong();
    bitwise_int8_t(); bitwise_uint32_t(); bitwise_int64_t();
    bitwise_byte();

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
