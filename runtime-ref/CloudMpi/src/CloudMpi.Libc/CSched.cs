using System.Runtime.CompilerServices;

namespace CloudMpi.Libc;

#pragma warning disable CS8981 // lower-case type names: the C library's own
/// <summary>The 16 words of a cpu_set_t: glibc's CPU_SETSIZE, 1024 CPUs.</summary>
[InlineArray(16)]
public struct CpuSetWords
{
    private ulong _element0;
}

/// <summary>&lt;sched.h&gt;'s cpu_set_t: a bit for each of 1024 CPUs, as glibc's (a value: copies copy the bits).</summary>
public struct cpu_set_t
{
    internal CpuSetWords Bits;
}
#pragma warning restore CS8981

/// <summary>
/// CPU affinity (&lt;sched.h&gt; under _GNU_SOURCE): the CPU_* set macros, which cmpi's sched.h declares as
/// functions, and the affinity calls. A port's ranks are threads of one .NET process (or one rank a process over
/// tcp), placed by .NET's scheduler: pinning a thread to a CPU is accepted and not done (0, as when it succeeds),
/// and the affinity read back is every CPU the process may use (Environment.ProcessorCount of them).
/// </summary>
public static class CSched
{
    private const int SetSize = 1024;

    public static void CPU_ZERO(ref cpu_set_t set) => set = default;
    public static void CPU_ZERO(Ptr<cpu_set_t> set) => CPU_ZERO(ref set.Value);

    public static void CPU_SET(int cpu, ref cpu_set_t set)
    {
        if ((uint)cpu < SetSize) set.Bits[cpu / 64] |= 1UL << (cpu % 64);
    }
    public static void CPU_SET(int cpu, Ptr<cpu_set_t> set) => CPU_SET(cpu, ref set.Value);

    public static void CPU_CLR(int cpu, ref cpu_set_t set)
    {
        if ((uint)cpu < SetSize) set.Bits[cpu / 64] &= ~(1UL << (cpu % 64));
    }
    public static void CPU_CLR(int cpu, Ptr<cpu_set_t> set) => CPU_CLR(cpu, ref set.Value);

    public static int CPU_ISSET(int cpu, ref cpu_set_t set) =>
        (uint)cpu < SetSize && (set.Bits[cpu / 64] & (1UL << (cpu % 64))) != 0 ? 1 : 0;
    public static int CPU_ISSET(int cpu, Ptr<cpu_set_t> set) => CPU_ISSET(cpu, ref set.Value);

    public static int CPU_COUNT(ref cpu_set_t set)
    {
        int n = 0;
        for (int i = 0; i < SetSize / 64; i++) n += System.Numerics.BitOperations.PopCount(set.Bits[i]);
        return n;
    }
    public static int CPU_COUNT(Ptr<cpu_set_t> set) => CPU_COUNT(ref set.Value);

    /// <summary>sched_yield: the calling thread (rank) gives up the processor, as a busy-waiting loop asks.</summary>
    public static int sched_yield()
    {
        Thread.Yield();
        return 0;
    }

    /// <summary>sched_getaffinity: every CPU the process may use, as many as fit in <paramref name="size"/> bytes.</summary>
    public static int sched_getaffinity(int pid, ulong size, ref cpu_set_t set)
    {
        set = default;
        int cpus = (int)Math.Min((ulong)Environment.ProcessorCount, Math.Min(size * 8, SetSize));
        for (int cpu = 0; cpu < cpus; cpu++) CPU_SET(cpu, ref set);
        return 0;
    }
    public static int sched_getaffinity(int pid, ulong size, Ptr<cpu_set_t> set) => sched_getaffinity(pid, size, ref set.Value);

    /// <summary>sched_setaffinity: accepted, not done (the class comment).</summary>
    public static int sched_setaffinity(int pid, ulong size, ref cpu_set_t set) => 0;
    public static int sched_setaffinity(int pid, ulong size, Ptr<cpu_set_t> set) => 0;

    /// <summary>pthread_setaffinity_np: accepted, not done (the class comment).</summary>
    public static int pthread_setaffinity_np(ulong thread, ulong size, ref cpu_set_t set) => 0;
    public static int pthread_setaffinity_np(ulong thread, ulong size, Ptr<cpu_set_t> set) => 0;

    public static int pthread_getaffinity_np(ulong thread, ulong size, ref cpu_set_t set) => sched_getaffinity(0, size, ref set);
    public static int pthread_getaffinity_np(ulong thread, ulong size, Ptr<cpu_set_t> set) => sched_getaffinity(0, size, ref set.Value);
}
