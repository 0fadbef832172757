using System.Globalization;
using CloudMpi.Libc;
using CloudMpi.Hosting;
using CloudMpi.Run.Processes;
using CloudMpi.Transports.Azure;

namespace CloudMpi.Run.Join;

/// <summary>
/// <c>cmpi-run --join JOB [--size N] [--rank R] App.cs|App.dll</c>: this process is one rank of job JOB, started by an
/// orchestrator or by hand, with no cmpi-run supervising the job. It finds its peers only through the job's storage
/// (the azure transport's queues, and its table for the rows of <see cref="JobRegistry"/>): it creates the job's
/// container and table (harmless when another rank did), claims its rank, creates its queue, says it is ready, waits
/// for every rank (at most <c>--join-timeout</c>), runs the program, and once every rank has finished leaves; the last
/// rank out deletes the job's queues, container and table. A <see cref="JobWatch"/> ends the job, naming the rank, when
/// a rank never arrives, arrives twice, has another size, is lost or fails; every rank then exits with the same
/// status (<see cref="JoinExitCodes"/>, or the failing rank's own).
/// </summary>
public static class JoinedRank
{
    public const double DefaultJoinTimeoutSeconds = 120;

    /// <summary>How long a program woken by an abort may take to stop before the process leaves without it.</summary>
    private static readonly TimeSpan AbortGrace = TimeSpan.FromSeconds(2);

