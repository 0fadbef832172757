namespace CloudMpi.Transports.Tcp;

/// <summary>
/// The waiting rank's look at its incoming connections (<see cref="TcpTransport.Poll"/>): one <c>poll(2)</c> that does
/// not wait, over every connection, then a receive only on those it found ready, as Open MPI's progress loop asks its
/// event library once per turn. Before, each look was a non-blocking receive per connection: a rank of a 7-rank
/// barrier has 3-6 of them, so a look that found nothing (most of them, while the rank yields between looks) cost 3-6
/// system calls, one per connection, where this costs one. A rank with one connection (a ping-pong) needs no look: its
/// receive is the look (<see cref="Worthwhile"/>).
/// <para>
/// Descriptors are polled by number, as in <see cref="SocketSleep"/>: a socket disposed meanwhile can only make the
/// look report a connection ready that is not, and the receive goes through the socket's safe handle. A connection that
/// ended is left out (fd -1, which poll skips), or its end of stream would make every look report it.
/// </para>
/// </summary>
internal sealed class ConnectionReadiness
{
    private LinuxPoll.PollFd[] fds = new LinuxPoll.PollFd[8];

    /// <summary>Whether a look pays for <paramref name="connections"/> connections: from two on (with one, the receive
    /// that never waits is as cheap as the look, and a look that finds something adds the receive).</summary>
    public static bool Worthwhile(int connections) => connections >= 2;

    private int inUse; // 1 while a thread looks and reads the answer (TryBegin/End): one at a time

    /// <summary>Become the only thread that looks (and reads <see cref="Ready"/>) until <see cref="End"/>; false when
    /// another thread of the rank does now (MPI_THREAD_MULTIPLE: it then reads every connection, as before).</summary>
    public bool TryBegin() => Interlocked.CompareExchange(ref inUse, 1, 0) == 0;

    public void End() => Volatile.Write(ref inUse, 0);

    /// <summary>
    /// Which of <paramref name="connections"/> have bytes waiting, or have ended (<see cref="Ready"/>); how many (0: none),
    /// or -1 when the call failed (the caller reads every connection instead). Never waits. Between
    /// <see cref="TryBegin"/> and <see cref="End"/>.
    /// </summary>
    public int Look(TcpInbound[] connections)
    {
        int n = connections.Length;
        if (fds.Length < n) fds = new LinuxPoll.PollFd[Math.Max(n, 2 * fds.Length)];
        for (int i = 0; i < n; i++)
        {
            var c = connections[i];
            fds[i].Fd = c.Ended ? -1 : c.Descriptor;
            fds[i].Events = LinuxPoll.In;
            fds[i].Revents = 0;
        }
        int ready = LinuxPoll.poll(fds, (nuint)n, 0);
        return ready < 0 ? -1 : ready;
    }

    /// <summary>Whether the last <see cref="Look"/> found connection <paramref name="index"/> readable (or closed, or failed).</summary>
    public bool Ready(int index) => fds[index].Revents != 0;
}
