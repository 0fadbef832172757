using System.Diagnostics;

namespace CloudMpi.Libc;

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
}
