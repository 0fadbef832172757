namespace CloudMpi.Libc;

/// <summary>
/// The value a C bit-field holds after a store: the low <c>width</c> bits, sign-extended for a signed field
/// (what gcc does on x86-64; C leaves out-of-range signed stores implementation-defined). A translated struct
/// keeps each bit-field in a property whose setter stores through these, and an assignment whose value is
/// used reads its result through them too, because C's value of `s.f = v` is the field's new value.
/// A bit-field in a union shares its storage with the other members: it reads the low bits of that storage and a
/// store replaces only them (<c>Insert</c>), as C's layout on x86-64 puts every union member at bit 0.
/// </summary>
public static class BitField
{
    public static int Signed(int value, int width) => width >= 32 ? value : value << (32 - width) >> (32 - width);

    public static long Signed(long value, int width) => width >= 64 ? value : value << (64 - width) >> (64 - width);

    public static uint Unsigned(uint value, int width) => width >= 32 ? value : value & ((1u << width) - 1);

    public static ulong Unsigned(ulong value, int width) => width >= 64 ? value : value & ((1UL << width) - 1);

    public static int Insert(int storage, int value, int width) =>
        width >= 32 ? value : (int)Insert((uint)storage, (uint)value, width);

    public static uint Insert(uint storage, uint value, int width)
    {
        if (width >= 32) return value;
        uint mask = (1u << width) - 1;
        return (storage & ~mask) | (value & mask);
    }

    public static long Insert(long storage, long value, int width) =>
        width >= 64 ? value : (long)Insert((ulong)storage, (ulong)value, width);

    public static ulong Insert(ulong storage, ulong value, int width)
    {
        if (width >= 64) return value;
        ulong mask = (1UL << width) - 1;
        return (storage & ~mask) | (value & mask);
    }

    // A bit-field in a struct laid out as C's (the translator's bitfields.py): `width` bits at `shift` of its
    // storage unit, widened to 64 bits whatever the unit's size.

    public static ulong Read(ulong unit, int shift, int width) =>
        width >= 64 ? unit : (unit >> shift) & ((1UL << width) - 1);

    public static long ReadSigned(ulong unit, int shift, int width) =>
        (long)(unit << (64 - shift - width)) >> (64 - width);

    public static ulong Write(ulong unit, ulong value, int shift, int width)
    {
        if (width >= 64) return value;
        ulong mask = ((1UL << width) - 1) << shift;
        return (unit & ~mask) | ((value << shift) & mask);
    }
}
