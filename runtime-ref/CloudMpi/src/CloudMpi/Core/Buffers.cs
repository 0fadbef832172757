using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace CloudMpi.Core;

/// <summary>Checks a user buffer against a count and datatype and views it as bytes.</summary>
internal static class Buffers
{
    private enum TClass { SignedInt, UnsignedInt, Float, Bool, Char16, Other }

    /// <summary>Per-T facts, computed once.</summary>
    private static class Info<T> where T : unmanaged
    {
        public static readonly int Size = Unsafe.SizeOf<T>();
        public static readonly TClass Class = Classify(typeof(T));
    }

    private static TClass Classify(Type t)
    {
        if (t == typeof(sbyte) || t == typeof(short) || t == typeof(int) || t == typeof(long) || t == typeof(nint)) return TClass.SignedInt;
        if (t == typeof(byte) || t == typeof(ushort) || t == typeof(uint) || t == typeof(ulong) || t == typeof(nuint)) return TClass.UnsignedInt;
        if (t == typeof(float) || t == typeof(double) || t == typeof(Half)) return TClass.Float;
        if (t == typeof(bool)) return TClass.Bool;
        if (t == typeof(char)) return TClass.Char16;
        if (t.IsEnum) return Classify(Enum.GetUnderlyingType(t));
        return TClass.Other;
    }

    /// <summary>
    /// Whether elements of T may be described by <paramref name="type"/>:
    /// - 1-byte types (MPI_BYTE, MPI_CHAR, MPI_[UN]SIGNED_CHAR, MPI_[U]INT8_T) view any buffer as bytes;
    /// - a C# primitive must have the datatype's size and kind (integer / floating / bool); signed and
    ///   unsigned integers of one size are interchangeable, as in C;
    /// - a struct must be a whole number of datatype elements (a struct of doubles as MPI_DOUBLE).
    /// </summary>
    public static void CheckType<T>(string call, Datatype type) where T : unmanaged
    {
        ArgumentNullException.ThrowIfNull(type);
        if (type.IsByteView) return;
        int size = Info<T>.Size;
        TClass c = Info<T>.Class;
        bool ok = c switch
        {
            TClass.SignedInt or TClass.UnsignedInt => size == type.Size && (type.IsInteger || type.Kind == ElementKind.Char),
            TClass.Float => size == type.Size && type.IsFloat,
            TClass.Bool => type.Kind == ElementKind.Bool,
            TClass.Char16 => size == type.Size && type.IsInteger,
            _ => size % type.Size == 0,
        };
        if (!ok)
            throw new MpiException(call, cMPI.ERR_TYPE,
                $"datatype {type.Name} ({type.Size}-byte {KindName(type)}) does not describe a buffer of {typeof(T).Name} ({size} bytes)");
    }

    private static string KindName(Datatype t) =>
        t.IsFloat ? "floating point" : t.IsInteger ? "integer" : t.Kind == ElementKind.Bool ? "bool" : "character";

    /// <summary>The bytes of <c>count</c> elements of <paramref name="type"/> starting at element <paramref name="offset"/> of <paramref name="buf"/>.</summary>
    public static Span<byte> Array<T>(string call, T[]? buf, int offset, int count, Datatype type) where T : unmanaged
    {
        CheckType<T>(call, type);
        if (count < 0) throw new MpiException(call, cMPI.ERR_COUNT, $"negative count {count}");
        long bytes = (long)count * type.Size;
        if (buf == null)
        {
            if (count == 0) return [];
            throw new MpiException(call, cMPI.ERR_BUFFER, "buffer is null");
        }
        if (offset < 0 || offset > buf.Length)
            throw new MpiException(call, cMPI.ERR_BUFFER, $"offset {offset} is outside the buffer ({typeof(T).Name}[{buf.Length}])");
        long available = (long)(buf.Length - offset) * Info<T>.Size;
        if (bytes > available)
            throw new MpiException(call, cMPI.ERR_BUFFER,
                $"{count} x {type.Name} ({bytes} bytes) from offset {offset} overruns the buffer ({typeof(T).Name}[{buf.Length}], {available} bytes left)");
        return MemoryMarshal.AsBytes(buf.AsSpan(offset)).Slice(0, (int)bytes);
    }

    /// <summary>The bytes of <c>count</c> elements of <paramref name="type"/> at a scalar (C's <c>&amp;x</c>).</summary>
    public static Span<byte> Scalar<T>(string call, ref T buf, int count, Datatype type) where T : unmanaged
    {
        CheckType<T>(call, type);
        if (count < 0) throw new MpiException(call, cMPI.ERR_COUNT, $"negative count {count}");
        long bytes = (long)count * type.Size;
        int size = Info<T>.Size;
        if (bytes > size)
            throw new MpiException(call, cMPI.ERR_BUFFER,
                $"{count} x {type.Name} ({bytes} bytes) does not fit in a single {typeof(T).Name} ({size} bytes); pass an array and offset");
        return MemoryMarshal.AsBytes(MemoryMarshal.CreateSpan(ref buf, 1)).Slice(0, (int)bytes);
    }
}
