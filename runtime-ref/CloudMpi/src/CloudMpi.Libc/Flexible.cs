namespace CloudMpi.Libc;

/// <summary>
/// A struct ending with a flexible array member (C99 `struct msg { int n; double v[]; }`), malloc'ed with room for
/// its elements. As in C the struct and its elements are one block of bytes: the struct (its C# form without the
/// member, C's sizeof declared as its Size) is read in place at the block's start, the elements at the member's
/// offset, so memcpy of the whole block, MPI sends of it as bytes and pointer arithmetic see C's bytes. The types
/// hold no references (the translator refuses a flexible array member in a struct with pointers).
/// </summary>
public static class Flexible
{
    /// <summary>malloc(bytes) (calloc's too: the block is zeroed) of a struct with a flexible array member: a block
    /// of at least the struct's size, seen as the struct.</summary>
    public static Ptr<TStruct> Alloc<TStruct>(SizeT bytes) => Block<TStruct>(Math.Max(bytes.AsLong, CSizeOf<TStruct>.Size));

    /// <summary>realloc(p, bytes): a new block holding the old one's first bytes (C's contents up to the smaller
    /// size), the old one left to the collector; realloc(NULL, bytes) is malloc.</summary>
    public static Ptr<TStruct> Realloc<TStruct>(Ptr<TStruct> p, SizeT bytes)
    {
        var block = Block<TStruct>(Math.Max(bytes.AsLong, CSizeOf<TStruct>.Size));
        if (p.IsNull) return block;
        var from = Ptr.Reinterpret<TStruct, byte>(p);
        var to = Ptr.Reinterpret<TStruct, byte>(block);
        int n = Math.Min(Math.Max(from.Remaining, 0), to.Remaining);
        from.AsSpan(n).CopyTo(to.AsSpan(n));
        return block;
    }

    /// <summary>`p-&gt;v`: the elements of the flexible array member at byte <paramref name="offset"/> of the
    /// struct p points at (offsetof(S, v)), in the same block.</summary>
    public static Ptr<T> Elements<TStruct, T>(Ptr<TStruct> p, int offset)
    {
        if (p.IsNull) throw PointerException.NullDereference();
        return Ptr.Reinterpret<byte, T>(Ptr.Reinterpret<TStruct, byte>(p) + offset);
    }

    private static Ptr<TStruct> Block<TStruct>(long bytes) => Ptr.Reinterpret<byte, TStruct>(new byte[checked((int)bytes)]);
}
