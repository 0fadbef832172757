using System.Globalization;

namespace CloudMpi.Run;

/// <summary>
/// Where a run's wall time goes (issue 28, "First run"): with <c>CMPI_TRACE_PHASES=FILE</c> set, cmpi-run and the
/// compile server it starts (which inherits the environment) append one line per phase to FILE: the wall clock in
/// microseconds since the Unix epoch, the process id, the process's CPU time so far (user + system, ms), the methods
/// the JIT compiled in it so far, and the phase's name (on a loaded host the CPU and JIT columns are the figures that
/// hold). A harness that notes the clock before it
/// starts cmpi-run reads the process start (dotnet's host and runtime), the compile and the run from one file
/// (bench/first_run.py --phases). Unset, each mark is one static read.
/// </summary>
internal static class PhaseTrace
{
    private static readonly string? File = Environment.GetEnvironmentVariable("CMPI_TRACE_PHASES") is { Length: > 0 } f ? f : null;
    private static readonly object Gate = new();

    public static bool Enabled => File is not null;

    public static void Mark(string phase)
    {
        if (File is null)
            return;
        long micros = (DateTime.UtcNow.Ticks - DateTime.UnixEpoch.Ticks) / 10;
        double cpuMs = Environment.CpuUsage.TotalTime.TotalMilliseconds;
        long jitted = System.Runtime.JitInfo.GetCompiledMethodCount();
        string line = string.Create(CultureInfo.InvariantCulture, $"{micros} {Environment.ProcessId} {cpuMs:0} {jitted} {phase}\n");
        lock (Gate)
        {
            try
            {
                System.IO.File.AppendAllText(File, line);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                // a trace that cannot be written changes nothing else
            }
        }
    }
}
