using System.Buffers.Binary;
using System.Numerics;

namespace CloudMpi.Libc;

/// <summary>
/// GCC's builtins that C programs call by name: the bit counts of bit-twiddling code (<c>__builtin_popcount</c>,
/// <c>__builtin_clz</c>, <c>__builtin_ctz</c> and their <c>l</c>/<c>ll</c> forms) and <c>__builtin_expect</c>, a branch
/// hint whose value is its first argument. GCC leaves <c>__builtin_clz(0)</c> and <c>__builtin_ctz(0)</c> undefined;
/// here they give the operand's width, as x86's lzcnt and tzcnt do. Also the byte swaps of endian code
/// (<c>__builtin_bswap16/32/64</c>), <c>__builtin_ffs</c> (one plus the index of the lowest set bit, 0 for 0) and
/// <c>__builtin_parity</c> (the number of set bits modulo 2), each in the operand's type as GCC declares it
/// (csmith's --builtins programs call all of them). And x86's SSE4.2 CRC-32C steps (<c>__builtin_ia32_crc32qi/hi/si/di</c>,
/// gcc needs <c>-msse4.2</c> for them): the <c>crc32</c> instruction's value, the Castagnoli polynomial over the
/// operand's bytes without the inversions a whole-message CRC adds, as <c>BitOperations.Crc32C</c> computes it (in
/// hardware where there is some); the 64-bit form uses the low 32 bits of its accumulator and gives them zero-extended.
/// </summary>
public static class CBuiltins
{
    public static int Popcount(uint x) => BitOperations.PopCount(x);

    public static int Popcount(ulong x) => BitOperations.PopCount(x);

    public static int LeadingZeros(uint x) => BitOperations.LeadingZeroCount(x);

    public static int LeadingZeros(ulong x) => BitOperations.LeadingZeroCount(x);

    public static int TrailingZeros(uint x) => BitOperations.TrailingZeroCount(x);

    public static int TrailingZeros(ulong x) => BitOperations.TrailingZeroCount(x);

    public static long Expect(long value, long expected) => value;

    public static ushort ByteSwap(ushort x) => BinaryPrimitives.ReverseEndianness(x);

    public static uint ByteSwap(uint x) => BinaryPrimitives.ReverseEndianness(x);

    public static ulong ByteSwap(ulong x) => BinaryPrimitives.ReverseEndianness(x);

    public static int FindFirstSet(int x) => x == 0 ? 0 : BitOperations.TrailingZeroCount(x) + 1;

    public static int FindFirstSet(long x) => x == 0 ? 0 : BitOperations.TrailingZeroCount(x) + 1;

    public static int Parity(uint x) => BitOperations.PopCount(x) & 1;

    public static int Parity(ulong x) => BitOperations.PopCount(x) & 1;

    public static uint Crc32C8(uint crc, byte data) => BitOperations.Crc32C(crc, data);

    public static uint Crc32C16(uint crc, ushort data) => BitOperations.Crc32C(crc, data);

    public static uint Crc32C32(uint crc, uint data) => BitOperations.Crc32C(crc, data);

    public static ulong Crc32C64(ulong crc, ulong data) => BitOperations.Crc32C((uint)crc, data);
}
