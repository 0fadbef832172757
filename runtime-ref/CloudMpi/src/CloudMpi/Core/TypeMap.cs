using System.Runtime.CompilerServices;
namespace CloudMpi.Core;

/// <summary>One run of bytes of a datatype's typemap, at a byte displacement from the buffer's origin.</summary>
internal readonly record struct Block(long Disp, int Bytes);

/// <summary>
/// A datatype's typemap as runs of bytes, in typemap order (MPI-4.0 section 5.1): packing walks the
/// blocks in this order, element after element, each element <c>extent</c> bytes after the previous.
/// Adjacent runs are merged so a contiguous type is one block.
/// </summary>
internal sealed class TypeMap
{
    public Block[] Blocks { get; }
    /// <summary>Bytes of data in one element (MPI_Type_size).</summary>
    public long Size { get; }
    /// <summary>Lowest and one-past-highest byte the data touches (MPI_Type_get_true_extent).</summary>
    public long TrueLb { get; }
    public long TrueUb { get; }

    public TypeMap(IEnumerable<Block> blocks)
    {
        var merged = new List<Block>();
        foreach (var b in blocks)
        {
            if (b.Bytes == 0) continue;
            if (merged.Count > 0 && merged[^1].Disp + merged[^1].Bytes == b.Disp)
                merged[^1] = merged[^1] with { Bytes = checked(merged[^1].Bytes + b.Bytes) };
            else merged.Add(b);
        }
        Blocks = [.. merged];
        Size = merged.Sum(b => (long)b.Bytes);
        TrueLb = merged.Count == 0 ? 0 : merged.Min(b => b.Disp);
        TrueUb = merged.Count == 0 ? 0 : merged.Max(b => b.Disp + b.Bytes);
        SpansVariables = Addresses.SpansVariables(TrueLb, TrueUb);
    }

    /// <summary>The blocks lie in several variables or at absolute addresses (see <see cref="Addresses"/>).</summary>
    public bool SpansVariables { get; }

    /// <summary>One element's data is a single run starting at displacement 0.</summary>
    public bool IsDense
    {
        [MethodImpl(MethodImplOptions.AggressiveOptimization)]
        get => Blocks.Length == 0 || (Blocks.Length == 1 && Blocks[0].Disp == 0);
    }

    /// <summary>The blocks of <paramref name="old"/> replicated at each byte displacement, <paramref name="copies"/> times at its extent.</summary>
    public static IEnumerable<Block> Replicate(Datatype old, long disp, int copies)
    {
        for (int k = 0; k < copies; k++)
        {
            long at = disp + k * old.Extent;
            foreach (var b in old.Map.Blocks) yield return b with { Disp = at + b.Disp };
        }
    }

    /// <summary>Gather <paramref name="count"/> elements laid out from byte <paramref name="origin"/> of <paramref name="raw"/> into <paramref name="packed"/>.</summary>
    public void Pack(ReadOnlySpan<byte> raw, long origin, long extent, int count, Span<byte> packed)
    {
        int pos = 0;
        for (int i = 0; i < count; i++)
        {
            long at = origin + i * extent;
            foreach (var b in Blocks)
            {
                raw.Slice(checked((int)(at + b.Disp)), b.Bytes).CopyTo(packed.Slice(pos, b.Bytes));
                pos += b.Bytes;
            }
        }
    }

    /// <summary>Scatter packed bytes back into the layout (only the typemap's bytes are written; holes are left alone).</summary>
    public void Unpack(ReadOnlySpan<byte> packed, Span<byte> raw, long origin, long extent, int count)
    {
        int pos = 0;
        for (int i = 0; i < count && pos < packed.Length; i++)
        {
            long at = origin + i * extent;
            foreach (var b in Blocks)
            {
                int n = Math.Min(b.Bytes, packed.Length - pos);
                if (n <= 0) return;
                packed.Slice(pos, n).CopyTo(raw.Slice(checked((int)(at + b.Disp)), n));
                pos += n;
            }
        }
    }
}
