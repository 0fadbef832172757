using System.Runtime.InteropServices;

namespace CloudMpi.Run.Hosting;

/// <summary>
/// Binds a rank's thread to one core, as Open MPI binds each rank to a core by default when the ranks fit.
/// Ranks that wait by busy-polling (Core/WaitPolicy.cs) must not share a core: the scheduler would let one
/// poll for its whole time slice while the rank it waits for cannot run. Only when ranks &lt;= usable cores,
/// only on Linux; <c>CMPI_BIND=none</c> turns it off. Failing to bind is harmless (the rank just floats).
/// </summary>
internal static class CoreBinding
{
    [DllImport("libc", SetLastError = true)]
    private static extern int sched_setaffinity(int pid, nint cpusetsize, ulong[] mask);

    [DllImport("libc", SetLastError = true)]
    private static extern int sched_getaffinity(int pid, nint cpusetsize, ulong[] mask);

    private const int MaskWords = 16; // 1024 CPUs, glibc's cpu_set_t

    /// <summary>Whether binding is wanted at all (Linux, not turned off).</summary>
    public static bool Enabled =>
        OperatingSystem.IsLinux() && !string.Equals(Environment.GetEnvironmentVariable("CMPI_BIND"), "none", StringComparison.OrdinalIgnoreCase);

    /// <summary>The CPUs this process may run on, in order (empty when unknown).</summary>
    public static int[] UsableCpus()
    {
        if (!Enabled) return [];
        var mask = new ulong[MaskWords];
        try
        {
            if (sched_getaffinity(0, MaskWords * sizeof(ulong), mask) != 0) return [];
        }
        catch (Exception e) when (e is DllNotFoundException or EntryPointNotFoundException)
        {
            return [];
        }
        var cpus = new List<int>();
        for (int i = 0; i < MaskWords * 64; i++)
            if ((mask[i / 64] & (1UL << (i % 64))) != 0) cpus.Add(i);
        return [.. cpus];
    }

    /// <summary>
    /// Bind the calling thread to the <paramref name="slot"/>-th usable CPU when <paramref name="ranksHere"/> ranks
    /// fit the usable CPUs; returns whether it did.
    /// </summary>
    public static bool BindCurrentThread(int slot, int ranksHere)
    {
        int[] cpus = UsableCpus();
        if (cpus.Length < 2 || ranksHere > cpus.Length || slot < 0 || slot >= cpus.Length) return false;
        var mask = new ulong[MaskWords];
        int cpu = cpus[slot];
        mask[cpu / 64] = 1UL << (cpu % 64);
        try
        {
            // pid 0 = the calling thread (Linux affinity is per thread).
            return sched_setaffinity(0, MaskWords * sizeof(ulong), mask) == 0;
        }
        catch (Exception e) when (e is DllNotFoundException or EntryPointNotFoundException)
        {
            return false;
        }
    }
}
