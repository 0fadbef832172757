using System.Runtime.CompilerServices;
using CloudMpi.Core;
using CloudMpi.Transports;
using CloudMpi.Transports.InProc;

namespace CloudMpi.Hosting;

/// <summary>
/// Everything MPI state that belongs to one rank. All ranks of an in-process job share the CloudMpi assembly,
/// so the current rank is ambient: an <see cref="AsyncLocal{T}"/> bound by <see cref="InProcJob.EnterRank"/>,
/// with a process-wide fallback used when one process is one rank (a lone program is a 1-rank world).
/// </summary>
internal sealed class RankContext
{
    private static readonly AsyncLocal<RankContext?> current = new();
    private static RankContext? processDefault;

    /// <summary>The calling flow's rank.</summary>
    public static RankContext Current => current.Value ?? ProcessDefault;

    /// <summary>The process-wide rank: set by a one-rank-per-process host, else a lone 1-rank world.</summary>
    public static RankContext ProcessDefault
    {
        get
        {
            var d = Volatile.Read(ref processDefault);
            if (d != null) return d;
            Interlocked.CompareExchange(ref processDefault, CreateSingleton(), null);
            return processDefault!;
        }
    }

    /// <summary>Install the process-wide rank (tcp/azure hosts, one rank per process).</summary>
    internal static void SetProcessDefault(RankContext ctx) => Volatile.Write(ref processDefault, ctx);

    private static RankContext CreateSingleton()
    {
        var sinks = new IMessageSink[1];
        var transport = new InProcTransport(sinks);
        var ctx = new RankContext(0, 1, transport, host: null);
        sinks[0] = ctx.Mailbox;
        return ctx;
    }

    /// <summary>Bind the calling flow (thread and async continuations) to <paramref name="ctx"/> until disposed.</summary>
    internal static IDisposable Enter(RankContext ctx)
    {
        var previous = current.Value;
        current.Value = ctx;
        return new Binding(previous);
    }

    private sealed class Binding(RankContext? previous) : IDisposable
    {
        private bool disposed;

        public void Dispose()
        {
            if (disposed) return;
            disposed = true;
            current.Value = previous;
        }
    }

    public int WorldRank { get; }
    public int WorldSize { get; }
    public ITransport Transport { get; }
    public IRankHost? Host { get; }
    public Mailbox Mailbox { get; }

    public bool Initialized;
    public bool Finalized;

    /// <summary>The Stopwatch timestamp of the rank's first MPI_Wtime, its origin (0: not called yet).</summary>
    public long WtimeOrigin;

    /// <summary>MPI_Init was called and MPI_Finalize was not: the rank's end is an abnormal termination to mpirun.</summary>
    public bool EndedWithoutFinalize => Initialized && !Finalized;

    /// <summary>What the current blocking call waits for (deadlock reports).</summary>
    public readonly WaitInfo Wait = new();

    /// <summary>Nonblocking collectives started and not yet run, in the order the rank started them (cMPI.NonblockingCollectives.cs).</summary>
    internal List<Request.DeferredCollective>? PendingCollectives;
    internal bool RunningPendingCollective;

    /// <summary>The collective call this rank is in (or was last in), stamped on its collective messages.</summary>
    public CollectiveStamp? Collective;

    /// <summary>Reused by blocking receives (a rank makes one blocking call at a time).</summary>
    public RecvEntry BlockingEntry => ThreadLevel == cMPI.THREAD_MULTIPLE ? (threadEntry ??= new()) : blockingEntry;
    private readonly RecvEntry blockingEntry = new();
    /// <summary>Under MPI_THREAD_MULTIPLE each thread blocks in a receive of its own (a thread belongs to one rank).</summary>
    [ThreadStatic] private static RecvEntry? threadEntry;

    /// <summary>This rank's name and error handler of each communicator handle it used (predefined ones are shared objects).</summary>
    public readonly System.Runtime.CompilerServices.ConditionalWeakTable<Comm, CommLocal> CommLocals = new();
    /// <summary>Names this rank gave datatypes (MPI_Type_set_name): predefined types are shared by the ranks of a process.</summary>
    public readonly System.Runtime.CompilerServices.ConditionalWeakTable<Datatype, string> TypeNames = new();

    /// <summary>
    /// The error classes and codes the program added (MPI_Add_error_class, MPI_Add_error_code): the classes, each
    /// value's class as MPI_Error_class gives it, the strings MPI_Add_error_string gave them, and the largest value
    /// given (MPI_LASTUSEDCODE).
    /// </summary>
    internal readonly HashSet<int> AddedErrorClasses = [];
    internal readonly Dictionary<int, int> AddedErrorCodes = [];
    internal readonly Dictionary<int, string> AddedErrorStrings = [];
    internal int LastUsedErrorCode = cMPI.ERR_LASTCODE;

