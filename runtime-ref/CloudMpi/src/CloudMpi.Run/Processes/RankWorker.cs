using System.Net;
using System.Net.Sockets;
using System.Reflection;
using System.Text;
using CloudMpi.Core;
using CloudMpi.Hosting;
using CloudMpi.Libc;
using CloudMpi.Run.Hosting;
using CloudMpi.Transports;
using CloudMpi.Transports.Tcp;

namespace CloudMpi.Run.Processes;

/// <summary>
/// <c>cmpi-run --worker PARENT RANK BIND TRANSPORT JOBID</c>: one rank of a process-per-rank job. It says hello to the
/// supervising cmpi-run, receives the job (peers, program image, args), runs the program's Main on a big-stack
/// thread, answers status requests (for the parent's deadlock detection), reports how the program ended, and
/// exits when the parent says every rank has finished (or aborts). Program output goes to this process's
/// stdout/stderr, which the parent merges line by line. The job's secret comes from <c>CMPI_JOB_SECRET</c> (removed
/// from the environment before the program runs) or, when that is not set, the first line of stdin (ranks started
/// through ssh); every connection, to the parent and between ranks, is authenticated with it.
/// </summary>
public static class RankWorker
{
    public const string Flag = "--worker";

    /// <summary>How long an aborted program may keep computing after the parent said exit.</summary>
    private static readonly TimeSpan AbortGrace = TimeSpan.FromSeconds(2);