    public static int Run(byte[] image, RunOptions options, TextWriter stderr, Func<string, string?>? getEnv = null)
    {
        getEnv ??= Environment.GetEnvironmentVariable;
        var wall = System.Diagnostics.Stopwatch.StartNew();
        string job = options.JoinJob!;
        string id = JobNames.StorageId(job);
        RankPlacement place;
        IReadOnlyDictionary<string, string> settings;
        try
        {
            place = RankSource.Resolve(options, getEnv);
            settings = AzureSettings.From(options, getEnv);
        }
        catch (UsageException e)
        {
            stderr.Write($"cmpi-run: {e.Message}\n");
            stderr.Flush();
            return CommandLine.UsageExitCode;
        }
        stderr.Write(place.Describe(job) + "\n");
        stderr.Flush();
        int rank = place.Rank, size = place.Size;

        List<StorageConnection> connections;
        try
        {
            connections = WorkerTransports.Connections(settings);
        }
        catch (UsageException e)
        {
            stderr.Write($"cmpi-run: {e.Message}\n");
            return CommandLine.UsageExitCode;
        }
        // The registry, output and clean-up: the job's table is on account 0 (StorageAccounts' rule).
        using var controlAccounts = StorageAccounts.Connect(connections);
        var control = controlAccounts.Home;
        var transport = new AzureTransport(StorageAccounts.Connect(connections), id, size, AzureOptions.From(settings));
        var registry = new JobRegistry(control, id, rank, size);
        try
        {
            transport.CreateJobResources();
            switch (registry.Register())
            {
                case Registration.Duplicate d:
                    transport.Dispose();
                    return Refused(registry, stderr, job, new JobAbort(JoinExitCodes.DuplicateRank,
                        $"rank {rank} was started twice: host {d.First.Host} pid {d.First.Pid} holds it, host {Environment.MachineName} " +
                        $"pid {Environment.ProcessId} came second (if no other process runs it, job {job} was run before: cmpi-run --cleanup {job})", rank));
                case Registration.WrongSize w:
                    transport.Dispose();
                    return Refused(registry, stderr, job, new JobAbort(JoinExitCodes.WrongSize,
                        $"rank {rank} was started with --size {size}, but rank {w.SetByRank} started job {job} with size {w.JobSize}", rank));
            }
        }
        catch (StorageException e)
        {
            stderr.Write($"cmpi-run: job {job}: rank {rank}: azure transport: {e.Message}\n");
            transport.Dispose();
            return 1;
        }

        var host = new ProcessRankHost();
        var ctx = host.Install(rank, size, transport);
        transport.OnFatal = (r, e) => host.TransportFailed(r, $"rank {r}: azure transport: {e.Message}");
        transport.OnRejected = (r, what) => stderr.Write($"cmpi-run: rank {r}: {what}\n");

        OutputCollector? outBlob = null, errBlob = null;
        Stream stdoutStream = Console.OpenStandardOutput(), stderrStream = Console.OpenStandardError();
        try
        {
            WorkerTransports.Start(transport, ctx);
            if (options.CollectOutput)
            {
                string container = JobNames.OutputContainer(job);
                control.Blobs.CreateContainer(container);
                stdoutStream = outBlob = new OutputCollector(stdoutStream, control, container, JobNames.OutputBlob(rank, stderr: false));
                stderrStream = errBlob = new OutputCollector(stderrStream, control, container, JobNames.OutputBlob(rank, stderr: true));
            }
            registry.SetState(JobRegistry.Ready);
        }
        catch (StorageException e)
        {
            stderr.Write($"cmpi-run: job {job}: rank {rank}: azure transport: {e.Message}\n");
            transport.Dispose();
            return 1;
        }

        var stdoutWriter = new StreamWriter(stdoutStream, Utf8b.Instance, 1 << 16) { NewLine = "\n" };
        var stderrWriter = new StreamWriter(stderrStream, Utf8b.Instance, 1 << 12) { NewLine = "\n" };
        TextWriter syncOut = TextWriter.Synchronized(stdoutWriter), syncErr = TextWriter.Synchronized(stderrWriter);
        using var flusher = new OutputFlusher(() => Flush(syncOut, syncErr)); // (not a Timer: OutputFlusher says why)
        void Say(string line)
        {
            Flush(syncOut, null);
            try { syncErr.Write(line + "\n"); syncErr.Flush(); } catch (Exception e) when (e is IOException or ObjectDisposedException) { }
        }

        var watch = new JobWatch(registry, job, options.JoinTimeoutSeconds, options.TimeoutSeconds, abort =>
        {
            host.Abort(abort.Message);
            Say(abort.Rank == rank && abort.Code != JoinExitCodes.RankNeverArrived
                ? $"cmpi-run: job {job}: {abort.Message}"
                : $"cmpi-run: job {job}: {abort.Message}; rank {rank} ends");
        })
        {
            Period = Seconds(getEnv("CMPI_JOIN_HEARTBEAT"), 1),
            LostAfter = Seconds(getEnv("CMPI_JOIN_LOST_AFTER"), 10),
        };
        watch.Start();
        WaitHandle.WaitAny([watch.Started.WaitHandle, watch.Aborted.WaitHandle]);

        int code;
        bool programStuck = false;
        if (watch.Aborted.IsSet)
        {
            code = watch.Abort!.Code;
        }
        else
        {
            watch.ProgramStarted();
            (code, programStuck) = RunProgram(image, options.ProgramArgs, rank, syncOut, syncErr, host, watch, job);
        }

        watch.Stop();
        Flush(syncOut, syncErr);
        flusher.Dispose();
        outBlob?.Dispose();
        errBlob?.Dispose();
        if ((outBlob?.Failure ?? errBlob?.Failure) is string failure)
            stderr.Write($"cmpi-run: job {job}: rank {rank}: could not collect all of its output: {failure}\n");
        transport.Dispose();
        try
        {
            if (registry.LeaveAndClaimCleanup())
            {
                AzureTransport.DeleteJobResources(controlAccounts, id);
                if (options.Verbose) stderr.Write($"cmpi-run: job {job}: rank {rank} was the last out and deleted the job's queues, container and table\n");
            }
        }
        catch (StorageException e)
        {
            stderr.Write($"cmpi-run: job {job}: rank {rank}: could not delete the job's storage ({id}*): {e.Message}; cmpi-run --cleanup {job} removes it\n");
        }
        if (options.Stats)
        {
            // No cmpi-run sees every rank of a joined job: each rank reports its own requests, after its clean-up.
            stderr.Write(JobStats.JoinedRankReport(options, job, rank, wall.Elapsed));
            StatsFiles.Write(options, RequestTally.ForProcess, job, rank, size, wall.Elapsed, stderr);
        }
        stderr.Flush();
        if (programStuck) Environment.Exit(Launcher.ProcessExitCode(code));
        return code;
    }

