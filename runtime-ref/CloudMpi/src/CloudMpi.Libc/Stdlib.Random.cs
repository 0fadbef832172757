namespace CloudMpi.Libc;

/// <summary>rand/srand/random (glibc TYPE_3) and the drand48 family, per rank.</summary>
public static partial class Stdlib
{
    public static int rand() => LibcState.Current.Random.Next();

    public static void srand(uint seed) => LibcState.Current.Random.Seed(seed);

    public static void srand(int seed) => srand(unchecked((uint)seed));

    public static void srand(long seed) => srand(unchecked((uint)seed));

    public static void srand(ulong seed) => srand(unchecked((uint)seed));

    public static long random() => LibcState.Current.Random.Next();

    public static void srandom(uint seed) => srand(seed);

    public static void srandom(int seed) => srand(seed);

    public static void srandom(long seed) => srand(seed);

    public static void srandom(ulong seed) => srand(seed);

    /// <summary>glibc's reentrant generator: three steps of the ANSI C LCG on the caller's state, 31 bits of
    /// result (11 + 10 + 10 high bits of the steps); unlike rand() it has no hidden state.</summary>
    public static int rand_r(ref uint seed)
    {
        uint next = seed;
        next = unchecked(next * 1103515245 + 12345);
        int result = (int)(next / 65536 % 2048);
        next = unchecked(next * 1103515245 + 12345);
        result = (result << 10) ^ (int)(next / 65536 % 1024);
        next = unchecked(next * 1103515245 + 12345);
        result = (result << 10) ^ (int)(next / 65536 % 1024);
        seed = next;
        return result;
    }

    /// <summary>rand_r with a pointer variable (a `&amp;seed` argument is passed by ref).</summary>
    public static int rand_r(Ptr<uint> seed) => rand_r(ref seed.Value);

    public static void srand48(long seed) => LibcState.Current.Drand48.Seed(seed);

    public static void srand48(ulong seed) => srand48(unchecked((long)seed));

    public static double drand48() => Drand48Generator.ToDouble(LibcState.Current.Drand48.Next());

    public static long lrand48() => Drand48Generator.ToNonNegative(LibcState.Current.Drand48.Next());

    public static long mrand48() => Drand48Generator.ToSigned(LibcState.Current.Drand48.Next());

    /// <summary>drand48 on the caller's 3-element state (uses the rank's a and c, as glibc does).</summary>
    public static double erand48(ushort[] xsubi) => Drand48Generator.ToDouble(Step(xsubi));

    public static long nrand48(ushort[] xsubi) => Drand48Generator.ToNonNegative(Step(xsubi));

    public static long jrand48(ushort[] xsubi) => Drand48Generator.ToSigned(Step(xsubi));

    /// <summary>Sets x from seed16v (and resets a, c); returns the rank's buffer holding the previous x.</summary>
    public static ushort[] seed48(ushort[] seed16v)
    {
        ArgumentNullException.ThrowIfNull(seed16v);
        var g = LibcState.Current.Drand48;
        Drand48Generator.ToShorts(g.X, g.OldSeed);
        g.X = Drand48Generator.FromShorts(seed16v);
        g.A = Drand48Generator.DefaultA;
        g.C = Drand48Generator.DefaultC;
        return g.OldSeed;
    }

    /// <summary>param[0..2] = x, param[3..5] = a, param[6] = c.</summary>
    public static void lcong48(ushort[] param)
    {
        ArgumentNullException.ThrowIfNull(param);
        var g = LibcState.Current.Drand48;
        g.X = Drand48Generator.FromShorts(param, 0);
        g.A = Drand48Generator.FromShorts(param, 3);
        g.C = param[6];
    }

    private static ulong Step(ushort[] xsubi)
    {
        ArgumentNullException.ThrowIfNull(xsubi);
        ulong x = LibcState.Current.Drand48.Iterate(Drand48Generator.FromShorts(xsubi));
        Drand48Generator.ToShorts(x, xsubi);
        return x;
    }
}
