namespace CloudMpi.Hosting;

/// <summary>What a job host (e.g. <see cref="InProcJob"/>) learns from its ranks: blocking, progress, abort.</summary>
internal interface IRankHost
{
    /// <summary>Non-null once the job is aborted; blocked calls then throw <see cref="JobAbortedException"/>.</summary>
    string? AbortReason { get; }

    /// <summary>The rank is about to sleep inside an MPI call; its <see cref="RankContext.Wait"/> says on what.</summary>
    void MarkBlocked(int rank);

    /// <summary>The rank woke up.</summary>
    void MarkRunning(int rank);

    /// <summary>A message was delivered to the mailbox of <paramref name="rank"/>.</summary>
    void NoteProgress(int rank);

    /// <summary>The transport of <paramref name="rank"/> failed for good (storage unreachable, a peer lost): abort the job with <paramref name="reason"/>.</summary>
    void TransportFailed(int rank, string reason);

    /// <summary>A rank called MPI_Abort.</summary>
    void AbortFromRank(int rank, int errorCode);
}
