using System.Text;

namespace CloudMpi.Libc;

/// <summary>
/// The C library state of one rank: its stdout/stderr, the rand() and drand48()
/// generators, errno and the atexit handlers. Reached through <see cref="Current"/>,
/// an ambient (AsyncLocal) value with a process-wide fallback that writes to the Console.
/// Nothing else in CloudMpi.Libc holds mutable static state.
/// </summary>
public sealed class LibcState
{
    private static readonly AsyncLocal<LibcState?> s_current = new();
    private static readonly Lazy<LibcState> s_fallback =
        new(() => new LibcState(Console.Out, Console.Error, Console.OpenStandardInput()), LazyThreadSafetyMode.ExecutionAndPublication);

    private readonly Decoder _stdoutDecoder = Utf8b.Instance.GetDecoder();
    private readonly Decoder _stderrDecoder = Utf8b.Instance.GetDecoder();
    private readonly List<Action> _atExit = new();
    private readonly List<FILE> _openFiles = new();
    private readonly Lazy<CStream> _stdin;

    public LibcState(TextWriter stdout, TextWriter stderr)
        : this(stdout, stderr, null)
    {
    }

    /// <summary>A rank's C library state; <paramref name="stdin"/> null means an empty stdin.</summary>
    public LibcState(TextWriter stdout, TextWriter stderr, Stream? stdin)
    {
        ArgumentNullException.ThrowIfNull(stdout);
        ArgumentNullException.ThrowIfNull(stderr);
        Stdout = stdout;
        Stderr = stderr;
        var input = stdin ?? Stream.Null;
        _stdin = new Lazy<CStream>(() => new CStream(new BufferedStream(input)), LazyThreadSafetyMode.None);
    }

    /// <summary>The state of the calling rank (or the process-wide fallback).</summary>
    public static LibcState Current
    {
        get => s_current.Value ?? s_fallback.Value;
        set => s_current.Value = value;
    }

    /// <summary>The process-wide state used when no rank state is set (writes to the Console).</summary>
    public static LibcState Fallback => s_fallback.Value;

    /// <summary>Makes <paramref name="state"/> current until the returned scope is disposed.</summary>
    public static IDisposable Enter(LibcState state)
    {
        var previous = s_current.Value;
        s_current.Value = state;
        return new Scope(previous);
    }

    public TextWriter Stdout { get; }
    public TextWriter Stderr { get; }

    /// <summary>
    /// The variables mpirun sets in each process it starts, which a program may read with getenv, before MPI_Init
    /// too, to learn its rank (Open MPI 4.1: OMPI_COMM_WORLD_RANK, _SIZE, _LOCAL_RANK, _LOCAL_SIZE, _NODE_RANK,
    /// OMPI_UNIVERSE_SIZE, OMPI_FIRST_RANKS, PMIX_RANK); the rank's own where ranks share one process. Null outside
    /// a launched job (getenv then reads the process's environment alone).
    /// </summary>
    public IReadOnlyDictionary<string, string>? LaunchEnvironment { get; set; }

    /// <summary>Open MPI's per-process variables for rank <paramref name="rank"/> of <paramref name="size"/> on one
    /// node (the universe: the machine's cores, mpirun's default slots).</summary>
    public static IReadOnlyDictionary<string, string> OpenMpiLaunchVariables(int rank, int size)
    {
        string r = rank.ToString(System.Globalization.CultureInfo.InvariantCulture);
        string n = size.ToString(System.Globalization.CultureInfo.InvariantCulture);
        return new Dictionary<string, string>
        {
            ["OMPI_COMM_WORLD_RANK"] = r,
            ["OMPI_COMM_WORLD_SIZE"] = n,
            ["OMPI_COMM_WORLD_LOCAL_RANK"] = r,
            ["OMPI_COMM_WORLD_LOCAL_SIZE"] = n,
            ["OMPI_COMM_WORLD_NODE_RANK"] = r,
            ["OMPI_UNIVERSE_SIZE"] = Environment.ProcessorCount.ToString(System.Globalization.CultureInfo.InvariantCulture),
            ["OMPI_FIRST_RANKS"] = "0",
            ["PMIX_RANK"] = r,
        };
    }

    /// <summary>The program's name (argv[0]) as glibc's messages print it (assert).</summary>
    public string ProgramName { get; set; } = "a.out";

    /// <summary>The program's arguments after its name (argv[1..]), as the launcher gave them: MPI_INFO_ENV's argv.</summary>
    public IReadOnlyList<string> ProgramArguments { get; set; } = [];