    public static int Run(IReadOnlyList<string> args)
    {
        if (args.Count != 6 || args[0] != Flag)
        {
            Console.Error.WriteLine("usage: cmpi-run --worker PARENT_HOST:PORT RANK BIND_ADDRESS TRANSPORT JOB_ID (started by cmpi-run, " +
                                    $"with the job's secret in {JobSecret.EnvironmentVariable} or on stdin)");
            return 2;
        }
        var parent = IPEndPoint.Parse(args[1]);
        int rank = int.Parse(args[2], System.Globalization.CultureInfo.InvariantCulture);
        var bind = IPAddress.Parse(args[3]);
        string jobId = args[5];
        JobSecret secret;
        try
        {
            secret = JobSecret.TakeFromEnvironment() ?? JobSecret.ReadLine(Console.OpenStandardInput());
        }
        catch (FormatException e)
        {
            Console.Error.WriteLine($"cmpi-run: rank {rank}: {e.Message}");
            return 2;
        }

        Hosting.RuntimePrecompiler.Start(); // while the job is set up: the program comes over the control channel
        ControlChannel control;
        try
        {
            control = ControlChannel.ConnectToParent(parent, secret, jobId, rank, ControlChannel.HandshakeDeadline);
        }
        catch (HandshakeException e)
        {
            Console.Error.WriteLine($"cmpi-run: rank {rank}: cmpi-run at {parent} did not authenticate: {e.Message}");
            return 1;
        }
        using var controlScope = control;

        // The TCP listener exists before hello so that its port can be announced.
        Socket? dataListener = null;
        if (args[4] == "tcp") dataListener = TcpTransport.Listen(bind);
        int dataPort = dataListener is null ? 0 : ((IPEndPoint)dataListener.LocalEndPoint!).Port;
        control.Send(ControlType.Hello, w =>
        {
            w.Write(rank);
            w.Write(Environment.ProcessId);
            w.Write(dataPort);
        });

        var welcome = control.Receive() ?? throw new EndOfStreamException("cmpi-run closed the connection before sending the job");
        if (welcome.Type != ControlType.Welcome) throw new InvalidDataException($"expected the job description, got {welcome.Type}");
        JobDescription job = JobDescription.Read(welcome.Payload);
        if (job.JobId != jobId) throw new InvalidDataException($"the job description is for job {job.JobId}, this rank belongs to {jobId}");

        var host = new ProcessRankHost();
        ITransport transport = CreateTransport(job, rank, dataListener, host, secret);
        RankContext ctx = host.Install(rank, job.Size, transport);
        StartTransport(transport, job, ctx);

        // Utf8b, not UTF-8: a C string's bytes that are no UTF-8 reach the parent as the C program wrote them.
        using var stdout = new StreamWriter(Console.OpenStandardOutput(), Utf8b.Instance, 1 << 16) { NewLine = "\n" };
        using var stderr = new StreamWriter(Console.OpenStandardError(), Utf8b.Instance, 1 << 12) { NewLine = "\n" };
        TextWriter syncOut = TextWriter.Synchronized(stdout);
        TextWriter syncErr = TextWriter.Synchronized(stderr);

        var exitRequested = new ManualResetEventSlim();
        var controlThread = new Thread(() => ServeParent(control, host, exitRequested))
        {
            IsBackground = true,
            Name = "cmpi worker control",
        };
        controlThread.Start();

        // Output reaches the parent promptly without a flush per printf (a thread of its own, not a thread-pool timer).
        using var flusher = new OutputFlusher(() => Flush(syncOut, syncErr));

        var programDone = new ManualResetEventSlim();
        (RankEnd end, int code, string message) outcome = (RankEnd.Aborted, 0, "");
        var main = new Thread(() =>
        {
            try
            {
                // One process per rank, all on this host unless a hostfile spreads them: bind as inproc does. Not on
                // tcp, whose waiting rank reads its own sockets between yields (docs/transports.md, "Who reads a
                // connection"): bound, a loaded machine kept it off its core while the other was free (1-8 B
                // ping-pong 3.4-6.6x slower than unbound at load 38), and unbound it was as fast on idle cores.
                if (job.Transport != "tcp") CoreBinding.BindCurrentThread(rank, job.Size);
                // mpirun gives its stdin to rank 0 and an empty one to the others: a local rank process inherits
                // cmpi-run's stdin, a remote one gets it forwarded after the secret's line (ProcessJobRunner).
                outcome = RunProgram(job.Image, job.ProgramArgs, rank, syncOut, syncErr, host,
                                     rank == 0 ? Console.OpenStandardInput() : null);
            }
            finally
            {
                programDone.Set();
            }
        }, InProcRunner.RankStackSize)
        { IsBackground = true, Name = $"cmpi rank {rank}" };
        main.Start();

        WaitHandle.WaitAny([programDone.WaitHandle, exitRequested.WaitHandle]);
        if (programDone.IsSet)
        {
            Flush(syncOut, syncErr);
            control.TrySend(ControlType.Finished, w =>
            {
                w.Write((byte)outcome.end);
                w.Write(outcome.code);
                w.Write(outcome.message);
            });
            exitRequested.Wait();
        }
        else
        {
            programDone.Wait(AbortGrace);
        }
        Flush(syncOut, syncErr);
        flusher.Dispose();
        transport.Dispose();
        Flush(syncOut, syncErr);
        // The receive loop has stopped: every request this rank made is counted. cmpi-run adds them up (--stats).
        if (job.Transport == "azure")
            control.TrySend(ControlType.StorageRequests, Transports.Azure.RequestTally.ForProcess.Write);
        // A program stuck in compute after an abort cannot be stopped from inside: leave without it.
        if (!programDone.IsSet) Environment.Exit(1);
        return 0;
    }

    private static void Flush(TextWriter o, TextWriter e)
    {
        try { o.Flush(); e.Flush(); } catch (Exception ex) when (ex is IOException or ObjectDisposedException) { }
    }

    private static ITransport CreateTransport(JobDescription job, int rank, Socket? dataListener, ProcessRankHost host, JobSecret secret)
    {
        switch (job.Transport)
        {
            case "tcp":
                var tcp = new TcpTransport(rank, job.Size, dataListener ?? throw new InvalidOperationException("no TCP listener"), secret, job.JobId);
                tcp.OnReceiveError = e => host.TransportFailed(rank, $"rank {rank}: bad message on a TCP connection: {e.Message}");
                // A stranger on the rank's port is dropped and reported (once per address and reason); the job goes on.
                var rejections = new RejectionReporter($"cmpi-run: rank {rank}: ", line => Console.Error.WriteLine(line));
                tcp.OnRejected = rejections.Report;
                return tcp;
            default:
                return WorkerTransports.Create(job, rank, host);
        }
    }

