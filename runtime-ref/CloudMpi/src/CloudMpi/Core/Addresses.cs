using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace CloudMpi.Core;

/// <summary>
/// Addresses for MPI_Get_address and MPI_BOTTOM.
///
/// The GC moves arrays when it compacts, so a machine address taken now may name other memory later. cMPI hands
/// out synthetic addresses instead: the first time an array's address is taken it gets a region of its own,
/// <c>[id * RegionBytes, (id + 1) * RegionBytes)</c>, and an address in it is the region's start plus a byte offset
/// into the array. Within one array the differences are C's (a struct field's offset, an element's stride), so
/// the usual <c>disp[1] = addr_y - addr_x</c> datatypes come out as native MPI's. Across arrays a difference is far
/// larger than any array: a datatype built from it (a struct of three separate variables, or absolute addresses
/// used with MPI_BOTTOM) reaches past its buffer's own bytes, and <see cref="Resolve"/> finds each of its blocks by
/// address.
/// </summary>
internal static class Addresses
{
    /// <summary>Bits of the byte offset inside a region: no array may hold more than 64 GiB.</summary>
    public const int RegionBits = 36;
    public const long RegionBytes = 1L << RegionBits;

    /// <summary>
    /// The first region starts at 2^48, above every user-space address of x86-64 and arm64, so that no small
    /// number a program computes (MPI_BOTTOM plus a plain offset) is taken for an address in a region.
    /// </summary>
    private const long FirstId = 1L << (48 - RegionBits);

    private sealed class Region(long id, long bytes)
    {
        public long Id { get; } = id;
        public long Bytes { get; } = bytes;
    }

    private static readonly object Gate = new();
    private static readonly ConditionalWeakTable<Array, Region> RegionOf = new();
    private static readonly Dictionary<long, (WeakReference<Array> Array, long Bytes)> ArrayOf = [];
    private static long nextId = FirstId;
    private static int pruneAt = 1024;

    /// <summary>The address of byte <paramref name="byteOffset"/> of <paramref name="array"/>.</summary>
    public static long Of<T>(T[] array, long byteOffset) where T : unmanaged
    {
        if (!RegionOf.TryGetValue(array, out var region))
            region = Register(array, (long)array.Length * Unsafe.SizeOf<T>());
        return region.Id * RegionBytes + byteOffset;
    }

    /// <summary>The address of byte <paramref name="byteOffset"/> of an array of any element type (a pointer
    /// converted to an integer: <c>(uintptr_t)p</c>), <paramref name="elementBytes"/> its element's C size.</summary>
    public static long OfAny(Array array, long elementBytes, long byteOffset)
    {
        if (!RegionOf.TryGetValue(array, out var region))
            region = Register(array, array.LongLength * elementBytes);
        return region.Id * RegionBytes + byteOffset;
    }

    /// <summary>The live array whose region holds <paramref name="address"/> and the byte offset into it, or null.</summary>
    public static (Array? Array, long Offset) Find(long address)
    {
        long id = address >> RegionBits;
        lock (Gate)
        {
            if (ArrayOf.TryGetValue(id, out var entry) && entry.Array.TryGetTarget(out var array))
                return (array, address & (RegionBytes - 1));
        }
        return (null, 0);
    }

    private static Region Register(Array array, long bytes)
    {
        lock (Gate)
        {
            if (RegionOf.TryGetValue(array, out var region)) return region;
            if (bytes > RegionBytes)
                throw new MpiException("MPI_Get_address", cMPI.ERR_BUFFER,
                    $"an array of {bytes} bytes is larger than cmpi's address regions ({RegionBytes} bytes)");
            region = new Region(nextId++, bytes);
            RegionOf.Add(array, region);
            ArrayOf[region.Id] = (new WeakReference<Array>(array), bytes);
            if (ArrayOf.Count >= pruneAt) Prune();
            return region;
        }
    }

    /// <summary>Forget the regions of collected arrays (their ids are never handed out again).</summary>
    private static void Prune()
    {
        foreach (var (id, entry) in ArrayOf.ToArray())
            if (!entry.Array.TryGetTarget(out _)) ArrayOf.Remove(id);
        pruneAt = Math.Max(1024, ArrayOf.Count * 2);
    }

    /// <summary>The <paramref name="bytes"/> bytes at <paramref name="address"/>, which must lie in one live array.</summary>
    public static Span<byte> Resolve(string call, long address, int bytes)
    {
        long id = address >> RegionBits;
        long offset = address & (RegionBytes - 1);
        Array? array = null;
        long length = 0;
        lock (Gate)
        {
            if (ArrayOf.TryGetValue(id, out var entry) && entry.Array.TryGetTarget(out array))
                length = entry.Bytes;
        }
        if (array is null)
            throw new MpiException(call, cMPI.ERR_BUFFER,
                $"the datatype reaches address 0x{address:x}, which is outside the buffer and not inside any variable " +
                "whose address MPI_Get_address gave");
        if (offset + bytes > length)
            throw new MpiException(call, cMPI.ERR_BUFFER,
                $"the datatype reaches bytes {offset}..{offset + bytes} of a variable of {length} bytes (address 0x{address:x})");
        return MemoryMarshal.CreateSpan(ref MemoryMarshal.GetArrayDataReference(array), checked((int)length))
            .Slice((int)offset, bytes);
    }

    /// <summary>
    /// Whether a typemap reaches beyond any one region: its blocks lie in several variables (displacements that are
    /// differences of addresses of different variables) or at absolute addresses (for MPI_BOTTOM).
    /// </summary>
    public static bool SpansVariables(long trueLb, long trueUb) => trueLb <= -RegionBytes || trueUb >= RegionBytes;

    /// <summary>Gather <paramref name="count"/> elements of <paramref name="map"/> at absolute address <paramref name="origin"/> into <paramref name="packed"/>.</summary>
    public static void Pack(string call, TypeMap map, long origin, long extent, int count, Span<byte> packed)
    {
        int pos = 0;
        for (int i = 0; i < count; i++)
            foreach (var b in map.Blocks)
            {
                Resolve(call, origin + i * extent + b.Disp, b.Bytes).CopyTo(packed.Slice(pos, b.Bytes));
                pos += b.Bytes;
            }
    }

    /// <summary>Scatter packed bytes to the blocks at absolute address <paramref name="origin"/>.</summary>
    public static void Unpack(string call, TypeMap map, ReadOnlySpan<byte> packed, long origin, long extent, int count)
    {
        int pos = 0;
        for (int i = 0; i < count && pos < packed.Length; i++)
            foreach (var b in map.Blocks)
            {
                int n = Math.Min(b.Bytes, packed.Length - pos);
                if (n <= 0) return;
                packed.Slice(pos, n).CopyTo(Resolve(call, origin + i * extent + b.Disp, n));
                pos += n;
            }
    }
}
