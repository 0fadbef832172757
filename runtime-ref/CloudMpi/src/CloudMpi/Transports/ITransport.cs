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

/// <summary>
/// A transport that can write a message's payload straight from the sender's memory (tcp: the user's array into the
/// socket), so a large send is not first copied into a message of its own. Only for another rank: a message to oneself
/// is delivered as a message, which must own its data.
/// </summary>
internal interface IDirectSendTransport
{
    /// <summary>Payloads from this many bytes on are worth sending directly (below, the copy is cheaper than the extra call).</summary>
    int DirectSendMinBytes { get; }

    /// <summary>
    /// Send <paramref name="header"/> (stamped, its <c>Data</c> empty) with <paramref name="payload"/> as its data to world
    /// rank <paramref name="destWorldRank"/>, another rank than this one; returns once the transport no longer needs
    /// <paramref name="payload"/> (the kernel has the bytes), as <see cref="ITransport.Send"/> would.
    /// </summary>
    void SendFrom(int destWorldRank, cMPIMessage header, ReadOnlySpan<byte> payload);
}

/// <summary>
/// A sink that lets a transport write an arriving payload straight into the buffer of the receive it matches (the
/// mailbox): the transport reads a frame's header, claims the matching posted receive (<see cref="ClaimDirect"/>),
/// receives the payload into its buffer (<see cref="Core.RecvEntry.Target"/>), then completes it
/// (<see cref="CompleteDirect"/>). No message array, no copy by the receive.
/// </summary>
internal interface IDirectReceiveSink
{
    /// <summary>
    /// The posted receive that <paramref name="header"/>, a data message of <paramref name="length"/> bytes arriving in
    /// order, matches first, taken out of the posted list, when it offers a target that holds the payload; null
    /// otherwise (then deliver the message as usual: the same receive matches it there, or none does).
    /// </summary>
    Core.RecvEntry? ClaimDirect(cMPIMessage header, int length);

    /// <summary>The payload is in <paramref name="entry"/>'s target (<paramref name="whole"/>), or the connection broke
    /// before it all arrived: complete the receive either way.</summary>
    void CompleteDirect(Core.RecvEntry entry, cMPIMessage header, int length, bool whole);
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

/// <summary>
/// A transport whose arrivals the waiting rank reads itself (tcp: its sockets), as Open MPI's ranks poll theirs, rather
/// than only waiting for a thread of the transport to deliver them: the mailbox calls <see cref="Poll"/> between the
/// checks of its wait loop (<see cref="Core.Mailbox.Polled"/>), and <see cref="StopPolling"/> before it sleeps.
/// </summary>
internal interface IPolledTransport
{
    /// <summary>Deliver to the mailbox what has arrived for this rank, without waiting; true when something was. The
    /// rank counts as polling from now until <see cref="PollingEnded"/> or <see cref="StopPolling"/>.</summary>
    bool Poll();

    /// <summary>The rank's wait is over (or its one poll in MPI_Test, MPI_Iprobe): it is back in the program, and may
    /// soon wait again.</summary>
    void PollingEnded();

    /// <summary>The rank stops polling (it is going to sleep): the transport's own threads must deliver from now on.</summary>
    void StopPolling();

    /// <summary>Whether the rank can sleep in the transport itself (<see cref="Sleep"/>) instead of on its mailbox's lock.</summary>
    bool CanSleep { get; }

    /// <summary>Sleep until something may have arrived for the rank (it still counts as polling: it reads what woke it
    /// with <see cref="Poll"/>), <see cref="WakeSleeper"/> is called, or the transport's longest sleep passes (the caller
    /// looks again, then sleeps again); false when it cannot sleep there (any more): the rank sleeps on its mailbox
    /// instead. Only when <see cref="CanSleep"/>.</summary>
    bool Sleep();

    /// <summary>End the rank's <see cref="Sleep"/> (or make its next return at once); any thread.</summary>
    void WakeSleeper();
}
