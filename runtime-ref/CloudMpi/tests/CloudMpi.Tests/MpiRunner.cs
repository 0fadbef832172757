using System.Diagnostics;
using CloudMpi.Hosting;

namespace CloudMpi.Tests;

/// <summary>What happened to each rank of a test job.</summary>
public sealed class JobResult
{
    public required Exception?[] Errors { get; init; }
    public string? DeadlockReport { get; init; }
    public TimeSpan? DeadlockAfter { get; init; }
    public required InProcJob Job { get; init; }
}

/// <summary>Runs N ranks on threads through <see cref="InProcJob"/>, as cmpi-run does.</summary>
public static class MpiRunner
{
    /// <summary>Run <paramref name="body"/> on every rank (between Init and Finalize); rethrow the first real failure.</summary>
    public static void Run(int size, Action<int> body, double deadlockSeconds = 20, double timeoutSeconds = 60)
    {
        var result = RunRaw(size, body, deadlockSeconds, timeoutSeconds);
        if (result.DeadlockReport != null) throw new Xunit.Sdk.XunitException("unexpected deadlock:\n" + result.DeadlockReport);
        var first = result.Errors.FirstOrDefault(e => e != null && e is not JobAbortedException)
                    ?? result.Errors.FirstOrDefault(e => e != null);
        if (first != null) throw new AggregateException($"a rank failed: {first.Message}", first);
    }

    /// <summary>Run and report each rank's exception instead of throwing.</summary>
    public static JobResult RunRaw(int size, Action<int> body, double deadlockSeconds = 20, double timeoutSeconds = 60, bool init = true)
    {
        using var job = new InProcJob(size, TimeSpan.FromSeconds(deadlockSeconds));
        var errors = new Exception?[size];
        string? report = null;
        var started = Stopwatch.StartNew();
        TimeSpan? deadlockAfter = null;
        job.Deadlocked += r =>
        {
            deadlockAfter = started.Elapsed;
            report = r;
        };
        var threads = new Thread[size];
        for (int r = 0; r < size; r++)
        {
            int rank = r;
            threads[r] = new Thread(() =>
            {
                try
                {
                    using (job.EnterRank(rank))
                    {
                        if (init) cMPI.Init();
                        body(rank);
                        if (init) cMPI.Finalize();
                    }
                }
                catch (Exception ex)
                {
                    errors[rank] = ex;
                    if (ex is not JobAbortedException) job.Abort($"rank {rank} failed: {ex.Message}");
                }
                finally
                {
                    job.RankFinished(rank);
                }
            }, 16 * 1024 * 1024) { IsBackground = true, Name = $"rank {rank}" };
        }
        foreach (var t in threads) t.Start();
        var deadline = started.Elapsed + TimeSpan.FromSeconds(timeoutSeconds);
        foreach (var t in threads)
        {
            var left = deadline - started.Elapsed;
            if (left < TimeSpan.Zero || !t.Join(left))
            {
                job.Abort("test timeout");
                foreach (var u in threads) u.Join(TimeSpan.FromSeconds(5));
                throw new TimeoutException($"job of {size} ranks did not finish in {timeoutSeconds} s");
            }
        }
        return new JobResult { Errors = errors, DeadlockReport = report, DeadlockAfter = deadlockAfter, Job = job };
    }

    public static readonly int[] Sizes = [1, 2, 3, 4, 7];

    public static IEnumerable<object[]> SizeData => Sizes.Select(s => new object[] { s });
}
