using System.Diagnostics;

namespace CloudMpi.Libc;

/// <summary>omp_lock_t: OpenMP's simple lock, owned by the thread that set it (not re-entrant).</summary>
public sealed class omp_lock_t
{
    internal readonly SemaphoreSlim Gate = new(1, 1);
    internal volatile int Owner; // the managed id of the thread holding it, 0 when free
}

/// <summary>omp_nest_lock_t: OpenMP's nestable lock, set again by its owner as many times as it unsets it.</summary>
public sealed class omp_nest_lock_t
{
    internal readonly SemaphoreSlim Gate = new(1, 1);
    internal volatile int Owner;
    internal int Depth;
}

/// <summary>
/// The OpenMP runtime calls of a hybrid MPI+OpenMP program. The translator ignores `#pragma omp` (it warns), so
/// every parallel region runs on the rank's own thread: these answer as thread 0 of a team of one, which is what
/// the native program sees with OMP_NUM_THREADS=1. A correct OpenMP program computes the same either way.
/// </summary>
public static class OpenMp
{
    public static int omp_get_thread_num() => 0;

    public static int omp_get_num_threads() => 1;

    public static int omp_get_max_threads() => 1;

    public static int omp_get_num_procs() => Environment.ProcessorCount;

    public static int omp_in_parallel() => 0;

    /// <summary>Accepted and ignored: the team stays one thread.</summary>
    public static void omp_set_num_threads(int numThreads) { }

    public static void omp_set_dynamic(int dynamicThreads) { }

    public static int omp_get_dynamic() => 0;

    /// <summary>Wall-clock seconds from an arbitrary origin (only differences mean anything, as in OpenMP).</summary>
    public static double omp_get_wtime() => Stopwatch.GetTimestamp() / (double)Stopwatch.Frequency;

    public static double omp_get_wtick() => 1.0 / Stopwatch.Frequency;

    // ------------------------------------------------------------------ locks (OpenMP 5.2, 3.9)
    // `omp_lock_t l` is a field of the class above, null until omp_init_lock; `&l` passes as `ref l`. Regions run
    // on the rank's thread, so a lock is set and unset by one thread, as natively with OMP_NUM_THREADS=1; threads
    // the program starts itself (pthread_create) wait for each other as OpenMP's would. Setting a simple lock its
    // own thread holds never returns natively (a deadlock): here it fails the rank, saying so.

    public static void omp_init_lock(ref omp_lock_t? lockVar) => lockVar = new omp_lock_t();

    public static void omp_destroy_lock(ref omp_lock_t? lockVar) => lockVar = null;

    public static void omp_set_lock(ref omp_lock_t? lockVar)
    {
        var l = Of(ref lockVar);
        int me = Environment.CurrentManagedThreadId;
        if (l.Owner == me)
            throw new InvalidOperationException("omp_set_lock: the lock is already set by this thread, which natively " +
                                                "waits for it forever (a simple lock is not nestable: omp_nest_lock_t is)");
        l.Gate.Wait();
        l.Owner = me;
    }

    public static void omp_unset_lock(ref omp_lock_t? lockVar)
    {
        var l = Of(ref lockVar);
        if (l.Owner != Environment.CurrentManagedThreadId)
            throw new InvalidOperationException("omp_unset_lock: the lock is not set by this thread");
        l.Owner = 0;
        l.Gate.Release();
    }

    /// <summary>1 where it set the lock, 0 where it is set already (by this thread too).</summary>
    public static int omp_test_lock(ref omp_lock_t? lockVar)
    {
        var l = Of(ref lockVar);
        if (!l.Gate.Wait(0))
            return 0;
        l.Owner = Environment.CurrentManagedThreadId;
        return 1;
    }

    public static void omp_init_nest_lock(ref omp_nest_lock_t? lockVar) => lockVar = new omp_nest_lock_t();

    public static void omp_destroy_nest_lock(ref omp_nest_lock_t? lockVar) => lockVar = null;

    public static void omp_set_nest_lock(ref omp_nest_lock_t? lockVar)
    {
        var l = Of(ref lockVar);
        int me = Environment.CurrentManagedThreadId;
        if (l.Owner != me)
        {
            l.Gate.Wait();
            l.Owner = me;
        }
        l.Depth++;
    }

    public static void omp_unset_nest_lock(ref omp_nest_lock_t? lockVar)
    {
        var l = Of(ref lockVar);
        if (l.Owner != Environment.CurrentManagedThreadId)
            throw new InvalidOperationException("omp_unset_nest_lock: the lock is not set by this thread");
        if (--l.Depth == 0)
        {
            l.Owner = 0;
            l.Gate.Release();
        }
    }

    /// <summary>The lock's new nesting count where it set it (its owner always can), 0 where another thread holds it.</summary>
    public static int omp_test_nest_lock(ref omp_nest_lock_t? lockVar)
    {
        var l = Of(ref lockVar);
        int me = Environment.CurrentManagedThreadId;
        if (l.Owner != me)
        {
            if (!l.Gate.Wait(0))
                return 0;
            l.Owner = me;
        }
        return ++l.Depth;
    }

    // A lock reached through a pointer (`&segment->lock`, `&locks[i]`): the field or element itself
    public static void omp_init_lock(Ptr<omp_lock_t?> lockVar) => omp_init_lock(ref lockVar.Value);
    public static void omp_destroy_lock(Ptr<omp_lock_t?> lockVar) => omp_destroy_lock(ref lockVar.Value);
    public static void omp_set_lock(Ptr<omp_lock_t?> lockVar) => omp_set_lock(ref lockVar.Value);
    public static void omp_unset_lock(Ptr<omp_lock_t?> lockVar) => omp_unset_lock(ref lockVar.Value);
    public static int omp_test_lock(Ptr<omp_lock_t?> lockVar) => omp_test_lock(ref lockVar.Value);
    public static void omp_init_nest_lock(Ptr<omp_nest_lock_t?> lockVar) => omp_init_nest_lock(ref lockVar.Value);
    public static void omp_destroy_nest_lock(Ptr<omp_nest_lock_t?> lockVar) => omp_destroy_nest_lock(ref lockVar.Value);
    public static void omp_set_nest_lock(Ptr<omp_nest_lock_t?> lockVar) => omp_set_nest_lock(ref lockVar.Value);
    public static void omp_unset_nest_lock(Ptr<omp_nest_lock_t?> lockVar) => omp_unset_nest_lock(ref lockVar.Value);
    public static int omp_test_nest_lock(Ptr<omp_nest_lock_t?> lockVar) => omp_test_nest_lock(ref lockVar.Value);

    // A lock used without omp_init_lock (undefined in OpenMP) is made at its first use, as a zeroed static mutex is
    private static omp_lock_t Of(ref omp_lock_t? lockVar)
    {
        if (lockVar is null) Interlocked.CompareExchange(ref lockVar, new omp_lock_t(), null);
        return lockVar!;
    }

    private static omp_nest_lock_t Of(ref omp_nest_lock_t? lockVar)
    {
        if (lockVar is null) Interlocked.CompareExchange(ref lockVar, new omp_nest_lock_t(), null);
        return lockVar!;
    }
}
