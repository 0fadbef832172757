using System.Numerics;
using static CloudMpi.Datatype;
using static CloudMpi.Op;

namespace CloudMpi.Tests;

/// <summary>Every predefined op against every predefined datatype, over 3 ranks contributing 1, 2, 3.</summary>
public class OpTableTests
{
    // Written out by hand for the inputs 1, 2, 3 (integers): the reference the runtime must meet.
    private static readonly Dictionary<string, long> IntResults = new()
    {
        ["MPI_SUM"] = 6, ["MPI_PROD"] = 6, ["MPI_MAX"] = 3, ["MPI_MIN"] = 1,
        ["MPI_LAND"] = 1, ["MPI_LOR"] = 1, ["MPI_LXOR"] = 1, // true ^ true ^ true
        ["MPI_BAND"] = 0, ["MPI_BOR"] = 3, ["MPI_BXOR"] = 0, // 1&2&3, 1|2|3, 1^2^3
    };

    // Which (op, datatype) pairs MPI allows, by group, written out independently of Op.IsDefinedFor.
    private static readonly string[] Integers =
    [
        "MPI_SIGNED_CHAR", "MPI_UNSIGNED_CHAR", "MPI_SHORT", "MPI_UNSIGNED_SHORT", "MPI_INT", "MPI_UNSIGNED",
        "MPI_LONG", "MPI_UNSIGNED_LONG", "MPI_LONG_LONG_INT", "MPI_LONG_LONG", "MPI_UNSIGNED_LONG_LONG",
        "MPI_INT8_T", "MPI_INT16_T", "MPI_INT32_T", "MPI_INT64_T", "MPI_UINT8_T", "MPI_UINT16_T", "MPI_UINT32_T", "MPI_UINT64_T",
        "MPI_AINT", "MPI_OFFSET", "MPI_COUNT", // MPI-3.1 5.9.2's multi-language types: every integer op
        // Fortran's integers, as C programs name them (MPI-3.1 5.9.2 gives them every op but the logical ones; the
        // port allows those too, as for C's integers)
        "MPI_INTEGER", "MPI_INTEGER1", "MPI_INTEGER2", "MPI_INTEGER4", "MPI_INTEGER8",
    ];
    private static readonly string[] Floats =
        ["MPI_FLOAT", "MPI_DOUBLE", "MPI_LONG_DOUBLE", "MPI_REAL", "MPI_DOUBLE_PRECISION", "MPI_REAL4", "MPI_REAL8", "MPI_REAL16"];
    private static readonly string[] Complexes =
        ["MPI_C_DOUBLE_COMPLEX", "MPI_DOUBLE_COMPLEX", "MPI_C_FLOAT_COMPLEX", "MPI_C_COMPLEX", "MPI_COMPLEX", "MPI_COMPLEX16"];

    // MPI_CHAR is in no group, but Open MPI 4.1 reduces it as a signed 8-bit integer with every op (measured)
    private static bool Allowed(string op, string type) => type == "MPI_CHAR" || op switch
    {
        // MPI_COMPLEX32 (two long doubles) has no C# complex type: the port adds it part by part and multiplies none
        _ when type == "MPI_COMPLEX32" => op == "MPI_SUM",
        "MPI_SUM" or "MPI_PROD" => Integers.Contains(type) || Floats.Contains(type) || Complexes.Contains(type),
        "MPI_MAX" or "MPI_MIN" => Integers.Contains(type) || Floats.Contains(type),
        "MPI_LAND" or "MPI_LOR" or "MPI_LXOR" => Integers.Contains(type) || type is "MPI_C_BOOL" or "MPI_LOGICAL",
        _ => Integers.Contains(type) || type == "MPI_BYTE",
    };

    public static IEnumerable<object[]> Pairs() =>
        from op in Op.Predefined from t in Datatype.Predefined select new object[] { op.Name, t.Name };