    /// <summary>This rank's MPI_INFO_ENV (cMPI.INFO_ENV), made at its first use.</summary>
    internal Info? InfoEnv;

    /// <summary>The thread level MPI_Init_thread provided (MPI_THREAD_SINGLE after MPI_Init).</summary>
    public int ThreadLevel;

    /// <summary>MPI_FILE_NULL's error handler (MPI_File_set_errhandler): for opens, deletes and new files.</summary>
    public Errhandler FileErrhandler = Errhandler.Return;

    /// <summary>The buffer MPI_Buffer_attach attached, if any.</summary>
    public cMPI.AttachedBuffer? Bsend;

    /// <summary>Windows this rank exposes, reached by RMA messages from other ranks' threads.</summary>
    public readonly System.Collections.Concurrent.ConcurrentDictionary<WinKey, WindowMemory> Windows = new();

    /// <summary>How many windows this rank created on each communicator context (names the next one).</summary>
    public readonly Dictionary<int, int> WindowsCreated = new();

    /// <summary>Lowest context id this rank has not used yet (agreed on collectively by Comm_split).</summary>
    public int NextContextId = Comm.FirstDerivedContext;

    /// <summary>The rank's attribute keys of the program's own (cMPI.Attributes.cs): keyval -> its copy and
    /// delete functions; and each handle's attributes (communicators, windows, datatypes).</summary>
    internal readonly Dictionary<int, (AttrFunction? Copy, AttrFunction? Delete)> Keyvals = [];
    internal int NextKeyval = 32;
    internal readonly System.Runtime.CompilerServices.ConditionalWeakTable<object, Dictionary<int, AttrEntry>> Attributes = new();
    /// <summary>Numbers the attributes in the order they are set (a handle's are deleted in reverse order).</summary>
    internal long NextAttrOrder;

    private readonly long[] nextSeq;
    private long nextMsgId;

    public RankContext(int worldRank, int worldSize, ITransport transport, IRankHost? host)
    {
        WorldRank = worldRank;
        WorldSize = worldSize;
        Transport = transport;
        Host = host;
        Mailbox = new Mailbox(this, worldSize);
        nextSeq = new long[worldSize];
    }

    /// <summary>Stamp and send a data message to world rank <paramref name="destWorld"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public void SendData(int destWorld, cMPIMessage m)
    {
        Stamp(destWorld, m);
        Transport.Send(destWorld, m);
    }

    /// <summary>
    /// Give a data message its sender, sequence number and id (on the rank's own thread, in send order); it may then
    /// be handed to <see cref="Transport"/> from another thread (collectives that send in parallel).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public void Stamp(int destWorld, cMPIMessage m) => Stamp(destWorld, m, m.Data.Length);

    /// <summary><see cref="Stamp(int, cMPIMessage)"/> for a message whose payload of <paramref name="payloadLength"/> bytes
    /// travels beside it (<see cref="Transports.IDirectSendTransport"/>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public void Stamp(int destWorld, cMPIMessage m, int payloadLength)
    {
        m.SenderWorldRank = WorldRank;
        if (ThreadLevel == cMPI.THREAD_MULTIPLE)
        {
            // threads of one rank send at once: each message still gets its own number in the sender's order
            lock (stampGate)
            {
                m.Sequence = nextSeq[destWorld]++;
                m.MsgId = nextMsgId++;
            }
        }
        else
        {
            m.Sequence = nextSeq[destWorld]++;
            m.MsgId = nextMsgId++;
        }
        m.IsSmallMessage = payloadLength <= cMPIMessage.SmallMessageLimit;
    }

    private readonly object stampGate = new();

    /// <summary>How many barriers this rank has entered per communicator id (names the transport barrier's rounds).</summary>
    public readonly Dictionary<int, long> BarrierEpochs = new();

    public long PeekNextMsgId => nextMsgId;

    /// <summary>
    /// Stamp <paramref name="m"/> and register the acknowledgement its id will bring (a synchronous send, an RMA
    /// request), as one step: under MPI_THREAD_MULTIPLE two threads of the rank reading the next id before either
    /// stamped took the same one (Sandia SMB's rma_mt_mpi: "an item with the same key has already been added").
    /// </summary>
    public SyncSendEntry StampSync(int destWorld, cMPIMessage m, int payloadLength)
    {
        lock (stampGate) // Stamp takes it again under THREAD_MULTIPLE: C#'s lock is reentrant
        {
            var entry = Mailbox.RegisterSyncSend(nextMsgId);
            Stamp(destWorld, m, payloadLength);
            return entry;
        }
    }

    /// <summary><see cref="StampSync"/>, then the send.</summary>
    public SyncSendEntry SendSync(int destWorld, cMPIMessage m)
    {
        var entry = StampSync(destWorld, m, m.Data.Length);
        Transport.Send(destWorld, m);
        return entry;
    }
}
