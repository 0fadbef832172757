using System.Diagnostics;

namespace CloudMpi.Libc;

// The C library's names, so a port reads `timeval tv; tv.tv_sec` as the C did.
#pragma warning disable CS8981 // lower-case type names
/// <summary>struct timeval of &lt;sys/time.h&gt; (gettimeofday).</summary>
public struct timeval
{
    public long tv_sec;
    public long tv_usec;
}

/// <summary>struct timespec of &lt;time.h&gt; (clock_gettime).</summary>
public struct timespec
{
    public long tv_sec;
    public long tv_nsec;
}
#pragma warning restore CS8981

/// <summary>&lt;time.h&gt; and &lt;sys/time.h&gt;: time, clock, difftime, gettimeofday, clock_gettime.</summary>
public static partial class Ctime
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

    // Clock ids as glibc numbers them.
    public const int CLOCK_REALTIME = 0;
    public const int CLOCK_MONOTONIC = 1;
    public const int CLOCK_PROCESS_CPUTIME_ID = 2;
    public const int CLOCK_THREAD_CPUTIME_ID = 3;

    /// <summary>gettimeofday(&amp;tv, NULL): the wall-clock time in seconds and microseconds since the epoch.
    /// The time zone argument is obsolete in glibc and ignored.</summary>
    public static int gettimeofday(ref timeval tv, object? timezone)
    {
        long us = (DateTime.UtcNow - DateTime.UnixEpoch).Ticks / (TimeSpan.TicksPerMillisecond / 1000);
        tv.tv_sec = us / 1000000;
        tv.tv_usec = us % 1000000;
        return 0;
    }

    public static int gettimeofday(Ptr<timeval> tv, object? timezone) => gettimeofday(ref tv.Value, timezone);

    /// <summary>clock_gettime: REALTIME since the epoch; MONOTONIC from a steady clock; the CPU-time clocks
    /// from the process's processor time (shared by in-process ranks).</summary>
    public static int clock_gettime(int clock, ref timespec ts)
    {
        long ns = clock switch
        {
            CLOCK_REALTIME => (DateTime.UtcNow - DateTime.UnixEpoch).Ticks * 100,
            CLOCK_MONOTONIC => (long)(Stopwatch.GetTimestamp() * (1e9 / Stopwatch.Frequency)),
            CLOCK_PROCESS_CPUTIME_ID or CLOCK_THREAD_CPUTIME_ID => clock_ticks_ns(),
            _ => -1,
        };
        if (ns < 0) return -1;  // EINVAL in C
        ts.tv_sec = ns / 1000000000;
        ts.tv_nsec = ns % 1000000000;
        return 0;
    }

    public static int clock_gettime(int clock, Ptr<timespec> ts) => clock_gettime(clock, ref ts.Value);

    /// <summary>C11's timespec_get (the ENCCS MPI course times its loops so): TIME_UTC, the only base glibc
    /// knows, is clock_gettime's CLOCK_REALTIME; it returns the base, or 0 for any other.</summary>
    public static int timespec_get(ref timespec ts, int @base) =>
        @base == TIME_UTC && clock_gettime(CLOCK_REALTIME, ref ts) == 0 ? @base : 0;

    public static int timespec_get(Ptr<timespec> ts, int @base) => timespec_get(ref ts.Value, @base);

    /// <summary>timespec_get's base of &lt;time.h&gt; (glibc's value).</summary>
    public const int TIME_UTC = 1;

    private static long clock_ticks_ns()
    {
        using var process = Process.GetCurrentProcess();
        return process.TotalProcessorTime.Ticks * 100;
    }
}
