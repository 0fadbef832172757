using System.Diagnostics;

namespace CloudMpi.Core;

/// <summary>
/// How a rank waits for a message before it sleeps on its mailbox's lock. Sleeping costs a futex wake-up on the
/// sender's side and a scheduler wake-up on ours, tens to hundreds of microseconds on a busy machine, and once
/// both sides of a ping-pong fall asleep every hop pays it; so a rank first polls:
/// <list type="bullet">
/// <item>busy-polling (pause instructions, no system calls), when the mailbox allows it (<see cref="Mailbox.MayBusyPoll"/>:
/// inproc with a core per rank, ranks bound to cores by cmpi-run as Open MPI binds them), for
/// <see cref="DefaultSpinMicroseconds"/>;</item>
/// <item>otherwise polling with <see cref="Thread.Yield"/> between checks, which lets a transport's reader thread
/// (or another rank) run on this core, for <see cref="DefaultYieldMicroseconds"/>.</item>
/// </list>
/// Measured with corpus/commbench (docs/bench/README.md). <c>CMPI_SPIN_US</c> and <c>CMPI_YIELD_US</c> override the
/// two lengths (0 = skip that phase).
/// </summary>
internal static class WaitPolicy
{
    /// <summary>Busy-poll phase. On a loaded 2-core machine a ping-pong whose ranks sleep settles at 40-200 us a hop.</summary>
    public const int DefaultSpinMicroseconds = 1000;

    /// <summary>Yield phase, when busy-polling is not allowed.</summary>
    public const int DefaultYieldMicroseconds = 500;

    private static readonly long spinTicks = ToTicks(ReadMicroseconds("CMPI_SPIN_US", DefaultSpinMicroseconds));
    private static readonly long yieldTicks = ToTicks(ReadMicroseconds("CMPI_YIELD_US", DefaultYieldMicroseconds));

    private static int ReadMicroseconds(string name, int fallback) =>
        int.TryParse(Environment.GetEnvironmentVariable(name), out int us) && us >= 0 ? us : fallback;

    private static long ToTicks(int microseconds) => Stopwatch.Frequency * microseconds / 1_000_000;

    /// <summary>Poll <paramref name="done"/> (busy or yielding, see the class); true as soon as it holds, false when it is time to sleep.</summary>
    public static bool SpinUntil<TState>(Func<TState, bool> done, TState state, bool busyPoll)
    {
        if (done(state)) return true;
        long start = Stopwatch.GetTimestamp();
        if (busyPoll)
        {
            while (Stopwatch.GetTimestamp() - start < spinTicks)
            {
                if (done(state)) return true;
                Thread.SpinWait(4);
            }
            return done(state);
        }
        while (Stopwatch.GetTimestamp() - start < yieldTicks)
        {
            if (done(state)) return true;
            Thread.Yield();
        }
        return done(state);
    }
}
