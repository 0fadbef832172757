using System.Runtime.InteropServices;

namespace CloudMpi;

/// <summary>
/// A user reduction function (C's MPI_User_function) over arrays of T: for i in 0..len[0]-1 (elements of the
/// datatype), <c>inoutvec[i] = invec[i] op inoutvec[i]</c>. The arrays hold the datatype's layout, so T is the
/// C element type (double) or the struct a derived datatype describes. The C pointers <c>int *len</c> and
/// <c>MPI_Datatype *datatype</c> are one-element arrays, as the translator turns a C function's pointer parameters.
/// </summary>
public delegate void UserFunction<T>(T[] invec, T[] inoutvec, ref int len, Datatype[] datatype) where T : unmanaged;

/// <summary>A user function behind an <see cref="Op"/>, called on the datatype's layout as bytes.</summary>
internal interface IUserOp
{
    void Invoke(byte[] invec, byte[] inoutvec, int count, Datatype type);
}

internal sealed class UserOp<T>(UserFunction<T> function) : IUserOp where T : unmanaged
{
    public void Invoke(byte[] invec, byte[] inoutvec, int count, Datatype type)
    {
        int size = System.Runtime.CompilerServices.Unsafe.SizeOf<T>();
        int n = (invec.Length + size - 1) / size;
        var a = new T[n];
        var b = new T[n];
        invec.CopyTo(MemoryMarshal.AsBytes(a.AsSpan()));
        inoutvec.CopyTo(MemoryMarshal.AsBytes(b.AsSpan()));
        int len = count;
        function(a, b, ref len, [type]);
        MemoryMarshal.AsBytes(b.AsSpan()).Slice(0, inoutvec.Length).CopyTo(inoutvec);
    }
}

public static partial class cMPI
{
    public static readonly Op OP_NULL = Op.MPI_OP_NULL;

    /// <summary>MPI_Op_create: <paramref name="commute"/> nonzero says the function is commutative (all must be associative).</summary>
    public static int Op_create<T>(UserFunction<T> function, int commute, out Op op) where T : unmanaged
    {
        if (function is null) throw new MpiException("MPI_Op_create", ERR_ARG, "the user function is null");
        op = new Op($"user op {function.Method.Name}", new UserOp<T>(function), commute != 0);
        return SUCCESS;
    }

    /// <summary>MPI_Op_free: the variable becomes MPI_OP_NULL.</summary>
    public static int Op_free(ref Op op)
    {
        const string call = "MPI_Op_free";
        if (op is null || op.OpCode == Op.Code.Null) throw new MpiException(call, ERR_OP, "invalid op (MPI_OP_NULL)");
        if (op.OpCode != Op.Code.User) throw new MpiException(call, ERR_OP, $"cannot free the predefined op {op.Name}");
        op.Freed = true;
        op = OP_NULL;
        return SUCCESS;
    }

    /// <summary>MPI_Op_commutative.</summary>
    public static int Op_commutative(Op op, out int commute)
    {
        if (op is null || op.OpCode == Op.Code.Null) throw new MpiException("MPI_Op_commutative", ERR_OP, "invalid op (MPI_OP_NULL)");
        commute = op.IsCommutative ? 1 : 0;
        return SUCCESS;
    }
}
