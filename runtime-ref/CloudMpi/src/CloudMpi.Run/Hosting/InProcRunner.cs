using System.Diagnostics;
using System.Reflection;
using System.Text;
using CloudMpi.Hosting;
using CloudMpi.Libc;

namespace CloudMpi.Run.Hosting;

/// <summary>How a job ended.</summary>
public enum JobEnd
{
    Success,
    RankExitCode,
    MpiAbort,
    UnhandledException,
    Deadlock,
    Timeout,
    /// <summary>A rank's process ended without finishing its program (killed, crashed): process-per-rank transports.</summary>
    RankDied,
}

/// <summary>The result of running a job.</summary>
/// <param name="ExitCode">The job's exit status (not yet reduced to 0..255).</param>
/// <param name="End">Why it ended.</param>
/// <param name="FailedRank">The rank that ended the job, or -1.</param>
/// <param name="RanksStillRunning">Ranks that did not stop within the grace period after an abort (stuck in pure compute); the process should exit.</param>
public sealed record RunOutcome(int ExitCode, JobEnd End, int FailedRank, IReadOnlyList<int> RanksStillRunning);

/// <summary>
/// Runs an N-rank job in this process (transport <c>inproc</c>): one thread per rank with a
/// big stack, one <see cref="RankLoadContext"/> for all ranks (or one per rank: <see cref="ProgramSharing"/>), one <see cref="LibcState"/> per rank
/// whose stdout/stderr are merged line by line, one shared <see cref="InProcJob"/>.
/// </summary>
public sealed class InProcRunner
{
    /// <summary>
    /// A rank thread's stack: more than C's 8 MiB (ulimit -s), since a C# frame is bigger than gcc's for the same
    /// function, so a recursion that works natively works here too.
    /// </summary>
    public const int RankStackSize = 256 * 1024 * 1024;
    public const int StackOverflowExitCode = 139;

    /// <summary>A NULL pointer dereference: natively SIGSEGV, 128 + 11, as a stack overflow.</summary>
    public const int SegmentationFaultExitCode = 139;
    public const int DeadlockOrTimeoutExitCode = 124;

    private readonly byte[] _image;
    private readonly RunOptions _options;
    private readonly OutputSink _out;
    private readonly OutputSink _err;
    private readonly object _gate = new();
    private (JobEnd end, int rank, int code)? _first;
    private InProcJob? _job;

    /// <summary>Settings of a transport other than inproc (azure with ranks as threads).</summary>
    public IReadOnlyDictionary<string, string> TransportSettings { get; init; } = new Dictionary<string, string>();

    /// <summary>How long ranks get to stop after the job was aborted before they are given up on.</summary>
    public TimeSpan AbortGracePeriod { get; init; } = TimeSpan.FromSeconds(2);

    /// <summary>The compiling ahead of the shared load (<see cref="PortPrecompiler"/>), null when ranks load their own.</summary>
    private Lazy<int>? _sharedPrecompile;

    public InProcRunner(byte[] image, RunOptions options, OutputSink stdout, OutputSink stderr)
    {
        _image = image;
        _options = options;
        _out = stdout;
        _err = stderr;
    }

