using System.Diagnostics;

namespace CloudMpi.Libc;

/// <summary>&lt;time.h&gt;: time, clock, difftime.</summary>
public static class Ctime
{
    public const long CLOCKS_PER_SEC = 1000000;

    /// <summary>Seconds since the Unix epoch.</summary>
    public static long time() => DateTimeOffset.UtcNow.ToUnixTimeSeconds();

    /// <summary>time(tloc): also stores the result in tloc[0] when tloc is not null.</summary>
    public static long time(long[]? tloc)
    {
        long t = time();
        if (tloc is not null) tloc[0] = t;
        return t;
    }

    public static long time(ref long tloc) => tloc = time();

    /// <summary>time(p) with a pointer variable: stores through p unless it is NULL.</summary>
    public static long time(Ptr<long> tloc)
    {
        long t = time();
        if (!tloc.IsNull) tloc.Value = t;
        return t;
    }

    /// <summary>Processor time used by the process, in CLOCKS_PER_SEC units (shared by in-process ranks).</summary>
    public static long clock()
    {
        using var process = Process.GetCurrentProcess();
        return process.TotalProcessorTime.Ticks / (TimeSpan.TicksPerSecond / CLOCKS_PER_SEC);
    }

    public static double difftime(long end, long start) => end - start;
}
