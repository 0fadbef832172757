using System.Numerics;

namespace CloudMpi.Libc;

/// <summary>
/// GCC's builtins that C programs call by name: the bit counts of bit-twiddling code (<c>__builtin_popcount</c>,
/// <c>__builtin_clz</c>, <c>__builtin_ctz</c> and their <c>l</c>/<c>ll</c> forms) and <c>__builtin_expect</c>, a branch
/// hint whose value is its first argument. GCC leaves <c>__builtin_clz(0)</c> and <c>__builtin_ctz(0)</c> undefined;
/// here they give the operand's width, as x86's lzcnt and tzcnt do.
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
}
