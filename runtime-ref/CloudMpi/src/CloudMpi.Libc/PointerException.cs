namespace CloudMpi.Libc;

/// <summary>
/// A C pointer used where C has undefined behaviour (a null or out-of-bounds dereference, pointers into different
/// arrays subtracted; compared, they are ordered as disjoint objects: ObjectOrder). Where the C program would crash
/// or read garbage, the port stops with a message that reads like C.
/// </summary>
public sealed class PointerException : Exception
{
    public PointerException(string message)
        : base(message)
    {
    }

    /// <summary>A NULL pointer dereferenced: natively SIGSEGV, the status cmpi-run gives the job (128 + 11), as for
    /// a null reference; the other misuses (out of bounds, different arrays) are undefined without a certain fault.</summary>
    public bool IsNullDereference { get; private init; }

    internal static PointerException NullDereference() => new("null pointer dereference") { IsNullDereference = true };

    internal static PointerException OutOfBounds(long offset, int length) =>
        new($"pointer out of bounds: offset {offset} in array of {length}");

    internal static PointerException DifferentArrays(string operation) =>
        new($"pointer {operation} between pointers into different arrays");
}
