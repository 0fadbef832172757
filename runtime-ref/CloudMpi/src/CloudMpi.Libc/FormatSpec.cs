namespace CloudMpi.Libc;

internal enum LengthModifier
{
    None,
    Char,      // hh
    Short,     // h
    Long,      // l
    LongLong,  // ll, q
    IntMax,    // j
    Size,      // z
    PtrDiff,   // t
    LongDouble, // L
}

/// <summary>One parsed conversion specification: %[flags][width][.precision][length]conversion.</summary>
internal struct FormatSpec
{
    public bool Minus;
    public bool Plus;
    public bool Space;
    public bool Alt;
    public bool Zero;
    public int Width;      // 0 when absent
    public int Precision;  // -1 when absent
    public LengthModifier Length;
    public char Conversion;

    public readonly bool IsWide =>
        Length is LengthModifier.Long or LengthModifier.LongLong or LengthModifier.IntMax
            or LengthModifier.Size or LengthModifier.PtrDiff;

    /// <summary>The sign character of a signed conversion ('\0' for none).</summary>
    public readonly char SignChar(bool negative) => negative ? '-' : Plus ? '+' : Space ? ' ' : '\0';
}
