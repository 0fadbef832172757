namespace CloudMpi.Libc;

/// <summary>
/// glibc's drand48 family: the 48-bit linear congruential generator x = a·x + c mod 2^48
/// (a = 0x5DEECE66D, c = 0xB unless lcong48 changed them).
/// </summary>
internal sealed class Drand48Generator
{
    public const ulong DefaultA = 0x5DEECE66DUL;
    public const ulong DefaultC = 0xB;
    private const ulong Mask48 = (1UL << 48) - 1;

    public ulong X { get; set; }
    public ulong A { get; set; } = DefaultA;
    public ulong C { get; set; } = DefaultC;

    /// <summary>The seed48 return buffer (glibc returns a pointer to a static array holding the old x).</summary>
    public ushort[] OldSeed { get; } = new ushort[3];

    public ulong Iterate(ulong x) => (A * x + C) & Mask48;

    public ulong Next() => X = Iterate(X);

    /// <summary>srand48: the high 32 bits of x from the seed's low 32 bits, low 16 bits 0x330E.</summary>
    public void Seed(long seed)
    {
        X = (((ulong)seed & 0xFFFFFFFFUL) << 16) | 0x330E;
        A = DefaultA;
        C = DefaultC;
    }

    public static ulong FromShorts(ushort[] xsubi, int offset = 0) =>
        xsubi[offset] | ((ulong)xsubi[offset + 1] << 16) | ((ulong)xsubi[offset + 2] << 32);

    public static void ToShorts(ulong x, ushort[] xsubi, int offset = 0)
    {
        xsubi[offset] = (ushort)x;
        xsubi[offset + 1] = (ushort)(x >> 16);
        xsubi[offset + 2] = (ushort)(x >> 32);
    }

    /// <summary>The double glibc builds: 1.0 with the 48 bits as the top of the mantissa, minus 1.0 (= x / 2^48 exactly).</summary>
    public static double ToDouble(ulong x) =>
        BitConverter.Int64BitsToDouble((long)((1023UL << 52) | (x << 4))) - 1.0;

    /// <summary>lrand48/nrand48: the high 31 bits.</summary>
    public static long ToNonNegative(ulong x) => (long)(x >> 17);

    /// <summary>mrand48/jrand48: the high 32 bits as a signed value.</summary>
    public static long ToSigned(ulong x) => unchecked((int)(uint)(x >> 16));
}