    private static void StartTransport(ITransport transport, JobDescription job, RankContext ctx)
    {
        if (transport is TcpTransport tcp)
        {
            var peers = job.Endpoints.Select(e => new IPEndPoint(IPAddress.Parse(e.Host), e.Port)).ToArray();
            // More ranks on this host than cores keep the default wait (500 us of yields, then the sleep on the
            // rank's connections): sleeping at once measured slower on a quiet host (bench/README.md, round 8).
            tcp.Start(ctx.Mailbox, peers);
        }
        else
        {
            WorkerTransports.Start(transport, ctx);
        }
    }

    private static void ServeParent(ControlChannel control, ProcessRankHost host, ManualResetEventSlim exitRequested)
    {
        try
        {
            while (control.Receive() is var (type, payload))
            {
                switch (type)
                {
                    case ControlType.StatusRequest:
                        control.Send(ControlType.Status, w =>
                        {
                            w.Write(host.IsBlocked);
                            w.Write(host.Progress);
                            w.Write(host.DescribeWait());
                            var collective = host.WaitingCollective();
                            w.Write(collective is not null);
                            collective?.Write(w);
                        });
                        break;
                    case ControlType.Abort:
                        host.Abort(payload.ReadString());
                        break;
                    case ControlType.Exit:
                        exitRequested.Set();
                        return;
                }
            }
        }
        catch (Exception e) when (e is IOException or SocketException or ObjectDisposedException or InvalidDataException)
        {
        }
        // The parent is gone: nobody supervises this rank any more.
        host.Abort("cmpi-run ended the job");
        exitRequested.Set();
    }

    /// <summary>A program that ended with <paramref name="code"/>: status 0 after MPI_Init without MPI_Finalize is a failure
    /// of the job, as mpirun has it (InProcRunner.ExitedWithoutFinalize).</summary>
    private static (RankEnd, int, string) Returned(int code, int rank) =>
        code == 0 && RankContext.Current.EndedWithoutFinalize
            ? (RankEnd.Failed, InProcRunner.NotFinalizedExitCode, InProcRunner.NotFinalizedMessage(rank))
            : (RankEnd.Returned, code, "");

    /// <summary>Load and run the program's Main, mapping its end to what the parent reports (as the in-process runner does).</summary>
    internal static (RankEnd, int, string) RunProgram(byte[] image, IReadOnlyList<string> programArgs, int rank, TextWriter stdout, TextWriter stderr, ProcessRankHost host,
                                                      Stream? stdin = null)
    {
        Assembly? program = null;
        try
        {
            var alc = new RankLoadContext($"rank {rank}");
            program = alc.LoadProgram(image);
            MethodInfo entry = program.EntryPoint
                ?? throw new InvalidOperationException("the program has no entry point (static Main)");
            if (Hosting.PortPrecompiler.Enabled)
                Hosting.PortPrecompiler.Compile(program);
            Hosting.RuntimePrecompiler.WaitUntilDone();
            LibcState.Current = new LibcState(stdout, stderr, stdin)
            {
                LaunchEnvironment = LibcState.OpenMpiLaunchVariables(rank, host.Rank.WorldSize),
            };
            object?[]? args = entry.GetParameters().Length == 0 ? null : [programArgs.ToArray()];
            object? ret = entry.Invoke(null, BindingFlags.DoNotWrapExceptions, binder: null, args, culture: null);
            return Returned(ret is int i ? i : 0, rank);
        }
        catch (Exception e)
        {
            e = InProcRunner.Unwrap(e);
            return e switch
            {
                MpiAbortException abort => (RankEnd.MpiAbort, abort.ErrorCode, ""),
                JobAbortedException when host.TransportFailure is string failure => (RankEnd.Failed, 1, $"cmpi-run: {failure}; aborting the job"),
                JobAbortedException => (RankEnd.Aborted, 0, ""),
                ExitException exit => Returned(exit.Code, rank),
                _ => (RankEnd.Failed, InProcRunner.FailureExitCode(e, program), InProcRunner.DescribeFailure(rank, e, program)),
            };
        }
        finally
        {
            try { LibcState.Current.Flush(); } catch (Exception e) when (e is IOException or ObjectDisposedException) { }
        }
    }
}
