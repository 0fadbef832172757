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

    /// <summary>
    /// initstate(seed, state, n): random() and rand() draw from a new generator of the type glibc picks for n bytes
    /// (TYPE_0 to TYPE_4: its sequences are glibc's), seeded with seed; the previous state's buffer is returned (glibc's
    /// own table first), or NULL and EINVAL below 8 bytes. The generator is kept by the buffer's identity, not in its
    /// bytes: setstate of that buffer resumes it, but a copy of the bytes (memcpy to save a state) is no state.
    /// </summary>
    public static Ptr<sbyte> initstate(uint seed, Ptr<sbyte> state, SizeT n)
    {
        var libc = LibcState.Current;
        int type = GlibcRandom.TypeForSize(n.Value);
        if (type < 0 || state.IsNull)
        {
            libc.Errno = EINVAL;
            return default;
        }

        var previous = CurrentRandomState(libc);
        var generator = new GlibcRandom(type, seed);
        libc.RandomStates[StateKey(state)] = generator;
        libc.Random = generator;
        libc.RandomStateBuffer = state;
        return previous;
    }

    public static Ptr<sbyte> initstate(int seed, Ptr<sbyte> state, SizeT n) => initstate(unchecked((uint)seed), state, n);

    /// <summary>setstate(state): random() and rand() resume the generator initstate made in that buffer (or glibc's
    /// own, through the pointer the first initstate returned); the previous state's buffer, or NULL and EINVAL for a
    /// buffer initstate never had.</summary>
    public static Ptr<sbyte> setstate(Ptr<sbyte> state)
    {
        var libc = LibcState.Current;
        var previous = CurrentRandomState(libc);
        if (state.IsNull || !libc.RandomStates.TryGetValue(StateKey(state), out var generator))
        {
            libc.Errno = EINVAL;
            return default;
        }

        libc.Random = generator;
        libc.RandomStateBuffer = state;
        return previous;
    }

    private static (object Array, int Offset) StateKey(Ptr<sbyte> state) => ((object?)state.Array ?? state.View!, state.Offset);

    /// <summary>The buffer of the generator in use, glibc's own table registered on first use.</summary>
    private static Ptr<sbyte> CurrentRandomState(LibcState libc)
    {
        if (libc.RandomStateBuffer.IsNull)
        {
            libc.RandomStateBuffer = libc.RandomTable;
            libc.RandomStates[(libc.RandomTable, 0)] = libc.Random;
        }

        return libc.RandomStateBuffer;
    }

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
