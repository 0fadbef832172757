using CloudMpi.Core;
using System.Runtime.CompilerServices;
using System.Buffers.Binary;
using CloudMpi.Hosting;

namespace CloudMpi;

/// <summary>
/// What one rank says about the collective call it is in, carried in front of every collective message so the
/// receiver can tell a mismatch (MPI requires every rank of a communicator to call the same collectives in the
/// same order, with the same root and matching type signatures) from a message it expects.
/// </summary>
/// <param name="Seq">the rank's count of collectives on this communicator, from 1</param>
/// <param name="Call">the C name of the call, e.g. MPI_Bcast</param>
/// <param name="Root">the root, or -1 for calls without one</param>
/// <param name="Bytes">bytes each rank contributes (or receives from each rank); -1 where counts may differ per rank (the v variants)</param>
/// <param name="Kind">the basic element kind of the data; -1 for MPI_BYTE, MPI_PACKED and mixed structs (not compared)</param>
internal readonly record struct CollectiveStamp(long Seq, string Call, int Root, long Bytes, int Kind)
{
    public const int HeaderBytes = 28;

    /// <summary>Every collective the runtime stamps, by a code that is the same in every process.</summary>
    private static readonly string[] Calls =
    [
        "MPI_Barrier", "MPI_Bcast", "MPI_Reduce", "MPI_Allreduce", "MPI_Gather", "MPI_Gatherv", "MPI_Allgather",
        "MPI_Allgatherv", "MPI_Scatter", "MPI_Scatterv", "MPI_Alltoall", "MPI_Alltoallv", "MPI_Alltoallw", "MPI_Scan",
        "MPI_Exscan", "MPI_Reduce_scatter", "MPI_Reduce_scatter_block", "MPI_Neighbor_allgather", "MPI_Neighbor_alltoall",
    ];

    /// <summary>The call's code; every other caller (Comm_split, Win_create, ...) shares one, compared as equal.</summary>
    public static int CodeOf(string call) => Array.IndexOf(Calls, call) is int i and >= 0 ? i : Calls.Length;

    private static string NameOf(int code) => code >= 0 && code < Calls.Length ? Calls[code] : "another collective call";

    public byte[] Stamp(ReadOnlySpan<byte> data, bool pooled = false)
    {
        // Every byte is written below; a pooled array is owned by the one message that carries it (Core/PayloadPool.cs).
        var wire = pooled ? PayloadPool.Rent(HeaderBytes + data.Length) : GC.AllocateUninitializedArray<byte>(HeaderBytes + data.Length);
        var h = wire.AsSpan();
        BinaryPrimitives.WriteInt64LittleEndian(h, Seq);
        BinaryPrimitives.WriteInt32LittleEndian(h[8..], CodeOf(Call));
        BinaryPrimitives.WriteInt32LittleEndian(h[12..], Root);
        BinaryPrimitives.WriteInt64LittleEndian(h[16..], Bytes);
        BinaryPrimitives.WriteInt32LittleEndian(h[24..], Kind);
        data.CopyTo(h[HeaderBytes..]);
        return wire;
    }

    public static CollectiveStamp Read(ReadOnlySpan<byte> wire)
    {
        if (wire.Length < HeaderBytes) throw new InvalidOperationException("a collective message without its header");
        return new CollectiveStamp(BinaryPrimitives.ReadInt64LittleEndian(wire),
            NameOf(BinaryPrimitives.ReadInt32LittleEndian(wire[8..])), BinaryPrimitives.ReadInt32LittleEndian(wire[12..]),
            BinaryPrimitives.ReadInt64LittleEndian(wire[16..]), BinaryPrimitives.ReadInt32LittleEndian(wire[24..]));
    }

    public override string ToString() =>
        $"{Call}({(Root >= 0 ? $"root={Root}, " : "")}{(Bytes >= 0 ? $"{Bytes} bytes" : "counts per rank")}" +
        $"{(Kind >= 0 ? $" of {(ElementKind)Kind}" : "")}) as its collective #{Seq}";
}