    [Theory]
    [MemberData(nameof(Pairs))]
    public void OpOnType(string opName, string typeName)
    {
        var op = Op.Predefined.Single(o => o.Name == opName);
        var type = Datatype.Predefined.Single(t => t.Name == typeName);
        bool allowed = Allowed(opName, typeName);
        Assert.Equal(allowed, op.IsDefinedFor(type));
        switch (type.Kind)
        {
            case ElementKind.Int8: Check<sbyte>(op, type, allowed); break;
            case ElementKind.UInt8: case ElementKind.Byte: Check<byte>(op, type, allowed); break;
            case ElementKind.Char when type.Size == 1: Check<sbyte>(op, type, allowed); break;
            case ElementKind.Char: Check<int>(op, type, allowed); break;
            case ElementKind.Int16: Check<short>(op, type, allowed); break;
            case ElementKind.UInt16: Check<ushort>(op, type, allowed); break;
            case ElementKind.Int32: Check<int>(op, type, allowed); break;
            case ElementKind.UInt32: Check<uint>(op, type, allowed); break;
            case ElementKind.Int64: Check<long>(op, type, allowed); break;
            case ElementKind.UInt64: Check<ulong>(op, type, allowed); break;
            case ElementKind.Float32: Check<float>(op, type, allowed); break;
            case ElementKind.Float64: Check<double>(op, type, allowed); break;
            case ElementKind.Float80: CheckLongDouble(op, type, allowed); break;
            case ElementKind.Bool: CheckBool(op, type, allowed); break;
            case ElementKind.Complex128: CheckComplex(op, type, allowed); break;
            case ElementKind.Complex64: CheckComplexFloat(op, type, allowed); break;
            case ElementKind.Complex160: CheckComplexLongDouble(op, type, allowed); break;
            default: Assert.Fail($"untested kind {type.Kind}"); break;
        }
    }

    private static void Check<T>(Op op, Datatype type, bool allowed) where T : unmanaged, INumberBase<T>
    {
        var results = OnThreeRanks(allowed, rank =>
        {
            T[] send = [T.CreateTruncating(rank + 1), T.CreateTruncating(rank + 1)];
            T[] recv = new T[2];
            cMPI.Allreduce(send, 1, recv, 0, 1, type, op, cMPI.COMM_WORLD);
            return recv[0];
        });
        if (results is null) return;
        var expected = T.CreateTruncating(IntResults[op.Name]);
        Assert.All(results, r => Assert.Equal(expected, r));
    }

    // ranks contribute 1 + 2^-60, 2 + 2^-60, 3 + 2^-60 (exact in 64 bits, not in a double's 53): the sum keeps the
    // 3 * 2^-60 a double would lose
    private static void CheckLongDouble(Op op, Datatype type, bool allowed)
    {
        var tail = new CloudMpi.Libc.CLongDouble(1UL << 63, 16383 - 60);  // 2^-60
        var results = OnThreeRanks(allowed, rank =>
        {
            CloudMpi.Libc.CLongDouble[] send = [(rank + 1) + tail], recv = new CloudMpi.Libc.CLongDouble[1];
            cMPI.Allreduce(send, 0, recv, 0, 1, type, op, cMPI.COMM_WORLD);
            return recv[0];
        });
        if (results is null) return;
        CloudMpi.Libc.CLongDouble one = 1 + tail, two = 2 + tail, three = 3 + tail;
        var expected = op.Name switch
        {
            "MPI_SUM" => one + two + three,
            "MPI_PROD" => one * two * three,
            "MPI_MAX" => three,
            "MPI_MIN" => one,
            _ => throw new InvalidOperationException(op.Name),
        };
        if (op.Name == "MPI_SUM") Assert.Equal(6 + 3 * tail, expected);  // 64 bits kept: 6 + 3 * 2^-60
        Assert.All(results, r => Assert.Equal(expected, r));
    }

    private static void CheckBool(Op op, Datatype type, bool allowed)
    {
        // rank 0 true, ranks 1, 2 false: LAND false, LOR true, LXOR true.
        var results = OnThreeRanks(allowed, rank =>
        {
            bool mine = rank == 0, all = false;
            cMPI.Allreduce(ref mine, ref all, 1, type, op, cMPI.COMM_WORLD);
            return all;
        });
        if (results is null) return;
        bool expected = op.Name switch { "MPI_LAND" => false, "MPI_LOR" => true, "MPI_LXOR" => true, _ => throw new InvalidOperationException() };
        Assert.All(results, r => Assert.Equal(expected, r));
    }