    // errno lives in a one-element array so __errno_location() can hand out a pointer to it.
    private readonly int[] _errno = new int[1];

    /// <summary>C errno of this rank.</summary>
    public int Errno
    {
        get => _errno[0];
        set => _errno[0] = value;
    }

    /// <summary>&amp;errno: what glibc's errno macro, (*__errno_location ()), dereferences.</summary>
    internal Ptr<int> ErrnoLocation => _errno;

    /// <summary>The rank's stdin as C reads it (with push-back and indicators).</summary>
    internal CStream StdinStream => _stdin.Value;

    internal Unistd.GetoptState Getopt { get; } = new();

    /// <summary>math.h's signgam: the sign of the gamma function at the rank's last lgamma argument.</summary>
    internal int Signgam;

    /// <summary>Where strtok(NULL, ...) continues.</summary>
    internal Ptr<sbyte> StrtokNext;

    /// <summary>The static struct tm that localtime and gmtime return, and asctime's and ctime's text (CtimeFormat.cs).</summary>
    internal tm[] BrokenDownTime { get; } = new tm[1];
    internal sbyte[] AsctimeText { get; } = new sbyte[26];

    /// <summary>The generator random() and rand() draw from: glibc's own state, or the one initstate or setstate
    /// installed last.</summary>
    internal GlibcRandom Random { get; set; } = new();

    /// <summary>The generators of the states initstate was given, by the buffer (array and offset) that holds each,
    /// with glibc's own under <see cref="RandomTable"/>: setstate switches between them.</summary>
    internal Dictionary<(object Array, int Offset), GlibcRandom> RandomStates { get; } = new();

    /// <summary>Stands for glibc's internal state table, which the first initstate or setstate returns.</summary>
    internal sbyte[] RandomTable { get; } = new sbyte[128];

    /// <summary>The buffer of the state in use (initstate's and setstate's result is the one before).</summary>
    internal Ptr<sbyte> RandomStateBuffer;
    internal Drand48Generator Drand48 { get; } = new();

    internal void AddAtExit(Action handler) => _atExit.Add(handler);

    internal void AddOpenFile(FILE file) => _openFiles.Add(file);

    internal void RemoveOpenFile(FILE file) => _openFiles.Remove(file);

    /// <summary>Closes the files the rank left open (C flushes them at exit).</summary>
    internal void CloseFiles()
    {
        foreach (var f in _openFiles.ToArray()) f.Close();
        _openFiles.Clear();
    }

    /// <summary>Runs the atexit handlers in reverse order of registration (each once).</summary>
    internal void RunAtExit()
    {
        while (_atExit.Count > 0)
        {
            var handler = _atExit[^1];
            _atExit.RemoveAt(_atExit.Count - 1);
            handler();
        }
    }

    /// <summary>Writes C bytes (UTF-8) to stdout or stderr; partial UTF-8 sequences are kept until completed.</summary>
    internal void Write(bool toStderr, ReadOnlySpan<byte> bytes)
    {
        if (bytes.IsEmpty) return;
        var decoder = toStderr ? _stderrDecoder : _stdoutDecoder;
        var writer = toStderr ? Stderr : Stdout;
        int max = decoder.GetCharCount(bytes, flush: false);
        Span<char> chars = max <= 512 ? stackalloc char[max] : new char[max];
        int n = decoder.GetChars(bytes, chars, flush: false);
        writer.Write(chars[..n]);
    }

    /// <summary>setvbuf(stdout, NULL, _IONBF, 0) or setbuf(stdout, NULL): nothing waits in stdout's buffer.</summary>
    public bool StdoutUnbuffered { get; set; }

    /// <summary>
    /// The rank dies as a C process killed by a signal does (abort(), raise, a fault): glibc's line-buffered stdout
    /// loses its unfinished last line (mpirun's ranks write to a terminal); stderr is unbuffered and keeps everything.
    /// </summary>
    public void DropUnflushedStdoutLine()
    {
        if (!StdoutUnbuffered && Stdout is ILineBufferedOutput lines)
            lines.DropUnflushedLine();
    }

    /// <summary>Flushes this rank's stdout, stderr and open files (fflush(NULL)).</summary>
    public void Flush()
    {
        foreach (var f in _openFiles) f.Flush();
        Stdout.Flush();
        Stderr.Flush();
    }

    private sealed class Scope(LibcState? previous) : IDisposable
    {
        private bool _disposed;

        public void Dispose()
        {
            if (_disposed) return;
            _disposed = true;
            s_current.Value = previous;
        }
    }
}
