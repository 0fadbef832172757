using System.Net;
using CloudMpi.Hosting;
using CloudMpi.Transports;
using CloudMpi.Transports.Tcp;

namespace CloudMpi.Tests.Transports;

/// <summary>
/// A job of rank threads in this process whose messages go over real tcp connections on loopback, one
/// <see cref="TcpTransport"/> per rank, as in a `cmpi-run --transport tcp` job: what the tcp tests run their
/// ranks on, and then look into (<see cref="Transports"/>: frames read, frames sent directly). A waiting rank's longest
/// sleep on its connections is 10 s here (<see cref="TcpTransport.LongestSleep"/>; 100 ms in a job), so that a wake-up
/// that only the timeout gave would make a test take seconds instead of passing unseen.
/// </summary>
internal sealed class TcpJob(TimeSpan? longestSleep = null, bool looksFirst = true, TimeSpan? restPatience = null)
{
    private volatile TcpTransport[] transports = [];
    private volatile IMessageSink[] sinks = [];

    /// <summary>The ranks' mailboxes of the last <see cref="Run"/>, index = rank.</summary>
    public Core.Mailbox Mailbox(int rank) => (Core.Mailbox)sinks[rank];

    /// <summary>The ranks' transports of the last <see cref="Run"/>, index = rank.</summary>
    public TcpTransport[] Transports => transports;

    private IReadOnlyList<ITransport> CreateTransports(IMessageSink[] mailboxes)
    {
        int n = mailboxes.Length;
        sinks = mailboxes;
        var secret = JobSecret.New();
        var ts = Enumerable.Range(0, n)
            .Select(r => new TcpTransport(r, n, TcpTransport.Listen(IPAddress.Loopback), secret, "cmpi-tcp-test")
            {
                LongestSleep = longestSleep ?? TimeSpan.FromSeconds(10),
                LooksFirst = looksFirst,
                RestPatience = restPatience ?? TcpInbound.DefaultRestPatience,
            })
            .ToArray();
        var endpoints = ts.Select(t => t.LocalEndPoint).ToArray();
        for (int r = 0; r < n; r++) ts[r].Start(mailboxes[r], endpoints);
        transports = ts;
        return ts;
    }

    /// <summary>Run <paramref name="body"/> on <paramref name="ranks"/> ranks (threads) between Init and Finalize;
    /// rethrow a rank's failure.</summary>
    public void Run(int ranks, Action<int> body)
    {
        using var job = new InProcJob(ranks, TimeSpan.FromSeconds(60), CreateTransports);
        var errors = new Exception?[ranks];
        var threads = Enumerable.Range(0, ranks).Select(rank => new Thread(() =>
        {
            try
            {
                using (job.EnterRank(rank))
                {
                    cMPI.Init();
                    body(rank);
                    cMPI.Finalize();
                }
            }
            catch (Exception e)
            {
                errors[rank] = e;
                if (e is not JobAbortedException) job.Abort($"rank {rank} failed: {e.Message}");
            }
            finally
            {
                job.RankFinished(rank);
            }
        }, 16 << 20) { IsBackground = true }).ToArray();
        foreach (var t in threads) t.Start();
        foreach (var t in threads)
        {
            if (t.Join(TimeSpan.FromSeconds(60))) continue;
            // What the ranks that did end failed with: a rank stuck in a socket call does not see the job's abort.
            var failures = errors.Select((e, r) => e == null ? null : $"rank {r}: {e}").Where(f => f != null);
            Assert.Fail($"the job did not finish in 60 s; {string.Join("; ", failures.DefaultIfEmpty("no rank failed"))}");
        }
        var first = errors.FirstOrDefault(e => e != null && e is not JobAbortedException) ?? errors.FirstOrDefault(e => e != null);
        if (first != null) throw new AggregateException($"a rank failed: {first.Message}", first);
    }
}
