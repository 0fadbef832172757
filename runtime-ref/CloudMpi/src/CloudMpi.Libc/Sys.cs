using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace CloudMpi.Libc;

#pragma warning disable CS8981 // lower-case type names: the C library's
/// <summary>struct timezone of &lt;sys/time.h&gt;: gettimeofday's obsolete second argument (glibc leaves it
/// alone; a program that passes one reads zeros, as glibc's vDSO gives on Linux).</summary>
public struct timezone
{
    public int tz_minuteswest;
    public int tz_dsttime;
}

/// <summary>struct rusage of &lt;sys/resource.h&gt; (getrusage).</summary>
public struct rusage
{
    public timeval ru_utime;
    public timeval ru_stime;
    public long ru_maxrss, ru_ixrss, ru_idrss, ru_isrss, ru_minflt, ru_majflt, ru_nswap, ru_inblock, ru_oublock,
        ru_msgsnd, ru_msgrcv, ru_nsignals, ru_nvcsw, ru_nivcsw;
}

/// <summary>struct tms of &lt;sys/times.h&gt; (times): CPU times in clock ticks (sysconf(_SC_CLK_TCK), 100).</summary>
public struct tms
{
    public long tms_utime, tms_stime, tms_cutime, tms_cstime;
}

/// <summary>One field of struct utsname: glibc's 65 chars.</summary>
[InlineArray(65)]
public struct UtsnameField
{
    private sbyte _element0;
}

/// <summary>struct utsname of &lt;sys/utsname.h&gt; (uname).</summary>
public struct utsname
{
    public UtsnameField sysname, nodename, release, version, machine, domainname;
}
#pragma warning restore CS8981

/// <summary>&lt;unistd.h&gt;'s sysconf and getpagesize, &lt;sys/resource.h&gt;'s getrusage, &lt;sys/utsname.h&gt;'s
/// uname: what the machine says, read from .NET's view of it.</summary>
public static class Sys
{
    // glibc's values of the names sysconf answers (bits/confname.h)
    public const int _SC_CLK_TCK = 2, _SC_OPEN_MAX = 4, _SC_PAGESIZE = 30, _SC_NPROCESSORS_CONF = 83,
        _SC_NPROCESSORS_ONLN = 84, _SC_PHYS_PAGES = 85, _SC_LEVEL1_DCACHE_LINESIZE = 190;
    public const int RUSAGE_SELF = 0, RUSAGE_CHILDREN = -1, RUSAGE_THREAD = 1;

    /// <summary>sysconf(name): the page size, processor counts (the processors this process may run on, as
    /// glibc's _SC_NPROCESSORS_ONLN counts them), clock ticks, physical pages; -1 for a name it does not know
    /// (glibc's EINVAL).</summary>
    public static long sysconf(int name) => name switch
    {
        _SC_PAGESIZE => Environment.SystemPageSize,
        _SC_NPROCESSORS_ONLN or _SC_NPROCESSORS_CONF => Environment.ProcessorCount,
        _SC_CLK_TCK => 100,
        _SC_OPEN_MAX => 1024,
        _SC_PHYS_PAGES => GC.GetGCMemoryInfo().TotalAvailableMemoryBytes / Environment.SystemPageSize,
        _SC_LEVEL1_DCACHE_LINESIZE => 64,
        _ => -1,
    };

    public static int getpagesize() => Environment.SystemPageSize;

    /// <summary>getrusage(who, usage): user and system CPU time and the peak resident set (KiB) of the
    /// process (in-process ranks share one process, as threads do in C).</summary>
    public static int getrusage(int who, ref rusage usage)
    {
        usage = default;
        using var self = Process.GetCurrentProcess();
        usage.ru_utime = ToTimeval(self.UserProcessorTime);
        usage.ru_stime = ToTimeval(self.PrivilegedProcessorTime);
        usage.ru_maxrss = self.PeakWorkingSet64 / 1024;
        return 0;
    }

    public static int getrusage(int who, Ptr<rusage> usage) => getrusage(who, ref usage.Value);

    /// <summary>times(buf): the process's user and system CPU time in clock ticks (100 a second; in-process ranks
    /// share one process, as threads do in C; no child is waited for), and a steady count of ticks of elapsed time
    /// as the result, which only differences of mean anything (Linux counts from the boot).</summary>
    public static long times(ref tms buf)
    {
        using var self = Process.GetCurrentProcess();
        buf = new tms { tms_utime = Ticks(self.UserProcessorTime), tms_stime = Ticks(self.PrivilegedProcessorTime) };
        return times();
    }

    public static long times(Ptr<tms> buf) => buf.IsNull ? times() : times(ref buf.Value);

    private static long times() => Environment.TickCount64 / 10;

    private static long Ticks(TimeSpan t) => t.Ticks / (TimeSpan.TicksPerSecond / 100);

    private static timeval ToTimeval(TimeSpan t)
    {
        long us = t.Ticks / 10;
        return new timeval { tv_sec = us / 1000000, tv_usec = us % 1000000 };
    }

    /// <summary>uname(buf): the kernel's name, release and version, the machine's host name and
    /// architecture (x86_64, as uname -m prints it).</summary>
    public static int uname(ref utsname buf)
    {
        buf = default;
        Fill(buf.sysname, OperatingSystem.IsLinux() ? "Linux" : RuntimeInformation.OSDescription.Split(' ')[0]);
        Fill(buf.nodename, Environment.MachineName);
        string release = ReadProc("/proc/sys/kernel/osrelease") ?? Environment.OSVersion.Version.ToString();
        Fill(buf.release, release);
        Fill(buf.version, ReadProc("/proc/sys/kernel/version") ?? "");
        Fill(buf.machine, MachineArchitecture);
        Fill(buf.domainname, ReadProc("/proc/sys/kernel/domainname") ?? "(none)");
        return 0;
    }

    public static int uname(Ptr<utsname> buf) => uname(ref buf.Value);

    /// <summary>The machine's architecture as `uname -m` prints it (x86_64): uname's machine, MPI_INFO_ENV's arch.</summary>
    public static string MachineArchitecture => RuntimeInformation.OSArchitecture switch
    {
        Architecture.X64 => "x86_64",
        Architecture.Arm64 => "aarch64",
        Architecture.X86 => "i686",
        var a => a.ToString().ToLowerInvariant(),
    };

    private static string? ReadProc(string path)
    {
        try { return File.Exists(path) ? File.ReadAllText(path).TrimEnd('\n') : null; }
        catch (IOException) { return null; }
        catch (UnauthorizedAccessException) { return null; }
    }

    private static void Fill(Span<sbyte> field, string text)
    {
        byte[] bytes = System.Text.Encoding.UTF8.GetBytes(text);
        int n = Math.Min(bytes.Length, field.Length - 1);
        for (int i = 0; i < n; i++) field[i] = unchecked((sbyte)bytes[i]);
        field[n] = 0;
    }
}
