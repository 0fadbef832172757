using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace CloudMpi.Core;

/// <summary>
/// How a rank waits for a message before it sleeps on its mailbox's lock. Sleeping costs a futex wake-up on the
/// sender's side and a scheduler wake-up on ours, tens to hundreds of microseconds on a busy machine, and once
/// both sides of a ping-pong fall asleep every hop pays it. So a rank first polls, in one of three ways chosen by
/// whoever builds the job (<see cref="Mailbox.Waiting"/>):
/// <list type="bullet">
/// <item><see cref="Busy"/>: inproc with a core per rank (cmpi-run binds each rank thread to its own core, as
/// Open MPI binds ranks): pause instructions, no system calls, for 1 ms;</item>
/// <item><see cref="Oversubscribed"/>: inproc with more ranks than cores: <see cref="Thread.Yield"/> between checks for
/// 50 us, then sleep. No pauses: a rank that spins holds the core the rank it waits for needs, and a sleep costs a
/// wake-up per hop. A yield hands the core straight to another runnable rank (they share the process and its cores),
/// as Open MPI's ranks yield when oversubscribed. Barrier, 2000 calls on 2 loaded cores (median us per call): 4 ranks
/// 150-380 with 20 us of pauses, 90-120 with 10 us of pauses before the yields, 20-40 yielding (native 20-30);
/// 7 ranks 330-580, 220-250 and 60-70 (native 25). Yield phases of 20, 50 and 100 us were within noise.</item>
/// <item><see cref="Yielding"/> (the default; tcp and azure): <see cref="Thread.Yield"/> between checks for 500 us,
/// which lets the transport's reader thread, which delivers the message, run on this core.</item>
/// </list>
/// Measured with corpus/commbench (docs/bench/README.md). <c>CMPI_SPIN_US</c> and <c>CMPI_YIELD_US</c> override the
/// two phases' lengths for every job of the process (0 = skip that phase).
/// <para>
/// A rank that polls instead of waiting (a loop of MPI_Test, MPI_Testany, MPI_Iprobe: graph500's active messages)
/// never reaches these phases. Under the two yielding policies each check that finds nothing after
/// <see cref="IdleChecksBeforeYield"/> such checks in a row yields the core (<see cref="Mailbox.NothingFound"/>), as
/// Open MPI's progress loop yields when idle and oversubscribed (<c>mpi_yield_when_idle</c>): the rank that does the
/// work the pollers wait for gets the core. <see cref="Busy"/> ranks have a core each and poll freely.
/// <c>CMPI_IDLE_CHECKS</c> overrides the count (a negative value: never yield).
/// </para>
/// </summary>
internal sealed class WaitPolicy(int spinMicroseconds, int yieldMicroseconds, int idleChecksBeforeYield)
{
    // Read before the policies below are built (static fields initialize in textual order).
    private static readonly int spinOverride = ReadMicroseconds("CMPI_SPIN_US");
    private static readonly int yieldOverride = ReadMicroseconds("CMPI_YIELD_US");
    private static readonly int? idleChecksOverride =
        int.TryParse(Environment.GetEnvironmentVariable("CMPI_IDLE_CHECKS"), out int n) ? n : null;

    public static readonly WaitPolicy Busy = new(1000, 0, -1);
    public static readonly WaitPolicy Oversubscribed = new(0, 50, 4);
    public static readonly WaitPolicy Yielding = new(0, 500, 4);

    private readonly long spinTicks = ToTicks(spinOverride >= 0 ? spinOverride : spinMicroseconds);
    private readonly long yieldTicks = ToTicks(yieldOverride >= 0 ? yieldOverride : yieldMicroseconds);

    /// <summary>Checks in a row that find nothing before each further one yields the core; negative: never.</summary>
    public readonly int IdleChecksBeforeYield = idleChecksOverride ?? idleChecksBeforeYield;

    private static int ReadMicroseconds(string name) =>
        int.TryParse(Environment.GetEnvironmentVariable(name), out int us) && us >= 0 ? us : -1;

    private static long ToTicks(int microseconds) => Stopwatch.Frequency * microseconds / 1_000_000;

    /// <summary>
    /// Poll <paramref name="condition"/> through the pause phase, then the yield phase; true as soon as it holds, false
    /// when it is time to sleep. The condition is a struct so the check is inlined into the loop (a delegate call per
    /// poll, and a clock read per poll, delayed noticing a delivery by a few hundred nanoseconds); the clock is read
    /// once every <see cref="PollsPerClockRead"/> polls.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public bool SpinUntil<TCondition>(TCondition condition) where TCondition : struct, ISpinCondition
    {
        if (condition.Holds()) return true;
        if (spinTicks == 0 && yieldTicks == 0) return false; // look once, then sleep (CMPI_SPIN_US=0 CMPI_YIELD_US=0)
        long start = Stopwatch.GetTimestamp();
        if (spinTicks > 0)
        {
            while (true)
            {
                for (int i = 0; i < PollsPerClockRead; i++)
                {
                    if (condition.Holds()) return true;
                    Thread.SpinWait(1);
                }
                if (Stopwatch.GetTimestamp() - start >= spinTicks) break;
            }
        }
        // Yield first: the check just made (the first one above, or the pause phase's last) is not repeated at once.
        // On tcp each check is a receive call, and the back-to-back pair found nothing the first had not: one of the
        // three receive calls per one-way message of a 2-rank ping-pong (strace; bench/README.md, round 15). Nor is
        // there a last check when the time is up: the sleep that follows looks first (the lock's condition, or the
        // kernel's poll on the connections, which returns at once for a waiting frame).
        while (Stopwatch.GetTimestamp() - start < spinTicks + yieldTicks)
        {
            Thread.Yield();
            if (condition.Holds()) return true;
        }
        return false;
    }

    /// <summary>Polls between clock reads in the pause phase (a pause is tens of nanoseconds, a clock read about as much).</summary>
    private const int PollsPerClockRead = 32;
}

/// <summary>What a waiting rank polls for (a struct, so <see cref="WaitPolicy.SpinUntil{TCondition}"/> inlines it).</summary>
internal interface ISpinCondition
{
    /// <summary>Whether the wait is over; reads what a polled transport has for the rank first when it is not.</summary>
    bool Holds();

    /// <summary>Whether the wait is over, without reading the transport (before a sleep that a waiting frame ends).</summary>
    bool HoldsWithoutPolling();
}