public static partial class cMPI
{
    /// <summary>
    /// Start a collective on <paramref name="comm"/>: count it and remember what this rank called, so its messages
    /// carry it and the messages it receives are checked against it.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static void BeginCollective(RankContext ctx, string call, Comm comm, int root, long bytes, Datatype? type)
    {
        if (comm.IsInter)
            throw new MpiException(call, ERR_COMM, $"{call} on an intercommunicator is not supported by cmpi (merge it first: MPI_Intercomm_merge)");
        // nonblocking collectives this rank started on comm come first, as on every other rank
        if (ctx.PendingCollectives is { Count: > 0 }) RunPendingCollectives(ctx, comm, null);
        var local = LocalOf(ctx, comm);
        local.CollectiveSeq++;
        int kind = type is null || type.IsByteView || type.Leaf is null ? -1 : (int)type.Leaf.Kind;
        ctx.Collective = new CollectiveStamp(local.CollectiveSeq, call, root, bytes, kind);
        ctx.Wait.InCollective(ctx.Collective.Value);
    }

    /// <summary>A copy of a received collective message holding only its payload (checked by <see cref="Unstamp"/>).</summary>
    private static cMPIMessage PayloadOf(RankContext ctx, Comm comm, int source, cMPIMessage m) => new()
    {
        Data = Unstamp(ctx, comm, source, m.Data), Source = m.Source, Tag = m.Tag, MsgId = m.MsgId, Context = m.Context,
        Sequence = m.Sequence, SenderWorldRank = m.SenderWorldRank, IsSmallMessage = m.IsSmallMessage,
    };

    /// <summary>The payload of a collective message from <paramref name="source"/>, after checking its stamp against this rank's call.</summary>
    private static byte[] Unstamp(RankContext ctx, Comm comm, int source, byte[] wire) =>
        CheckedPayload(ctx, comm, source, wire).ToArray();

    /// <summary>The payload of a collective message, in place, after checking its stamp (see <see cref="Unstamp"/>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static ReadOnlySpan<byte> CheckedPayload(RankContext ctx, Comm comm, int source, byte[] wire)
    {
        var theirs = CollectiveStamp.Read(wire);
        if (ctx.Collective is { } mine) CheckAgainst(ctx, comm, source, mine, theirs);
        return wire.AsSpan(CollectiveStamp.HeaderBytes);
    }

    private static void CheckAgainst(RankContext ctx, Comm comm, int source, CollectiveStamp mine, CollectiveStamp theirs)
    {
        int errorClass =
            theirs.Seq != mine.Seq || CollectiveStamp.CodeOf(theirs.Call) != CollectiveStamp.CodeOf(mine.Call) ? ERR_OTHER
            : theirs.Root != mine.Root ? ERR_ROOT
            : theirs.Bytes >= 0 && mine.Bytes >= 0 && theirs.Bytes > mine.Bytes ? ERR_TRUNCATE // more data than this rank takes
            : theirs.Bytes >= 0 && mine.Bytes >= 0 && theirs.Bytes < mine.Bytes ? ERR_COUNT
            : theirs.Kind >= 0 && mine.Kind >= 0 && theirs.Kind != mine.Kind ? ERR_TYPE
            : SUCCESS;
        if (errorClass == SUCCESS) return;
        string why = errorClass switch
        {
            ERR_ROOT => "the roots differ between ranks",
            ERR_TRUNCATE or ERR_COUNT or ERR_TYPE => "counts or datatypes differ between ranks",
            _ => "every rank must call the same collectives in the same order",
        };
        throw new MpiException(mine.Call, errorClass,
            $"collective mismatch on {comm.Name}: rank {comm.RankIn(ctx)} called {mine}, but rank {source} called {theirs} ({why})");
    }

    /// <summary>
    /// Before waiting for <paramref name="source"/>: a message it sent in an earlier collective that nobody received
    /// means the ranks disagreed there (a root or a call differed); say so now rather than wait or match it later.
    /// </summary>
    private static void CheckNoStaleMessage(RankContext ctx, Comm comm, int source)
    {
        if (ctx.Collective is not { } mine) return;
        var stale = ctx.Mailbox.Peek(comm.CollectiveContext, source, ANY_TAG);
        if (stale is null || stale.Data.Length < CollectiveStamp.HeaderBytes) return;
        var theirs = CollectiveStamp.Read(stale.Data);
        if (theirs.Seq < mine.Seq) CheckAgainst(ctx, comm, source, mine, theirs);
    }
}
