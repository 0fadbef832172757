using System.Numerics;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace CloudMpi.Core;

/// <summary>
/// Element-wise application of an op to packed data: <c>acc[i] = acc[i] op inp[i]</c> (acc is the left operand).
/// Both spans hold the same number of packed elements of the datatype.
/// </summary>
internal static class Reduction
{
    public static void Apply(Op op, Datatype type, Span<byte> acc, ReadOnlySpan<byte> inp)
    {
        if (op.OpCode == Op.Code.User)
        {
            ApplyUser(op, type, acc, inp);
            return;
        }
        // A derived type reduces as the predefined type it is made of (the op table checked there is one).
        var element = type.Element ?? throw new InvalidOperationException($"no reduction for the mixed datatype {type.Name}");
        switch (element.Kind)
        {
            case ElementKind.Int8: Typed<sbyte>(op, acc, inp); break;
            case ElementKind.Char when element.Size == 1: Typed<sbyte>(op, acc, inp); break; // MPI_CHAR, as Open MPI's int8
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
            case ElementKind.Float80: LongDouble(op, acc, inp); break;
            case ElementKind.Bool: Bool(op, acc, inp); break;
            case ElementKind.Complex128: Complex(op, acc, inp); break;
            case ElementKind.Complex64: ComplexFloat(op, acc, inp); break;
            case ElementKind.Complex160 when op.OpCode == Op.Code.Sum: LongDouble(op, acc, inp); break; // part by part
            case ElementKind.Pair: Pair(op, element, acc, inp); break;
            default: throw new InvalidOperationException($"no reduction for {type.Name}");
        }
    }

    /// <summary>
    /// A user function computes <c>inoutvec[i] = invec[i] op inoutvec[i]</c> on the datatype's own layout,
    /// so the left operand (acc) is invec: unpack both, call, and pack the result back into acc.
    /// </summary>
    private static void ApplyUser(Op op, Datatype type, Span<byte> acc, ReadOnlySpan<byte> inp)
    {
        if (type.Size == 0 || acc.Length == 0) return;
        if (type.Map.TrueLb < 0)
            throw new MpiException("MPI_Op (user function)", cMPI.ERR_TYPE, $"a user op cannot take {type.Name}: it has data below its origin");
        int count = acc.Length / type.Size;
        long layout = (count - 1) * type.Extent + type.Map.TrueUb;
        var invec = new byte[checked((int)layout)];
        var inout = new byte[invec.Length];
        type.Map.Unpack(acc, invec, 0, type.Extent, count);
        type.Map.Unpack(inp, inout, 0, type.Extent, count);
        op.User!.Invoke(invec, inout, count, type);
        type.Map.Pack(inout, 0, type.Extent, count, acc);
    }

    /// <summary>
    /// MAXLOC / MINLOC on packed (value, int) pairs, as Open MPI's loc functions: the better value wins;
    /// on equal values the smaller index.
    /// </summary>
    private static void Pair(Op op, Datatype pair, Span<byte> acc, ReadOnlySpan<byte> inp)
    {
        switch (pair.PairValue!.Kind)
        {
            case ElementKind.Float32: Loc<float>(op, acc, inp); break;
            case ElementKind.Float64: Loc<double>(op, acc, inp); break;
            case ElementKind.Float80: Loc<CloudMpi.Libc.CLongDouble>(op, acc, inp); break; // the int at 16: 20 bytes a pair packed
            case ElementKind.Int64: Loc<long>(op, acc, inp); break;
            case ElementKind.Int32: Loc<int>(op, acc, inp); break;
            case ElementKind.Int16: Loc<short>(op, acc, inp); break;
            default: throw new InvalidOperationException($"no reduction for {pair.Name}");
        }
    }

    private static void Loc<T>(Op op, Span<byte> acc, ReadOnlySpan<byte> inp) where T : unmanaged, IComparisonOperators<T, T, bool>
    {
        int vsize = System.Runtime.CompilerServices.Unsafe.SizeOf<T>();
        int stride = vsize + sizeof(int);
        bool max = op.OpCode == Op.Code.MaxLoc;
        if (op.OpCode is not (Op.Code.MaxLoc or Op.Code.MinLoc)) throw new InvalidOperationException($"{op.Name} on a pair type");
        for (int at = 0; at + stride <= acc.Length; at += stride)
        {
            T a = MemoryMarshal.Read<T>(acc.Slice(at)), b = MemoryMarshal.Read<T>(inp.Slice(at));
            int ia = MemoryMarshal.Read<int>(acc.Slice(at + vsize)), ib = MemoryMarshal.Read<int>(inp.Slice(at + vsize));
            if (a == b)
            {
                MemoryMarshal.Write(acc.Slice(at + vsize), Math.Min(ia, ib));
            }
            else if (max ? b > a : b < a)
            {
                MemoryMarshal.Write(acc.Slice(at), b);
                MemoryMarshal.Write(acc.Slice(at + vsize), ib);
            }
        }
    }

