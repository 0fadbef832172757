using System.Globalization;
using System.Runtime;

namespace CloudMpi.Run.Hosting;

/// <summary>
/// What the JIT compiled on the rank threads while the program ran (<c>cmpi-run --stats</c>, in-process ranks): the
/// methods the runtime or a rank's first call had to compile before it could go on, whose time lands in whatever the
/// program was timing then. Native code is compiled before mpirun starts; this is what is left of the difference
/// (the port itself, its generic instantiations of the runtime, runtime methods that have no ReadyToRun code).
/// Background tier-up compiles run on the runtime's own thread and are not counted here.
/// </summary>
public static class RankJitTally
{
    private static readonly object Gate = new();
    private static readonly List<(int Rank, long Methods, TimeSpan Time)> Ranks = [];

    /// <summary>A new job in this process (the launcher's API runs several): forget the last one's ranks.</summary>
    public static void Reset()
    {
        lock (Gate)
            Ranks.Clear();
    }

    /// <summary>The current thread's JIT counters, read before the rank's entry point runs.</summary>
    public static (long Methods, TimeSpan Time) Start() =>
        (JitInfo.GetCompiledMethodCount(currentThread: true), JitInfo.GetCompilationTime(currentThread: true));

    /// <summary>Called on the rank's thread when its entry point has returned (or thrown).</summary>
    public static void Stop(int rank, (long Methods, TimeSpan Time) start)
    {
        long methods = JitInfo.GetCompiledMethodCount(currentThread: true) - start.Methods;
        TimeSpan time = JitInfo.GetCompilationTime(currentThread: true) - start.Time;
        lock (Gate)
            Ranks.Add((rank, methods, time));
    }

    /// <summary>One line for --stats, or null when no rank ran on a thread of this process.</summary>
    public static string? Report()
    {
        lock (Gate)
        {
            if (Ranks.Count == 0)
                return null;
            var ci = CultureInfo.InvariantCulture;
            var perRank = Ranks.OrderBy(r => r.Rank)
                .Select(r => $"rank {r.Rank}: {r.Methods} methods, {r.Time.TotalMilliseconds.ToString("0.0", ci)} ms");
            return $"  JIT on the rank threads while the program ran: {string.Join("; ", perRank)}\n";
        }
    }
}