    /// <summary>Run the program on a big-stack thread; report its end to the job; wait until every rank has finished.</summary>
    private static (int Code, bool Stuck) RunProgram(byte[] image, IReadOnlyList<string> args, int rank, TextWriter stdout, TextWriter stderr,
                                                     ProcessRankHost host, JobWatch watch, string job)
    {
        PortLauncher.MarkLaunched();  // a port's App.dll: its Main runs the C program's main
        var done = new ManualResetEventSlim();
        (RankEnd end, int code, string message) outcome = (RankEnd.Aborted, 0, "");
        var main = new Thread(() =>
        {
            try
            {
                outcome = RankWorker.RunProgram(image, args, rank, stdout, stderr, host);
            }
            finally
            {
                done.Set();
            }
        }, Hosting.InProcRunner.RankStackSize)
        { IsBackground = true, Name = $"cmpi rank {rank}" };
        main.Start();
        WaitHandle.WaitAny([done.WaitHandle, watch.Aborted.WaitHandle]);
        if (!done.IsSet)
        {
            // the job ended elsewhere: MPI calls now throw; a rank in pure compute is left behind
            bool stopped = done.Wait(AbortGrace);
            return (watch.Abort!.Code, !stopped);
        }
        Flush(stdout, stderr);
        var (end, code, message) = outcome;
        if (message.Length > 0)
        {
            try { stderr.Write(message.EndsWith('\n') ? message : message + "\n"); stderr.Flush(); } catch (IOException) { }
        }
        JobAbort? failure = end switch
        {
            RankEnd.Returned when code != 0 => new JobAbort(code, $"rank {rank} exited with status {code}", rank),
            RankEnd.MpiAbort => new JobAbort(code, $"rank {rank} called MPI_Abort with error code {code}", rank),
            RankEnd.Failed => new JobAbort(code == 0 ? 1 : code, $"rank {rank} failed", rank),
            RankEnd.Aborted => watch.Abort ?? new JobAbort(1, $"rank {rank} was aborted", rank),
            _ => null,
        };
        if (failure is not null)
        {
            watch.Decide(failure);
            return (end == RankEnd.Aborted ? watch.Abort!.Code : failure.Code, false);
        }
        try
        {
            watch.ProgramFinished();
        }
        catch (StorageException e)
        {
            return (watch.Decide(new JobAbort(1, $"rank {rank} could not report its end: {e.Message}", rank)).Code, false);
        }
        // stay (the rank's queue open for late acknowledgements) until every rank has finished
        WaitHandle.WaitAny([watch.AllFinished.WaitHandle, watch.Aborted.WaitHandle]);
        return (watch.Aborted.IsSet ? watch.Abort!.Code : 0, false);
    }

    /// <summary>A rank refused at registration records why, so the ranks already waiting end with the same message.</summary>
    private static int Refused(JobRegistry registry, TextWriter stderr, string job, JobAbort abort)
    {
        try
        {
            registry.Abort(abort);
        }
        catch (StorageException)
        {
        }
        stderr.Write($"cmpi-run: job {job}: {abort.Message}\n");
        stderr.Flush();
        return abort.Code;
    }

    private static TimeSpan Seconds(string? value, double fallback) =>
        TimeSpan.FromSeconds(double.TryParse(value, NumberStyles.Float, CultureInfo.InvariantCulture, out double s) && s > 0 ? s : fallback);

    private static void Flush(TextWriter o, TextWriter? e)
    {
        try { o.Flush(); e?.Flush(); } catch (Exception ex) when (ex is IOException or ObjectDisposedException) { }
    }
}
