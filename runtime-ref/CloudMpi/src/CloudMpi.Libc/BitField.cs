namespace CloudMpi.Libc;

/// <summary>
/// The value a C bit-field holds after a store: the low <c>width</c> bits, sign-extended for a signed field
/// (what gcc does on x86-64; C leaves out-of-range signed stores implementation-defined). A translated struct
/// keeps each bit-field in a property whose setter stores through these, and an assignment whose value is
/// used reads its result through them too, because C's value of `s.f = v` is the field's new value.
/// </summary>
public static class BitField
{
    public static int Signed(int value, int width) => width >= 32 ? value : value << (32 - width) >> (32 - width);

    public static long Signed(long value, int width) => width >= 64 ? value : value << (64 - width) >> (64 - width);

    public static uint Unsigned(uint value, int width) => width >= 32 ? value : value & ((1u << width) - 1);

    public static ulong Unsigned(ulong value, int width) => width >= 64 ? value : value & ((1UL << width) - 1);
}
