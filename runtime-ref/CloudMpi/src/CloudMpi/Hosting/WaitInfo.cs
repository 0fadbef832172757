using System.Runtime.CompilerServices;
using System.Text;

namespace CloudMpi.Hosting;

/// <summary>
/// What a rank's current MPI call waits for, set at the start of each blocking call (no allocation) and
/// formatted only for a deadlock report, e.g. <c>MPI_Recv(source=1, tag=0, comm=MPI_COMM_WORLD)</c>.
/// </summary>
internal sealed class WaitInfo
{
    public string Call = "";
    public Comm? Comm;
    /// <summary>Name of the peer argument ("source", "dest", "root") or null.</summary>
    public string? PeerName;
    public int Peer;
    public bool HasTag;
    public int Tag;
    /// <summary>For collectives and waits: the rank (in the communicator) whose message is awaited, or -1 (-3 = none).</summary>
    public int WaitingForRank = NoRank;
    /// <summary>Extra text, e.g. for MPI_Wait the request's description.</summary>
    public string? Detail;
    // Details formatted only when a report asks (ToString): setting them is on every call's path.
    private bool hasSendPart;
    private int sendDest, sendTag;
    private Request? request;
    private int requestIndex;
    /// <summary>The communicator's collective count when the rank waits inside a collective call, else -1.</summary>
    public long CollectiveSeq = -1;
    /// <summary>That collective's call and root (-1 for none), as the rank stamps its messages.</summary>
    public string CollectiveCall = "";
    public int CollectiveRoot = -1;

    /// <summary>The rank is inside this collective (until the next <see cref="Set"/>).</summary>
    public void InCollective(CollectiveStamp stamp)
    {
        CollectiveSeq = stamp.Seq;
        CollectiveCall = stamp.Call;
        CollectiveRoot = stamp.Root;
    }

    public const int NoRank = -3;

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public void Set(string call, Comm? comm, string? peerName, int peer, bool hasTag, int tag)
    {
        Call = call;
        Comm = comm;
        PeerName = peerName;
        Peer = peer;
        HasTag = hasTag;
        Tag = tag;
        WaitingForRank = NoRank;
        Detail = null;
        hasSendPart = false;
        request = null;
        CollectiveSeq = -1;
    }

    /// <summary>The send half of a Sendrecv: shown as <c>dest=.., sendtag=..</c>.</summary>
    public void SetSendPart(int dest, int tag)
    {
        hasSendPart = true;
        sendDest = dest;
        sendTag = tag;
    }

    /// <summary>The request an MPI_Wait* blocks on (<paramref name="index"/> in its array, or -1).</summary>
    public void SetRequest(Request r, int index)
    {
        request = r;
        requestIndex = index;
    }

    public override string ToString()
    {
        var sb = new StringBuilder(Call).Append('(');
        bool first = true;
        void Arg(string s)
        {
            if (!first) sb.Append(", ");
            sb.Append(s);
            first = false;
        }
        if (Detail != null) Arg(Detail);
        if (request != null) Arg(requestIndex >= 0 ? $"request {requestIndex}: {request.Describe()}" : request.Describe());
        if (hasSendPart) Arg($"dest={sendDest}, sendtag={sendTag}");
        if (PeerName != null) Arg($"{PeerName}={RankName(Peer)}");
        if (HasTag) Arg($"tag={(Tag == cMPI.ANY_TAG ? "MPI_ANY_TAG" : Tag.ToString())}");
        if (Comm != null) Arg($"comm={Comm.Name}");
        sb.Append(')');
        if (WaitingForRank != NoRank) sb.Append(" waiting for a message from rank ").Append(RankName(WaitingForRank));
        return sb.ToString();
    }

    private static string RankName(int r) => r switch
    {
        cMPI.ANY_SOURCE => "MPI_ANY_SOURCE",
        cMPI.PROC_NULL => "MPI_PROC_NULL",
        _ => r.ToString(),
    };
}
