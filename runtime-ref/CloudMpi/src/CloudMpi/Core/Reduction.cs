using System.Numerics;
using System.Runtime.InteropServices;

namespace CloudMpi.Core;

/// <summary>Element-wise application of a predefined op: <c>acc[i] = acc[i] op inp[i]</c> (acc is the left operand).</summary>
internal static class Reduction
{
    public static void Apply(Op op, Datatype type, Span<byte> acc, ReadOnlySpan<byte> inp)
    {
        switch (type.Kind)
        {
            case ElementKind.Int8: Typed<sbyte>(op, acc, inp); break;
            case ElementKind.UInt8: Typed<byte>(op, acc, inp); break;
            case ElementKind.Byte: Typed<byte>(op, acc, inp); break;
            case ElementKind.Int16: Typed<short>(op, acc, inp); break;
            case ElementKind.UInt16: Typed<ushort>(op, acc, inp); break;
            case ElementKind.Int32: Typed<int>(op, acc, inp); break;
            case ElementKind.UInt32: Typed<uint>(op, acc, inp); break;
            case ElementKind.Int64: Typed<long>(op, acc, inp); break;
            case ElementKind.UInt64: Typed<ulong>(op, acc, inp); break;
            case ElementKind.Float32: Float<float>(op, acc, inp); break;
            case ElementKind.Float64: Float<double>(op, acc, inp); break;
            case ElementKind.Bool: Bool(op, acc, inp); break;
            default: throw new InvalidOperationException($"no reduction for {type.Name}");
        }
    }

    private static void Typed<T>(Op op, Span<byte> accBytes, ReadOnlySpan<byte> inBytes)
        where T : unmanaged, IBinaryInteger<T>
    {
        Span<T> a = MemoryMarshal.Cast<byte, T>(accBytes);
        ReadOnlySpan<T> b = MemoryMarshal.Cast<byte, T>(inBytes);
        switch (op.OpCode)
        {
            case Op.Code.Sum: for (int i = 0; i < a.Length; i++) a[i] = unchecked(a[i] + b[i]); break;
            case Op.Code.Prod: for (int i = 0; i < a.Length; i++) a[i] = unchecked(a[i] * b[i]); break;
            case Op.Code.Max: for (int i = 0; i < a.Length; i++) a[i] = a[i] > b[i] ? a[i] : b[i]; break;
            case Op.Code.Min: for (int i = 0; i < a.Length; i++) a[i] = a[i] < b[i] ? a[i] : b[i]; break;
            case Op.Code.Land: for (int i = 0; i < a.Length; i++) a[i] = (a[i] != T.Zero && b[i] != T.Zero) ? T.One : T.Zero; break;
            case Op.Code.Lor: for (int i = 0; i < a.Length; i++) a[i] = (a[i] != T.Zero || b[i] != T.Zero) ? T.One : T.Zero; break;
            case Op.Code.Lxor: for (int i = 0; i < a.Length; i++) a[i] = ((a[i] != T.Zero) != (b[i] != T.Zero)) ? T.One : T.Zero; break;
            case Op.Code.Band: for (int i = 0; i < a.Length; i++) a[i] &= b[i]; break;
            case Op.Code.Bor: for (int i = 0; i < a.Length; i++) a[i] |= b[i]; break;
            case Op.Code.Bxor: for (int i = 0; i < a.Length; i++) a[i] ^= b[i]; break;
        }
    }

    private static void Float<T>(Op op, Span<byte> accBytes, ReadOnlySpan<byte> inBytes)
        where T : unmanaged, IFloatingPointIeee754<T>
    {
        Span<T> a = MemoryMarshal.Cast<byte, T>(accBytes);
        ReadOnlySpan<T> b = MemoryMarshal.Cast<byte, T>(inBytes);
        switch (op.OpCode)
        {
            case Op.Code.Sum: for (int i = 0; i < a.Length; i++) a[i] = a[i] + b[i]; break;
            case Op.Code.Prod: for (int i = 0; i < a.Length; i++) a[i] = a[i] * b[i]; break;
            // As Open MPI's C macros: (a > b) ? a : b, left operand kept on ties and NaN.
            case Op.Code.Max: for (int i = 0; i < a.Length; i++) a[i] = a[i] > b[i] ? a[i] : b[i]; break;
            case Op.Code.Min: for (int i = 0; i < a.Length; i++) a[i] = a[i] < b[i] ? a[i] : b[i]; break;
            default: throw new InvalidOperationException($"{op.Name} on floating point");
        }
    }

    private static void Bool(Op op, Span<byte> a, ReadOnlySpan<byte> b)
    {
        for (int i = 0; i < a.Length; i++)
        {
            bool x = a[i] != 0, y = b[i] != 0;
            bool r = op.OpCode switch
            {
                Op.Code.Land => x && y,
                Op.Code.Lor => x || y,
                Op.Code.Lxor => x != y,
                _ => throw new InvalidOperationException($"{op.Name} on MPI_C_BOOL"),
            };
            a[i] = r ? (byte)1 : (byte)0;
        }
    }
}
