using System.Runtime.CompilerServices;
using System.Diagnostics;
using CloudMpi.Hosting;

namespace CloudMpi;

/// <summary>
/// The MPI API in the cloudMPI style: static methods named after MPI's without the <c>MPI_</c> prefix, same
/// argument order, buffers as (array, offset) or <c>ref</c> scalar, <c>out</c> for output arguments.
/// Every method returns <see cref="SUCCESS"/>; errors throw <see cref="MpiException"/>.
/// </summary>
public static partial class cMPI
{
    // ------------------------------------------------------------------ constants (Open MPI's values)

    public const int SUCCESS = 0;
    public const int ANY_SOURCE = -1;
    public const int ANY_TAG = -1;
    public const int PROC_NULL = -2;
    /// <summary>MPI_ROOT: the root of a rooted collective on an intercommunicator, in its own group (cMPI.InterCollectives.cs).</summary>
    public const int ROOT = -4;
    public const int UNDEFINED = -32766;
    public const int MAX_PROCESSOR_NAME = 256;
    /// <summary>The largest tag value (the value of the MPI_TAG_UB attribute).</summary>
    public const int TAG_UB = int.MaxValue;

    public const int ERR_BUFFER = 1;
    public const int ERR_COUNT = 2;
    public const int ERR_TYPE = 3;
    public const int ERR_TAG = 4;
    public const int ERR_COMM = 5;
    public const int ERR_RANK = 6;
    public const int ERR_REQUEST = 7;
    public const int ERR_ROOT = 8;
    public const int ERR_OP = 10;
    public const int ERR_ARG = 13;
    public const int ERR_UNKNOWN = 14;
    public const int ERR_TRUNCATE = 15;
    public const int ERR_OTHER = 16;
    public const int ERR_INTERN = 17;

    public static readonly Comm COMM_WORLD = Comm.World;
    public static readonly Comm COMM_SELF = Comm.Self;
    /// <summary>MPI_COMM_NULL: what Comm_split gives a rank whose color is UNDEFINED, and Comm_free leaves.</summary>
    public static readonly Comm COMM_NULL = Comm.Null;

    /// <summary>MPI_REQUEST_NULL: what Wait/Test leave in a completed request variable.</summary>
    public static readonly Request REQUEST_NULL = Request.Null;

    /// <summary>The class's name as Open MPI's MPI_Error_string starts ("MPI_ERR_GROUP"), for any class up to MPI_ERR_LASTCODE.</summary>
    internal static string ErrorClassName(int errorClass)
    {
        if (errorClass < 0 || errorClass >= ErrorStrings.ByClass.Length) return "MPI_ERR_UNKNOWN";
        string text = ErrorStrings.ByClass[errorClass];
        int colon = text.IndexOf(':');
        return colon > 0 ? text[..colon] : text;
    }

    // ------------------------------------------------------------------ environment

    public static int Init(ref int argc, ref string[] argv) => InitCore("MPI_Init");

    /// <summary>MPI_Init(NULL, NULL).</summary>
    public static int Init() => InitCore("MPI_Init");

    private static int InitCore(string call)
    {
        var ctx = RankContext.Current;
        if (ctx.Finalized) throw new MpiLifecycleException(call, afterFinalize: true, "MPI_Init called after MPI_Finalize");
        if (ctx.Initialized) throw new MpiNullCommunicatorException(call, "MPI was initialized already (MPI_Init or MPI_Init_thread called twice)");
        ctx.Initialized = true;
        return SUCCESS;
    }

    public static int Initialized(out int flag)
    {
        flag = RankContext.Current.Initialized ? 1 : 0;
        return SUCCESS;
    }

    public static int Finalize()
    {
        var ctx = Ctx("MPI_Finalize");
        // MPI-3.1 8.7.1: MPI_Finalize first frees MPI_COMM_SELF's attributes, as MPI_Comm_free would, calling the
        // program's delete functions (a library's clean-up hook); Open MPI 4.1 then deletes MPI_COMM_WORLD's the same
        // way (measured: each handle's in reverse order of setting, MPI_COMM_SELF's first). A delete function that
        // fails ends its handle's deletes and MPI_Finalize goes on and succeeds (measured: the values set before it
        // are not deleted, MPI_COMM_WORLD's are)
        foreach (var comm in new[] { COMM_SELF, COMM_WORLD })
        {
            try
            {
                DeleteAttributes(ctx, "MPI_Finalize", comm);
            }
            catch (MpiException e) when (e.Call == "MPI_Finalize")  // (the delete function's code, not an MPI call's inside it)
            {
            }
        }
        RunAllPendingCollectives(ctx);
        ctx.Finalized = true;
        return SUCCESS;
    }

    public static int Finalized(out int flag)
    {
        flag = RankContext.Current.Finalized ? 1 : 0;
        return SUCCESS;
    }

    public static int Comm_size(Comm comm, out int size)
    {
        var ctx = Ctx("MPI_Comm_size");
        CheckComm("MPI_Comm_size", comm);
        size = comm.SizeIn(ctx);
        return SUCCESS;
    }

    public static int Comm_rank(Comm comm, out int rank)
    {
        var ctx = Ctx("MPI_Comm_rank");
        CheckComm("MPI_Comm_rank", comm);
        rank = comm.RankIn(ctx);
        return SUCCESS;
    }

