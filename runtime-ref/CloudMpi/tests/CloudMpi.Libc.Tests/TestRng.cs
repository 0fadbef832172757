namespace CloudMpi.Libc.Tests;

/// <summary>A deterministic SplitMix64 generator: the same cases on every run and machine.</summary>
internal sealed class TestRng(ulong seed)
{
    private ulong _state = seed;

    public ulong NextU64()
    {
        ulong z = _state += 0x9E3779B97F4A7C15UL;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9UL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBUL;
        return z ^ (z >> 31);
    }

    /// <summary>Uniform in [0, n).</summary>
    public int Next(int n) => (int)(NextU64() % (ulong)n);

    /// <summary>Uniform in [lo, hi].</summary>
    public int Range(int lo, int hi) => lo + Next(hi - lo + 1);

    public bool Chance(double p) => (NextU64() >> 11) * (1.0 / (1UL << 53)) < p;

    public T Pick<T>(IReadOnlyList<T> items) => items[Next(items.Count)];
}
