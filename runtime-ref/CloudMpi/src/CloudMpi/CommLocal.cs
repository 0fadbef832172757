namespace CloudMpi;

/// <summary>
/// What one rank keeps about a communicator handle: its name and error handler. Predefined communicators are
/// shared by all ranks of an in-process job, so this lives in the rank's context, not in <see cref="Comm"/>.
/// </summary>
internal sealed class CommLocal
{
    /// <summary>Set by Comm_set_name; null: the predefined name, or "" for derived communicators.</summary>
    public string? Name;
    public Errhandler Errhandler = Errhandler.Fatal;
    /// <summary>The hints MPI_Comm_set_info or MPI_Comm_dup_with_info gave this rank's handle (null: none).</summary>
    public Info? Hints;
    /// <summary>How many collectives this rank has started on the communicator (each message carries it).</summary>
    public long CollectiveSeq;
    /// <summary>How many MPI_Ibarrier this rank has started on the communicator (their notices' tags: cMPI.NonblockingBarrier.cs).</summary>
    public long IbarrierSeq;
}