    public RunOutcome Run()
    {
        int n = _options.Ranks;
        using var job = new InProcJob(n, TimeSpan.FromSeconds(_options.DeadlockTimeoutSeconds),
                                      Processes.WorkerTransports.ForThreads(_options.Transport, TransportSettings));
        _job = job;
        RuntimePrecompiler.Start();
        RuntimePrecompiler.FormatAheadFor(_image);
        RankJitTally.Reset();
        var threads = new Thread[n];
        var finished = new bool[n];
        var contexts = new RankLoadContext?[n];
        RankLoadContext? shared = LoadShared();
        // one load for all ranks: compiled once, by the first rank to get there (the others wait for it)
        _sharedPrecompile = shared?.Program is Assembly sharedProgram && PortPrecompiler.Enabled
            ? new Lazy<int>(() => PortPrecompiler.Compile(sharedProgram), LazyThreadSafetyMode.ExecutionAndPublication)
            : null;
        using var allDone = new CountdownEvent(n);

        for (int r = 0; r < n; r++)
        {
            int rank = r;
            threads[r] = new Thread(() =>
            {
                try
                {
                    CoreBinding.BindCurrentThread(rank, n);
                    contexts[rank] = RunRank(job, rank, shared);
                }
                finally
                {
                    Volatile.Write(ref finished[rank], true);
                    allDone.Signal();
                }
            }, RankStackSize)
            {
                IsBackground = true,
                Name = $"cmpi rank {rank}",
            };
        }
        foreach (Thread t in threads)
            t.Start();

        var clock = Stopwatch.StartNew();
        TimeSpan? timeout = _options.TimeoutSeconds is double s ? TimeSpan.FromSeconds(s) : null;
        TimeSpan slice = TimeSpan.FromMilliseconds(25);
        while (!allDone.Wait(slice))
        {
            _out.FlushIfDirty();
            if (HasEnded)
                break;
            string? report = DeadlockReport(job);
            if (report is not null)
            {
                Deadlocked(report);
                break;
            }
            if (timeout is TimeSpan limit && clock.Elapsed >= limit)
            {
                TimedOut(limit, finished);
                break;
            }
        }

        // Aborted (or a rank failed): blocked ranks are woken by the job; ranks in pure
        // compute cannot be interrupted, so they get a grace period and are then left behind.
        bool allStopped = allDone.Wait(AbortGracePeriod);
        _out.Flush();
        _err.Flush();

        var stuck = new List<int>();
        for (int r = 0; r < n; r++)
        {
            if (!Volatile.Read(ref finished[r]))
                stuck.Add(r);
        }
        if (allStopped)
        {
            foreach (RankLoadContext? c in contexts.Append(shared).Distinct())
                c?.Unload();
        }
        else
        {
            _err.WriteLine(null, $"cmpi-run: rank{(stuck.Count == 1 ? "" : "s")} {string.Join(", ", stuck)} did not stop within {AbortGracePeriod.TotalSeconds:0.#} s of the abort; exiting without {(stuck.Count == 1 ? "it" : "them")}\n");
        }

        lock (_gate)
        {
            // a deadlock found after the last check but before every rank was woken
            if (_first is null && DeadlockReport(job) is string late)
                Deadlocked(late);
            return _first is (JobEnd end, int rank, int code)
                ? new RunOutcome(code, end, rank, stuck)
                : new RunOutcome(0, JobEnd.Success, -1, stuck);
        }
    }

    private bool HasEnded
    {
        get { lock (_gate) return _first is not null; }
    }

    /// <summary>Records the first way the job ends; later ones (consequences of the abort) are ignored.</summary>
    private bool End(JobEnd end, int rank, int code, string message, string abortReason)
    {
        lock (_gate)
        {
            if (_first is not null)
                return false;
            _first = (end, rank, code);
        }
        _out.Flush();
        _err.WriteLine(null, message.EndsWith('\n') ? message : message + "\n");
        try
        {
            _job?.Abort(abortReason);
        }
        catch (Exception e) when (e is InvalidOperationException or ObjectDisposedException)
        {
            // already aborted or ended
        }
        return true;
    }

    private void Deadlocked(string report)
    {
        string text = report.TrimEnd('\n');
        if (!text.StartsWith("deadlock", StringComparison.Ordinal) && !text.StartsWith("collective mismatch", StringComparison.Ordinal))
            text = "deadlock: " + text;
        End(JobEnd.Deadlock, -1, DeadlockOrTimeoutExitCode, "cmpi-run: " + text + "\n", "deadlock");
    }

    private void TimedOut(TimeSpan limit, bool[] finished)
    {
        var running = Enumerable.Range(0, finished.Length).Where(r => !Volatile.Read(ref finished[r])).ToList();
        string message = $"cmpi-run: the job did not finish within --timeout {limit.TotalSeconds:0.###} s " +
                         $"(still running: rank{(running.Count == 1 ? "" : "s")} {string.Join(", ", running)}); aborting";
        End(JobEnd.Timeout, -1, DeadlockOrTimeoutExitCode, message, "timeout");
    }

