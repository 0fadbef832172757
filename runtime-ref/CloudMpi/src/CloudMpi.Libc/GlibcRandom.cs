namespace CloudMpi.Libc;

/// <summary>
/// glibc's random()/rand(): the TYPE_3 additive feedback generator (degree 31, separation 3),
/// seeded by the 16807 Lehmer generator, with 310 outputs discarded after seeding. Calls from a rank's threads
/// take a lock, as glibc's random() and srandom() do (LLNL's hello512.c: 512 threads calling random() at once
/// broke the state's indices, IndexOutOfRangeException).
/// </summary>
internal sealed class GlibcRandom
{
    private const int Degree = 31;
    private const int Separation = 3;
    private readonly int[] _state = new int[Degree];
    private int _front; // glibc's fptr
    private int _rear;  // glibc's rptr
    private readonly object _gate = new();

    public GlibcRandom() => Seed(1);

    public void Seed(uint seed)
    {
        lock (_gate) SeedLocked(seed);
    }

    private void SeedLocked(uint seed)
    {
        if (seed == 0) seed = 1;
        int word = unchecked((int)seed);
        _state[0] = word;
        for (int i = 1; i < Degree; i++)
        {
            // state[i] = (16807 * state[i - 1]) % 2147483647 without overflowing 31 bits.
            long hi = word / 127773;
            long lo = word % 127773;
            word = (int)(16807 * lo - 2836 * hi);
            if (word < 0) word += 2147483647;
            _state[i] = word;
        }

        _front = Separation;
        _rear = 0;
        for (int i = 0; i < 10 * Degree; i++) NextLocked();
    }

    /// <summary>The next value in [0, 2^31).</summary>
    public int Next()
    {
        lock (_gate) return NextLocked();
    }

    private int NextLocked()
    {
        uint value = unchecked((uint)_state[_front] + (uint)_state[_rear]);
        _state[_front] = unchecked((int)value);
        int result = (int)(value >> 1);
        if (++_front >= Degree)
        {
            _front = 0;
            ++_rear;
        }
        else if (++_rear >= Degree)
        {
            _rear = 0;
        }

        return result;
    }
}
