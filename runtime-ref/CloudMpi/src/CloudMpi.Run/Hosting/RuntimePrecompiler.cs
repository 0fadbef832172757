using System.Reflection;
using System.Runtime.CompilerServices;

namespace CloudMpi.Run.Hosting;

/// <summary>
/// Compiles the runtime's hot paths before the ranks need them, on a thread of its own that starts with the job.
/// The message paths of CloudMpi (matching, mailboxes, the checks every call makes) are marked AggressiveOptimization
/// so that they never run as tier-0 code (busy-polling ranks starve the tier-up thread); such methods have no
/// ReadyToRun code, so each was JIT-compiled by the first rank thread to call it, inside whatever the program was
/// timing then (a few milliseconds in all: a large part of a 10-50 ms timed section). Native MPI's library is
/// compiled before mpirun starts; this is the same for ours, and only the runtime's own non-generic methods are
/// compiled (the program and the runtime's generic methods at its instantiations: <see cref="PortPrecompiler"/>). The
/// ranks wait for these compiles before their main runs (<see cref="WaitUntilDone"/>). <c>cmpi-run --stats</c> shows the compiling left on the rank threads (<see cref="RankJitTally"/>).
/// </summary>
internal static class RuntimePrecompiler
{
    private static int s_started;
    private static readonly ManualResetEventSlim Done = new(initialState: false);

    /// <summary>Starts the compiles once per process (a background thread; the job does not wait for it).</summary>
    public static void Start()
    {
        if (Environment.GetEnvironmentVariable("CMPI_PRECOMPILE") == "0" || Interlocked.Exchange(ref s_started, 1) == 1)
            return;
        var thread = new Thread(() =>
        {
            try
            {
                CompileHotPaths(typeof(global::CloudMpi.cMPI).Assembly);
            }
            finally
            {
                Done.Set();
            }
        })
        {
            IsBackground = true,
            Name = "cmpi runtime precompile",
        };
        thread.Start();
    }

    /// <summary>
    /// Called by a rank before its program's main: the compiles started with the job are done (they mostly are by then:
    /// they ran while the program was read and loaded), so none is left to land in the program's first timed calls.
    /// Bounded, so that a slow machine only loses the benefit, never the job.
    /// </summary>
    public static void WaitUntilDone()
    {
        if (Volatile.Read(ref s_started) == 1)
            Done.Wait(TimeSpan.FromSeconds(5));
        if (Volatile.Read(ref s_formatting) == 1)
            Formatted.Wait(TimeSpan.FromSeconds(5));
    }

    private static int s_formatting;
    private static readonly ManualResetEventSlim Formatted = new(initialState: false);

    /// <summary>
    /// When the program's string literals hold a floating conversion (<see cref="FormatsFloatingPoint"/>), format
    /// sample numbers once on a thread of its own (<see cref="FormatAhead"/>), once per process; ranks wait for it before
    /// main (<see cref="WaitUntilDone"/>). A program that prints no floating value does not pay for it (16 ms of CPU a
    /// job, a tenth of a hello world's).
    /// </summary>
    public static void FormatAheadFor(byte[] image)
    {
        if (Environment.GetEnvironmentVariable("CMPI_PRECOMPILE") == "0" || !FormatsFloatingPoint(image) ||
            Interlocked.Exchange(ref s_formatting, 1) == 1)
            return;
        var thread = new Thread(() =>
        {
            try
            {
                FormatAhead();
            }
            finally
            {
                Formatted.Set();
            }
        })
        {
            IsBackground = true,
            Name = "cmpi format precompile",
        };
        thread.Start();
    }

    /// <summary>
    /// Whether a string literal of the program holds a printf floating conversion (%e, %.14f, %Lg, %a...): a look for
    /// it in UTF-16, as the image keeps its literals, over the image's bytes (reading the metadata properly compiled
    /// 8 generic methods of its own); a stray match in other bytes only formats ahead for nothing.
    /// </summary>
    internal static bool FormatsFloatingPoint(byte[] image)
    {
        for (int i = 0; i + 3 < image.Length; i++)
        {
            if (image[i] != '%' || image[i + 1] != 0)
                continue;
            int j = i + 2;
            while (j + 1 < image.Length && image[j + 1] == 0 && "-+ #0'I123456789.*$hlLqjzt".Contains((char)image[j]))
                j += 2;
            if (j + 1 < image.Length && image[j + 1] == 0 && "eEfFgGaA".Contains((char)image[j]))
                return true;
        }
        return false;
    }