    /// <summary>One load of the program for every rank when it keeps no state in statics (<see cref="ProgramSharing"/>), else null.</summary>
    private RankLoadContext? LoadShared()
    {
        if (_options.Ranks == 1)
            return null;
        var alc = new RankLoadContext("all ranks");
        try
        {
            if (ProgramSharing.KeepsNoStateInStatics(alc.LoadProgram(_image)))
                return alc;
        }
        catch (Exception e) when (e is BadImageFormatException or ReflectionTypeLoadException or FileLoadException)
        {
            // reported by the rank that loads it for itself
        }
        alc.Unload();
        return null;
    }

    private RankLoadContext? RunRank(InProcJob job, int rank, RankLoadContext? shared)
    {
        bool tag = _options.TagOutput;
        bool single = _options.Ranks == 1 && !tag;
        var stdout = new RankLineWriter(_out, tag ? $"[1,{rank}]<stdout>:" : null, flushPartialLines: single);
        var stderr = new RankLineWriter(_err, tag ? $"[1,{rank}]<stderr>:" : null, flushPartialLines: single);
        RankLoadContext? alc = null;
        Assembly? program = null;
        IDisposable? entered = null;
        try
        {
            if (shared?.Program is Assembly loaded)
            {
                alc = shared;
                program = loaded;
                _ = _sharedPrecompile?.Value;
            }
            else
            {
                alc = new RankLoadContext($"rank {rank}");
                program = alc.LoadProgram(_image);
                if (PortPrecompiler.Enabled)
                    PortPrecompiler.Compile(program);
            }
            MethodInfo entry = program.EntryPoint
                ?? throw new InvalidOperationException("the program has no entry point (static Main)");

            entered = job.EnterRank(rank);
            LibcState.Current = new LibcState(stdout, stderr, rank == 0 ? Console.OpenStandardInput() : null) // mpirun gives stdin to rank 0
            {
                LaunchEnvironment = LibcState.OpenMpiLaunchVariables(rank, _options.Ranks),
            };

            object?[]? args = entry.GetParameters().Length == 0 ? null : [_options.ProgramArgs.ToArray()];
            RuntimePrecompiler.WaitUntilDone();
            if (rank == 0)
                PhaseTrace.Mark("rank 0 main");
            var jit = RankJitTally.Start();
            object? ret;
            try
            {
                ret = entry.Invoke(null, BindingFlags.DoNotWrapExceptions, binder: null, args, culture: null);
            }
            finally
            {
                RankJitTally.Stop(rank, jit);
            }
            int code = ret is int i ? i : 0;
            if (code != 0)
                RankExited(rank, code);
            else if (RankContext.Current.EndedWithoutFinalize)
                ExitedWithoutFinalize(rank);
        }
        catch (Exception e)
        {
            Failed(rank, Unwrap(e), program);
        }
        finally
        {
            try
            {
                stdout.Complete();
                stderr.Complete();
            }
            finally
            {
                if (entered is not null)
                {
                    job.RankFinished(rank);
                    entered.Dispose();
                }
            }
        }
        return alc;
    }

    private void RankExited(int rank, int code)
    {
        End(JobEnd.RankExitCode, rank, code,
            $"cmpi-run: rank {rank} exited with status {code}; aborting the job",
            $"rank {rank} exited with status {code}");
    }

    /// <summary>
    /// A rank that called MPI_Init and ended with status 0 without MPI_Finalize: Open MPI's mpirun calls that an
    /// abnormal termination ("exiting improperly"), ends the other ranks and exits 1; a nonzero status is reported
    /// as that status whether the rank finalized or not (docs/runtime-contract.md, "exit status").
    /// </summary>
    private void ExitedWithoutFinalize(int rank)
    {
        End(JobEnd.RankExitCode, rank, NotFinalizedExitCode, NotFinalizedMessage(rank), $"rank {rank} exited without MPI_Finalize");
    }