    // ranks contribute (1 + 1i), (2 + 2i), (3 + 3i): the sum is 6 + 6i, the product (1+i)(2+2i)(3+3i) = -12 + 12i
    private static void CheckComplex(Op op, Datatype type, bool allowed) =>
        CheckComplexOf(op, type, allowed, v => new CloudMpi.Libc.CComplex(v, v), new(6, 6), new(-12, 12));

    private static void CheckComplexFloat(Op op, Datatype type, bool allowed) =>
        CheckComplexOf(op, type, allowed, v => new CloudMpi.Libc.CComplexF(v, v), new(6, 6), new(-12, 12));

    // (1 + 2^-60)(1 + i), ...: the parts' sums keep the 2^-60s as the long double sums do
    private static void CheckComplexLongDouble(Op op, Datatype type, bool allowed)
    {
        var tail = new CloudMpi.Libc.CLongDouble(1UL << 63, 16383 - 60);  // 2^-60
        var results = OnThreeRanks(allowed, rank =>
        {
            CloudMpi.Libc.CLongDouble v = (rank + 1) + tail;
            CloudMpi.Libc.CLongDouble[] send = [v, -v], recv = new CloudMpi.Libc.CLongDouble[2];
            cMPI.Allreduce(send, 0, recv, 0, 1, type, op, cMPI.COMM_WORLD);
            return (recv[0], recv[1]);
        });
        if (results is null) return;
        Assert.All(results, r => Assert.Equal((6 + 3 * tail, -(6 + 3 * tail)), r));
    }

    private static void CheckComplexOf<TC>(Op op, Datatype type, bool allowed, Func<int, TC> make, TC sum, TC product)
        where TC : unmanaged
    {
        var results = OnThreeRanks(allowed, rank =>
        {
            TC[] send = [make(rank + 1)], recv = new TC[1];
            cMPI.Allreduce(send, 0, recv, 0, 1, type, op, cMPI.COMM_WORLD);
            return recv[0];
        });
        if (results is null) return;
        var expected = op.Name == "MPI_SUM" ? sum : product;
        Assert.All(results, r => Assert.Equal(expected, r));
    }

    /// <summary>
    /// Each of 3 ranks' reduction results; for a pair MPI does not allow, checks that every rank got MPI_ERR_OP and
    /// returns null.
    /// </summary>
    private static T[]? OnThreeRanks<T>(bool allowed, Func<int, T> reduce)
    {
        var results = new T[3];
        var errors = new MpiException?[3];
        MpiRunner.Run(3, rank =>
        {
            try
            {
                results[rank] = reduce(rank);
            }
            catch (MpiException ex)
            {
                errors[rank] = ex;
            }
        });
        if (!allowed)
        {
            Assert.All(errors, e => Assert.Equal(cMPI.ERR_OP, Assert.IsType<MpiException>(e).ErrorClass));
            return default;
        }
        Assert.All(errors, Assert.Null);
        return results;
    }

    [Fact]
    public void SignednessAndWrapAround()
    {
        MpiRunner.Run(3, rank =>
        {
            int si = rank == 1 ? -5 : rank, smax = 0, smin = 0;
            cMPI.Allreduce(ref si, ref smax, 1, MPI_INT, MPI_MAX, cMPI.COMM_WORLD);
            cMPI.Allreduce(ref si, ref smin, 1, MPI_INT, MPI_MIN, cMPI.COMM_WORLD);
            Assert.Equal((2, -5), (smax, smin));
            uint u = rank == 1 ? 0xFFFFFFFFu : (uint)rank, umax = 0;
            cMPI.Allreduce(ref u, ref umax, 1, MPI_UNSIGNED, MPI_MAX, cMPI.COMM_WORLD);
            Assert.Equal(0xFFFFFFFFu, umax);
            int big = int.MaxValue, wrapped = 0;
            cMPI.Allreduce(ref big, ref wrapped, 1, MPI_INT, MPI_SUM, cMPI.COMM_WORLD);
            Assert.Equal(unchecked(int.MaxValue * 3), wrapped);
            long l = rank == 2 ? 6 : 3, land = 0, band = 0;
            cMPI.Allreduce(ref l, ref land, 1, MPI_LONG, MPI_LAND, cMPI.COMM_WORLD);
            cMPI.Allreduce(ref l, ref band, 1, MPI_LONG, MPI_BAND, cMPI.COMM_WORLD);
            Assert.Equal((1L, 2L), (land, band));
        });
    }
}
