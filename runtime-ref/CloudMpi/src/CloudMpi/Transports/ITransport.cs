namespace CloudMpi.Transports;

/// <summary>
/// Where a transport hands an arriving message: the destination rank's mailbox (<see cref="Core.Mailbox"/>).
/// Matching, ordering and acknowledgements live there, in the core, not in the transports.
/// </summary>
internal interface IMessageSink
{
    /// <summary>Accept one message (data or ack). May be called from any thread.</summary>
    void Deliver(cMPIMessage message);
}

/// <summary>
/// A transport moves whole <see cref="cMPIMessage"/>s from one rank to another rank's mailbox. It need not keep
/// order (sequence numbers restore it) but must not lose messages; it may duplicate them (duplicates are dropped).
/// Implementations: <c>Transports/InProc</c> (all ranks in one process); TCP and Azure Storage queues later.
/// </summary>
internal interface ITransport : IDisposable
{
    /// <summary>Short name, e.g. "inproc".</summary>
    string Name { get; }

    /// <summary>Number of ranks in MPI_COMM_WORLD.</summary>
    int WorldSize { get; }

    /// <summary>
    /// Deliver <paramref name="message"/> to the mailbox of world rank <paramref name="destWorldRank"/>.
    /// The sender never touches the message or its data afterwards.
    /// </summary>
    void Send(int destWorldRank, cMPIMessage message);

    /// <summary>The transport that really moves the messages (hosts may wrap it).</summary>
    ITransport Underlying => this;
}

/// <summary>A transport with a barrier of its own (azure: the thesis's table-based barrier).</summary>
internal interface ITransportBarrier
{
    /// <summary>
    /// Block until all <paramref name="size"/> members of communicator <paramref name="commId"/> have entered barrier
    /// number <paramref name="epoch"/> of that communicator; <paramref name="checkAbort"/> is called while waiting.
    /// </summary>
    void Barrier(int worldRank, int commId, long epoch, int memberRank, int size, Action checkAbort);
}