    /// <summary>mpirun's status for a job a rank of which exited 0 after MPI_Init without MPI_Finalize.</summary>
    internal const int NotFinalizedExitCode = 1;

    internal static string NotFinalizedMessage(int rank) =>
        $"cmpi-run: rank {rank} exited without calling MPI_Finalize after MPI_Init (mpirun: \"exiting improperly\", " +
        $"an abnormal termination); aborting the job with status {NotFinalizedExitCode}";

    private void Failed(int rank, Exception e, Assembly? program)
    {
        switch (e)
        {
            case MpiAbortException abort:
                MpiAborted(rank, abort.ErrorCode);
                break;
            case JobAbortedException when _job?.FirstMpiAbort is (int abortRank, int errorCode):
                // MPI_Abort aborts the job before its exception reaches us: report it, whichever rank sees it first
                MpiAborted(abortRank, errorCode);
                break;
            case JobAbortedException when _job?.TransportFailure is string failure:
                End(JobEnd.UnhandledException, rank, 1, $"cmpi-run: {failure}; aborting the job", failure);
                break;
            case JobAbortedException:
                // woken by an abort that another rank, the deadlock detector or the timeout caused
                break;
            case ExitException exit:
                // exit() outside CProgram.Run: the same as returning the code from main
                if (exit.Code != 0)
                    RankExited(rank, exit.Code);
                else if (RankContext.Current.EndedWithoutFinalize)
                    ExitedWithoutFinalize(rank);
                break;
            case InsufficientExecutionStackException:
                // the guard the translator puts in recursive functions (translator/recursion.py): natively a
                // segmentation fault, whose shell status is 128 + SIGSEGV
                End(JobEnd.UnhandledException, rank, StackOverflowExitCode,
                    $"cmpi-run: rank {rank} failed: stack overflow (a recursion deeper than the rank's " +
                    $"{RankStackSize >> 20} MiB stack; natively a segmentation fault)",
                    $"rank {rank} failed: stack overflow");
                break;
            default:
                End(JobEnd.UnhandledException, rank, FailureExitCode(e, program), DescribeFailure(rank, e, program),
                    $"rank {rank} failed: {e.GetType().Name}");
                break;
        }
    }

    private void MpiAborted(int rank, int errorCode)
    {
        End(JobEnd.MpiAbort, rank, errorCode,
            $"MPI_ABORT was invoked on rank {rank} in communicator MPI_COMM_WORLD with errorcode {errorCode}",
            $"MPI_Abort on rank {rank} with errorcode {errorCode}");
    }

    /// <summary>
    /// The job's exit status when a rank fails: an MPI error under MPI_ERRORS_ARE_FATAL ends an Open MPI job through
    /// MPI_Abort with the error class as its code, which mpirun returns (MPI_ERR_RANK: 6); a call outside
    /// MPI_Init..MPI_Finalize ends the process with 1 (Open MPI's "Local abort before MPI_INIT"), as a second MPI_Init
    /// (no error class: "Unknown error") and anything else do.
    /// </summary>
    internal static int FailureExitCode(Exception e, Assembly? program = null) => e switch
    {
        MpiException { ErrorClass: > 0 and < 256 } m and not MpiHandlerlessException => m.ErrorClass,
        DivideByZeroException => IntegerDivideByZeroExitCode,
        // INT_MIN / -1 and INT_MIN % -1: x86's idiv traps as for a zero divisor (SIGFPE, 128 + 8)
        OverflowException when IsDivisionOverflow(e, program) => IntegerDivideByZeroExitCode,
        // a NULL pointer dereference: natively SIGSEGV, whose shell status mpirun returns (128 + 11)
        NullReferenceException => SegmentationFaultExitCode,
        PointerException { IsNullDereference: true } => SegmentationFaultExitCode, // `*p`, `p[i]` of a NULL Ptr<T>
        _ => 1,
    };

