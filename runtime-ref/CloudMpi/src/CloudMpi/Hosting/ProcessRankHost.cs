using CloudMpi.Transports;

namespace CloudMpi.Hosting;

/// <summary>
/// The host of a rank that is a process of its own (tcp, azure): it installs the rank as the process-wide
/// <see cref="RankContext"/> and keeps what a supervisor in another process asks for: whether the rank is blocked
/// in MPI, a progress counter (deliveries and wake-ups), what the rank waits for, and the abort it was told of.
/// </summary>
internal sealed class ProcessRankHost : IRankHost
{
    private volatile string? abortReason;
    private volatile bool blocked;
    private long progress;
    private RankContext? rank;

    /// <summary>Raised when the rank calls MPI_Abort (the supervisor ends the job with its code).</summary>
    public event Action<int>? MpiAbortCalled;

    /// <summary>Create the rank with its transport and make it the process's rank.</summary>
    public RankContext Install(int worldRank, int worldSize, ITransport transport)
    {
        var ctx = new RankContext(worldRank, worldSize, transport, this);
        rank = ctx;
        RankContext.SetProcessDefault(ctx);
        return ctx;
    }

    public RankContext Rank => rank ?? throw new InvalidOperationException("no rank installed");

    public string? AbortReason => abortReason;

    /// <summary>
    /// Blocked in MPI and not waiting for storage: a rank whose storage request has been under way for longer than
    /// <see cref="StorageActivity.DefaultSlowAfter"/> (a stalled or overloaded storage service) is not counted as stuck, so
    /// the supervisor's deadlock clock starts again once storage answers; a storage service that never answers ends
    /// the job with the transport's own error when its retries run out.
    /// </summary>
    public bool IsBlocked => blocked && !(Storage?.IsSlow() ?? false);

    public long Progress => Interlocked.Read(ref progress);

    /// <summary>What the rank is blocked in, for a deadlock report; on a storage transport also whether storage was answering.</summary>
    public string DescribeWait()
    {
        if (!blocked || rank == null) return "running";
        return Storage is { } storage ? $"{rank.Wait} ({storage.Describe()})" : rank.Wait.ToString();
    }

    private StorageActivity? Storage => (rank?.Transport.Underlying as IStorageBacked)?.Storage;

    /// <summary>
    /// The collective the blocked rank waits in, as a supervisor compares it with the other ranks': the communicator
    /// (its context id and members, since the two halves of a split may share a context id), the rank's count of
    /// collectives on it, the call and the root; null when the rank is not blocked in a collective.
    /// </summary>
    public CollectiveWait? WaitingCollective()
    {
        var ctx = rank;
        if (!blocked || ctx is null) return null;
        var w = ctx.Wait;
        var comm = w.Comm;
        if (w.CollectiveSeq < 0 || comm is null) return null;
        return new CollectiveWait($"{comm.ContextId}:{string.Join(',', comm.WorldRanksIn(ctx))}", comm.Name,
            w.CollectiveSeq, w.CollectiveCall, w.CollectiveRoot);
    }

    /// <summary>End every blocked and future MPI call of this rank with <see cref="JobAbortedException"/>.</summary>
    public void Abort(string reason)
    {
        abortReason ??= reason;
        rank?.Mailbox.WakeForAbort();
    }

    public void MarkBlocked(int r) => blocked = true;

    public void MarkRunning(int r)
    {
        blocked = false;
        Interlocked.Increment(ref progress);
    }

    public void NoteProgress(int rank) => Interlocked.Increment(ref progress);

    /// <summary>The first transport failure of this rank, reported to the supervisor as the rank's failure.</summary>
    public string? TransportFailure { get; private set; }

    public void TransportFailed(int r, string reason)
    {
        TransportFailure ??= reason;
        Abort(reason);
    }

    public void AbortFromRank(int r, int errorCode)
    {
        MpiAbortCalled?.Invoke(errorCode);
        Abort($"rank {r} called MPI_Abort with error code {errorCode}");
    }
}

/// <summary>A rank blocked inside a collective: which communicator, which of its collectives, the call and its root (-1: none).</summary>
internal sealed record CollectiveWait(string CommKey, string CommName, long Seq, string Call, int Root)
{
    /// <summary>Whether two ranks in the same collective of one communicator called different things (so neither can finish).</summary>
    public bool Contradicts(CollectiveWait other) =>
        CommKey == other.CommKey && Seq == other.Seq && (Call != other.Call || Root != other.Root);

    public string Describe() => Root >= 0 ? $"{Call}(root={Root})" : Call;

    public void Write(BinaryWriter w)
    {
        w.Write(CommKey);
        w.Write(CommName);
        w.Write(Seq);
        w.Write(Call);
        w.Write(Root);
    }

    public static CollectiveWait Read(BinaryReader r) => new(r.ReadString(), r.ReadString(), r.ReadInt64(), r.ReadString(), r.ReadInt32());
}