    /// <summary>
    /// Formatted output's first use compiles what has no ReadyToRun code (<see cref="global::CloudMpi.Libc.CFormat.CompileAhead"/>):
    /// done here, so a program's first <c>printf("%e")</c> inside its timed loop costs what the later ones do.
    /// </summary>
    internal static void FormatAhead()
    {
        try
        {
            global::CloudMpi.Libc.CFormat.CompileAhead();
        }
        catch (Exception e) when (e is FormatException or InvalidOperationException or ArgumentException)
        {
            // a sample the formatter refuses only leaves its methods to compile at their first call, as without this
        }
    }

    /// <summary>The methods compiled; <paramref name="seen"/> collects the generic instantiations prepared (tests).</summary>
    internal static int CompileHotPaths(Assembly runtime, HashSet<MethodBase>? seen = null)
    {
        int compiled = 0;
        seen ??= [];
        var visited = new HashSet<MethodBase>();
        const BindingFlags all = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static |
                                 BindingFlags.Instance | BindingFlags.DeclaredOnly;
        foreach (Type type in runtime.GetTypes())
        {
            if (type.ContainsGenericParameters)
                continue; // compiled per instantiation, when one is called
            foreach (MethodBase m in type.GetMethods(all).Cast<MethodBase>().Concat(type.GetConstructors(all)))
            {
                if (m.IsAbstract || m.ContainsGenericParameters ||
                    (m.MethodImplementationFlags & MethodImplAttributes.AggressiveOptimization) == 0)
                    continue;
                try
                {
                    RuntimeHelpers.PrepareMethod(m.MethodHandle);
                    compiled++;
                }
                catch (Exception e) when (e is ArgumentException or NotSupportedException or InvalidOperationException or TypeLoadException)
                {
                    // a method the runtime will not compile ahead is compiled at its first call, as without this
                }
                compiled += CompileClosedGenericCallees(m, seen, visited, ClosedGenericDepth);
            }
        }
        return compiled;
    }

    private static bool OverRuntimeTypes(MethodBase m) =>
        (m.IsGenericMethod ? m.GetGenericArguments() : [])
        .Concat(m.DeclaringType is { IsConstructedGenericType: true } t ? t.GetGenericArguments() : [])
        .Any(a => PortPrecompiler.IsRuntime(a.Assembly));

    /// <summary>How deep the closed generic calls below a hot path are followed.</summary>
    private const int ClosedGenericDepth = 2;

    /// <summary>
    /// The closed generic methods a hot path calls (a wait's <c>SpinUntil&lt;Completed&gt;</c> and
    /// <c>SleepInTransport&lt;Completed&gt;</c>, <c>Nullable&lt;CollectiveStamp&gt;.Value</c>, <c>array.CopyTo(span)</c>
    /// over bytes), and theirs: they have no ReadyToRun code (an instantiation is compiled where it is used, and neither
    /// the runtime's image nor the framework's holds these), so each was compiled at its first call on a rank thread,
    /// the first sleep or collective inside a program's timed loop (0.3-1.5 ms each at load 12).
    /// </summary>
    private static int CompileClosedGenericCallees(MethodBase m, HashSet<MethodBase> seen, HashSet<MethodBase> visited, int depth)
    {
        if (depth == 0)
            return 0;
        int compiled = 0;
        foreach (MethodBase callee in PortPrecompiler.Callees(m))
        {
            if (callee.ContainsGenericParameters || callee.IsAbstract || !visited.Add(callee))
                continue;
            bool generic = callee.IsGenericMethod || (callee.DeclaringType?.IsConstructedGenericType ?? false);
            // the runtime's generic methods, and the framework's over the runtime's types (Nullable<CollectiveStamp>);
            // not the framework's over its own types (an interpolated error message's AppendFormatted<int>, Linq in a
            // cold path): those are in its image or rare, and compiling them cost every job 40 methods, 16-37 ms of CPU
            if (generic && (PortPrecompiler.IsRuntime(callee.Module.Assembly) || OverRuntimeTypes(callee)))
                compiled += PortPrecompiler.Prepare(callee, seen);
            // down through the runtime's own methods (Mailbox.WaitFor -> SpinUntil(Completion) -> SpinUntil<Completed>)
            if (PortPrecompiler.IsRuntime(callee.Module.Assembly))
                compiled += CompileClosedGenericCallees(callee, seen, visited, depth - 1);
        }
        return compiled;
    }
}
