namespace CloudMpi.Libc;

/// <summary>
/// A <c>size_t</c> parameter. It converts implicitly from every C integer type the translator
/// may pass (int, long, uint, ulong ...), so one overload serves <c>memcpy(d, s, 8)</c>,
/// <c>memcpy(d, s, n * sizeof(double))</c> (ulong) and a long count alike. A negative value
/// becomes the huge unsigned value C would see, which then fails as C's call would.
/// </summary>
public readonly struct SizeT
{
    public readonly ulong Value;

    public SizeT(ulong value) => Value = value;

    public static implicit operator SizeT(int n) => new(unchecked((ulong)(long)n));

    public static implicit operator SizeT(long n) => new(unchecked((ulong)n));

    public static implicit operator SizeT(uint n) => new(n);

    public static implicit operator SizeT(ulong n) => new(n);

    /// <summary>The value as a non-negative long, or -1 when it exceeds long's range (an impossible size).</summary>
    internal long AsLong => Value > long.MaxValue ? -1 : (long)Value;

    public override string ToString() => Value.ToString(System.Globalization.CultureInfo.InvariantCulture);
}