    /// <summary>
    /// Seconds since the rank's first call, which returns 0.0 (monotonic): Open MPI 4.1's MPI_Wtime on Linux takes
    /// its origin at a process's first call (before or after MPI_Init), so `printf("%f", MPI_Wtime())` prints
    /// 0.000000 there and a later call the time since it. The port printed the time since the runtime loaded.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static double Wtime()
    {
        long now = Stopwatch.GetTimestamp();
        var ctx = RankContext.Current;
        long origin = Volatile.Read(ref ctx.WtimeOrigin);
        if (origin == 0)
        {
            // the first call of the rank (threads of one rank race here under MPI_THREAD_MULTIPLE: one origin wins)
            long won = Interlocked.CompareExchange(ref ctx.WtimeOrigin, now, 0);
            origin = won == 0 ? now : won;
        }
        return (now - origin) / (double)Stopwatch.Frequency;
    }

    /// <summary>The resolution of <see cref="Wtime"/> in seconds.</summary>
    public static double Wtick() => 1.0 / Stopwatch.Frequency;

    /// <summary>MPI_Abort: aborts the job and throws <see cref="MpiAbortException"/> carrying <paramref name="errorcode"/>.</summary>
    public static int Abort(Comm comm, int errorcode)
    {
        var ctx = RankContext.Current;
        ctx.Host?.AbortFromRank(ctx.WorldRank, errorcode);
        throw new MpiAbortException(ctx.WorldRank, errorcode);
    }

    /// <summary>MPI_Get_processor_name into a C char buffer (NUL-terminated).</summary>
    public static int Get_processor_name(sbyte[] name, out int resultlen)
    {
        byte[] bytes = System.Text.Encoding.UTF8.GetBytes(ProcessorName());
        int n = Math.Min(bytes.Length, Math.Min(name.Length - 1, MAX_PROCESSOR_NAME - 1));
        for (int i = 0; i < n; i++) name[i] = (sbyte)bytes[i];
        if (n >= 0 && n < name.Length) name[n] = 0;
        resultlen = Math.Max(n, 0);
        return SUCCESS;
    }

    /// <summary>MPI_Get_processor_name into an unsigned char buffer (NUL-terminated).</summary>
    public static int Get_processor_name(byte[] name, out int resultlen)
    {
        var tmp = new sbyte[name.Length];
        Get_processor_name(tmp, out resultlen);
        Buffer.BlockCopy(tmp, 0, name, 0, name.Length);
        return SUCCESS;
    }

    /// <summary>MPI_Get_processor_name as a string.</summary>
    public static int Get_processor_name(out string name, out int resultlen)
    {
        name = ProcessorName();
        resultlen = name.Length;
        return SUCCESS;
    }

    private static string ProcessorName()
    {
        string n = Environment.MachineName;
        return n.Length >= MAX_PROCESSOR_NAME ? n[..(MAX_PROCESSOR_NAME - 1)] : n;
    }

    // ------------------------------------------------------------------ argument checks

    /// <summary>The calling rank's context, after checking MPI is initialized and not finalized.</summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    internal static RankContext Ctx(string call)
    {
        var ctx = RankContext.Current;
        if (!ctx.Initialized) throw new MpiLifecycleException(call, afterFinalize: false, "called before MPI_Init");
        if (ctx.Finalized) throw new MpiLifecycleException(call, afterFinalize: true, "called after MPI_Finalize");
        return ctx;
    }

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    internal static void CheckComm(string call, Comm comm)
    {
        if (comm is null || comm.IsNull) throw new MpiException(call, ERR_COMM, "invalid communicator (null / MPI_COMM_NULL)");
    }

    /// <summary>A destination: a rank of <paramref name="comm"/> or PROC_NULL.</summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    internal static void CheckDest(string call, RankContext ctx, Comm comm, int dest)
    {
        CheckComm(call, comm);
        int size = comm.PeerSizeIn(ctx);
        if (dest != PROC_NULL && (dest < 0 || dest >= size))
            throw new MpiException(call, ERR_RANK, $"invalid rank {dest} (communicator {comm.Name} has size {size})");
    }

    /// <summary>A source: a rank of <paramref name="comm"/>, ANY_SOURCE or PROC_NULL.</summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    internal static void CheckSource(string call, RankContext ctx, Comm comm, int source)
    {
        CheckComm(call, comm);
        int size = comm.PeerSizeIn(ctx);
        if (source != PROC_NULL && source != ANY_SOURCE && (source < 0 || source >= size))
            throw new MpiException(call, ERR_RANK, $"invalid source rank {source} (communicator {comm.Name} has size {size})");
    }

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    internal static void CheckSendTag(string call, int tag)
    {
        if (tag < 0) throw new MpiException(call, ERR_TAG, $"invalid tag {tag} (a send's tag must be 0..MPI_TAG_UB)");
    }

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    internal static void CheckRecvTag(string call, int tag)
    {
        if (tag < 0 && tag != ANY_TAG) throw new MpiException(call, ERR_TAG, $"invalid tag {tag} (must be 0..MPI_TAG_UB or MPI_ANY_TAG)");
    }

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    internal static void CheckRoot(string call, RankContext ctx, Comm comm, int root)
    {
        CheckComm(call, comm);
        if (comm.IsInter)
        {
            CheckInterRoot(call, ctx, comm, root);
            return;
        }
        int size = comm.SizeIn(ctx);
        if (root < 0 || root >= size)
            throw new MpiException(call, ERR_ROOT, $"invalid root {root} (communicator {comm.Name} has size {size})");
    }
}
