using System.Reflection;
using System.Runtime.InteropServices;
using System.Runtime.CompilerServices;

namespace CloudMpi.Libc;

/// <summary>
/// C's sizeof and alignment for the C# type a C type translates to, on LP64 (x86-64 SysV).
/// Unsafe.SizeOf agrees with C for primitives and for structs of primitives, but not for
/// pointers: a <see cref="Ptr{T}"/> is 16 bytes in .NET and a C pointer 8, and a struct holding
/// references gets .NET's auto layout. Malloc'd byte counts are computed by the C program with
/// C's sizes, so element counts must be derived with C's sizes too.
/// </summary>
public static class CSizeOf<T>
{
    /// <summary>sizeof(T) in C.</summary>
    public static readonly int Size;

    /// <summary>_Alignof(T) in C.</summary>
    public static readonly int Alignment;

    static CSizeOf()
    {
        (Size, Alignment) = CLayout.Of(typeof(T));
    }
}

internal static class CLayout
{
    private const int PointerSize = 8;

    internal static (int Size, int Alignment) Of(Type t)
    {
        if (t.IsPrimitive)
        {
            // double and long are 8-aligned on x86-64; every primitive is aligned to its size.
            int size = t == typeof(IntPtr) || t == typeof(UIntPtr) ? PointerSize : SizeOfPrimitive(t);
            return (size, size);
        }

        if (t.IsEnum) return Of(Enum.GetUnderlyingType(t));
        if (!t.IsValueType || (t.IsGenericType && t.GetGenericTypeDefinition() == typeof(Ptr<>)))
            return (PointerSize, PointerSize); // a C pointer: T[], string, Ptr<T>, a delegate
        if (t.GetCustomAttribute<InlineArrayAttribute>() is { } inline)
        {
            var element = t.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic)[0];
            var (es, ea) = Of(element.FieldType);
            return (es * inline.Length, ea);
        }

        return OfStruct(t);
    }

    private static int SizeOfPrimitive(Type t) => Type.GetTypeCode(t) switch
    {
        TypeCode.Boolean or TypeCode.SByte or TypeCode.Byte => 1,
        TypeCode.Int16 or TypeCode.UInt16 or TypeCode.Char => 2,
        TypeCode.Int32 or TypeCode.UInt32 or TypeCode.Single => 4,
        _ => 8,
    };

    // A C struct: members in declaration order, each at the next multiple of its alignment,
    // the size rounded up to the largest alignment. Explicit layout (a union, or a struct with bit-fields
    // that the translator lays out as C does) puts each member at its FieldOffset, within the declared Size.
    private static (int Size, int Alignment) OfStruct(Type t)
    {
        var fields = t.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic);
        bool explicitLayout = t.IsExplicitLayout;
        int size = explicitLayout ? t.StructLayoutAttribute?.Size ?? 0 : 0, alignment = 1;
        foreach (var (f, offset) in FieldOffsets(t))
        {
            var (fs, fa) = Of(f.FieldType);
            alignment = Math.Max(alignment, fa);
            size = Math.Max(size, offset + fs);
        }

        // A Size the translator declares is C's sizeof, tail padding included: under #pragma pack a struct of a
        // uint16_t and a uint32_t is 6 bytes (C's alignment 1), not rounded to its widest member's 4, so fwrite and
        // memcpy of its sizeof see whole elements, as .NET lays them out at that size.
        int declared = explicitLayout ? t.StructLayoutAttribute?.Size ?? 0 : 0;
        if (declared > 0)
            return (declared, alignment);
        return (Math.Max(RoundUp(size, alignment), fields.Length == 0 ? 1 : 0), alignment);
    }

    /// <summary>A struct's fields in declaration order, each at its C offset: the next multiple of its alignment, or
    /// its FieldOffset under explicit layout (a union, C's layout of bit-fields or of #pragma pack).</summary>
    internal static IEnumerable<(FieldInfo Field, int Offset)> FieldOffsets(Type t)
    {
        int end = 0;
        foreach (var f in t.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic).OrderBy(f => f.MetadataToken))
        {
            if (t.IsExplicitLayout)
            {
                yield return (f, f.GetCustomAttribute<FieldOffsetAttribute>()?.Value ?? 0);
                continue;
            }
            var (fs, fa) = Of(f.FieldType);
            int offset = RoundUp(end, fa);
            yield return (f, offset);
            end = offset + fs;
        }
    }

    private static int RoundUp(int n, int alignment) => (n + alignment - 1) / alignment * alignment;
}
