namespace CloudMpi.Libc;

/// <summary>
/// glibc's random()/rand(): the TYPE_3 additive feedback generator (degree 31, separation 3),
/// seeded by the 16807 Lehmer generator, with 310 outputs discarded after seeding. Calls from a rank's threads
/// take a lock, as glibc's random() and srandom() do (LLNL's hello512.c: 512 threads calling random() at once
/// broke the state's indices, IndexOutOfRangeException).
/// </summary>
internal sealed class GlibcRandom
{
    // glibc's state types, chosen by initstate from the size of the caller's state: TYPE_0 (a linear congruential
    // generator, under 32 bytes), TYPE_1 (degree 7, separation 3), TYPE_2 (15, 1), TYPE_3 (31, 3: random()'s own,
    // 128 bytes and more) and TYPE_4 (63, 1: 256 bytes and more)
    private static readonly (int Degree, int Separation)[] Types = [(0, 0), (7, 3), (15, 1), (31, 3), (63, 1)];

    private readonly int _degree;
    private readonly int _separation;
    private readonly int[] _state;
    private int _front; // glibc's fptr
    private int _rear;  // glibc's rptr
    private readonly object _gate = new();

    public GlibcRandom() : this(3, 1)
    {
    }

    /// <summary>A generator of glibc's state type `type` (0-4), seeded as srandom(seed) seeds it.</summary>
    public GlibcRandom(int type, uint seed)
    {
        (_degree, _separation) = Types[type];
        _state = new int[Math.Max(_degree, 1)];
        Seed(seed);
    }

    /// <summary>The state type glibc's initstate picks for a state of n bytes, or -1 below its 8 bytes.</summary>
    public static int TypeForSize(ulong n) =>
        n < 8 ? -1 : n < 32 ? 0 : n < 64 ? 1 : n < 128 ? 2 : n < 256 ? 3 : 4;

    public void Seed(uint seed)
    {
        lock (_gate) SeedLocked(seed);
    }

    private void SeedLocked(uint seed)
    {
        if (seed == 0) seed = 1;
        int word = unchecked((int)seed);
        _state[0] = word;
        if (_degree == 0) return; // TYPE_0: the seed is the state
        for (int i = 1; i < _degree; i++)
        {
            // state[i] = (16807 * state[i - 1]) % 2147483647 without overflowing 31 bits.
            long hi = word / 127773;
            long lo = word % 127773;
            word = (int)(16807 * lo - 2836 * hi);
            if (word < 0) word += 2147483647;
            _state[i] = word;
        }

        _front = _separation;
        _rear = 0;
        for (int i = 0; i < 10 * _degree; i++) NextLocked();
    }

    /// <summary>The next value in [0, 2^31).</summary>
    public int Next()
    {
        lock (_gate) return NextLocked();
    }

    private int NextLocked()
    {
        if (_degree == 0)
        {
            _state[0] = unchecked((int)(((uint)_state[0] * 1103515245u + 12345u) & 0x7fffffff));
            return _state[0];
        }

        uint value = unchecked((uint)_state[_front] + (uint)_state[_rear]);
        _state[_front] = unchecked((int)value);
        int result = (int)(value >> 1);
        if (++_front >= _degree)
        {
            _front = 0;
            ++_rear;
        }
        else if (++_rear >= _degree)
        {
            _rear = 0;
        }

        return result;
    }
}