    /// <summary>An integer division by zero: natively the CPU's trap, SIGFPE, whose shell status is 128 + 8.</summary>
    public const int IntegerDivideByZeroExitCode = 136;

    /// <summary>
    /// Whether an OverflowException is C's signed division overflow (<c>INT_MIN / -1</c>, <c>LLONG_MIN % -1</c>): .NET
    /// throws it from the division in the method that divides, which for C is the program's own code; translated code
    /// has no checked arithmetic, so an overflow thrown there is its division (or a negative array length, a VLA whose
    /// bound is negative: undefined in C too). An overflow thrown in the runtime (a checked size) is not C's trap.
    /// </summary>
    internal static bool IsDivisionOverflow(Exception e, Assembly? program) =>
        e is OverflowException && program is not null &&
        new StackTrace(e).GetFrame(0)?.GetMethod()?.Module.Assembly == program;

    internal static Exception Unwrap(Exception e)
    {
        while (e is TargetInvocationException { InnerException: { } inner })
            e = inner;
        return e;
    }

    /// <summary><c>cmpi-run: rank R failed: Type: message</c> and the first frames in the user's code.</summary>
    internal static string DescribeFailure(int rank, Exception e, Assembly? program)
    {
        var sb = new StringBuilder();
        if (e is MpiException mpiError)
            sb.Append(cMPI.FatalErrorText(mpiError));
        sb.Append("cmpi-run: rank ").Append(rank).Append(" failed: ")
          .Append(e.GetType().FullName).Append(": ").Append(e.Message);
        // a NULL pointer a C function passed on by reference (Ptr<T>.Target) faults where it is used, as a null reference
        if (e is NullReferenceException) sb.Append(" (in C: a NULL pointer dereference, natively SIGSEGV)");
        if (e is PointerException { IsNullDereference: true }) sb.Append(" (natively SIGSEGV)");
        if (e is DivideByZeroException) sb.Append(" (in C: an integer division by zero, natively SIGFPE)");
        if (IsDivisionOverflow(e, program))
            sb.Append(" (in C: a signed integer division overflow, INT_MIN / -1, natively SIGFPE)");
        sb.Append('\n');
        for (Exception? inner = e.InnerException; inner is not null; inner = inner.InnerException)
            sb.Append("  ---> ").Append(inner.GetType().FullName).Append(": ").Append(inner.Message).Append('\n');

        Exception deepest = e;
        while (deepest is TypeInitializationException { InnerException: { } ti })
            deepest = ti;
        StackFrame[] frames = new StackTrace(deepest, fNeedFileInfo: true).GetFrames();
        var user = frames.Where(f => program is not null && f.GetMethod()?.Module.Assembly == program).ToList();
        // the generated Main(args) => CProgram.Run(...) says nothing about the C program
        if (user.Count > 1)
            user.RemoveAll(f => f.GetMethod() is MethodBase m && m == program!.EntryPoint);
        user = user.Take(6).ToList();
        var shown = user.Count > 0 ? user : frames.Take(3).ToList();
        bool anyLine = false;
        foreach (StackFrame f in shown)
        {
            MethodBase? m = f.GetMethod();
            sb.Append("   at ");
            sb.Append(m?.DeclaringType is Type t ? t.FullName + "." : "").Append(m?.Name ?? "?");
            string? file = f.GetFileName();
            if (!string.IsNullOrEmpty(file) && f.GetFileLineNumber() > 0)
            {
                sb.Append(" in ").Append(file).Append(':').Append(f.GetFileLineNumber());
                anyLine = true;
            }
            sb.Append('\n');
        }
        if (anyLine)
        {
            // collectible contexts are compiled fully optimized at once: inlining moves frames and lines
            sb.Append("   (lines are approximate: the program runs optimized)\n");
        }
        return sb.ToString();
    }

    private static string? DeadlockReport(InProcJob job) =>
        job.Deadlock.IsCompletedSuccessfully ? job.Deadlock.Result : null;
}