    /// <summary>long double reductions as the x87 computes them (CLongDouble), MAX and MIN as Open MPI's C macros.</summary>
    private static void LongDouble(Op op, Span<byte> accBytes, ReadOnlySpan<byte> inBytes)
    {
        Span<CloudMpi.Libc.CLongDouble> a = MemoryMarshal.Cast<byte, CloudMpi.Libc.CLongDouble>(accBytes);
        ReadOnlySpan<CloudMpi.Libc.CLongDouble> b = MemoryMarshal.Cast<byte, CloudMpi.Libc.CLongDouble>(inBytes);
        switch (op.OpCode)
        {
            case Op.Code.Sum: for (int i = 0; i < a.Length; i++) a[i] = a[i] + b[i]; break;
            case Op.Code.Prod: for (int i = 0; i < a.Length; i++) a[i] = a[i] * b[i]; break;
            case Op.Code.Max: for (int i = 0; i < a.Length; i++) a[i] = a[i] > b[i] ? a[i] : b[i]; break;
            case Op.Code.Min: for (int i = 0; i < a.Length; i++) a[i] = a[i] < b[i] ? a[i] : b[i]; break;
            default: throw new InvalidOperationException($"{op.Name} on long double");
        }
    }

    /// <summary>Complex sums part by part, products as C's double complex multiplies (Annex G's recovery included).</summary>
    private static void Complex(Op op, Span<byte> accBytes, ReadOnlySpan<byte> inBytes)
    {
        Span<CloudMpi.Libc.CComplex> a = MemoryMarshal.Cast<byte, CloudMpi.Libc.CComplex>(accBytes);
        ReadOnlySpan<CloudMpi.Libc.CComplex> b = MemoryMarshal.Cast<byte, CloudMpi.Libc.CComplex>(inBytes);
        switch (op.OpCode)
        {
            case Op.Code.Sum: for (int i = 0; i < a.Length; i++) a[i] = a[i] + b[i]; break;
            case Op.Code.Prod: for (int i = 0; i < a.Length; i++) a[i] = a[i] * b[i]; break;
            default: throw new InvalidOperationException($"{op.Name} on a complex type");
        }
    }

    private static void ComplexFloat(Op op, Span<byte> accBytes, ReadOnlySpan<byte> inBytes)
    {
        Span<CloudMpi.Libc.CComplexF> a = MemoryMarshal.Cast<byte, CloudMpi.Libc.CComplexF>(accBytes);
        ReadOnlySpan<CloudMpi.Libc.CComplexF> b = MemoryMarshal.Cast<byte, CloudMpi.Libc.CComplexF>(inBytes);
        switch (op.OpCode)
        {
            case Op.Code.Sum: for (int i = 0; i < a.Length; i++) a[i] = a[i] + b[i]; break;
            case Op.Code.Prod: for (int i = 0; i < a.Length; i++) a[i] = a[i] * b[i]; break;
            default: throw new InvalidOperationException($"{op.Name} on a complex type");
        }
    }

    /// <summary>
    /// The kernel that reduces elements of <paramref name="element"/> (a C arithmetic type as the program's buffers hold
    /// it), or null. cmpi-run compiles the kernels of the element types a program passes to cMPI before its main
    /// (CloudMpi.Run's PortPrecompiler): they have no ReadyToRun code (generic math), and compiled at the first
    /// reduction they ran as tier-0 code with on-stack replacement, the first 1,000 elements of every call unoptimized
    /// until 30 calls had been made (NPB IS's MPI_Allreduce of 1,029 ints, 11 calls).
    /// </summary>
    internal static MethodInfo? KernelFor(Type element)
    {
        string? kernel = Type.GetTypeCode(element) switch
        {
            TypeCode.SByte or TypeCode.Byte or TypeCode.Int16 or TypeCode.UInt16 or TypeCode.Int32 or TypeCode.UInt32
                or TypeCode.Int64 or TypeCode.UInt64 => nameof(Typed),
            TypeCode.Single or TypeCode.Double => nameof(Float),
            _ => null,
        };
        return kernel is null || !element.IsPrimitive
            ? null
            : typeof(Reduction).GetMethod(kernel, BindingFlags.NonPublic | BindingFlags.Static)!.MakeGenericMethod(element);
    }

    // AggressiveOptimization: compiled optimized at once (ahead, by KernelFor's caller, or at the first call), never as
    // tier-0 code that a short job's few calls would not tier up.
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
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

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
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
