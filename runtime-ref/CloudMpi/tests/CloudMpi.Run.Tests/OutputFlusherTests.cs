using CloudMpi.Run.Processes;

namespace CloudMpi.Run.Tests;

/// <summary>
/// A rank process's periodic output flush (issue 28, round 16): on a thread of its own, never on a thread-pool worker,
/// whose spinning after each timer callback cost a 7-rank tcp job on 2 cores more context switches than its ranks made;
/// and no flush once disposed.
/// </summary>
public class OutputFlusherTests
{
    [Fact]
    public void FlushesRepeatedlyOnAThreadOfItsOwnAndStopsWhenDisposed()
    {
        int flushes = 0;
        bool onPoolThread = false;
        using var twoDone = new ManualResetEventSlim();
        var flusher = new OutputFlusher(() =>
        {
            onPoolThread |= Thread.CurrentThread.IsThreadPoolThread;
            if (Interlocked.Increment(ref flushes) == 2) twoDone.Set();
        });
        Assert.True(twoDone.Wait(TimeSpan.FromSeconds(30)), "fewer than two flushes in 30 s");
        flusher.Dispose();
        int atDispose = Volatile.Read(ref flushes);
        Thread.Sleep(3 * OutputFlusher.Period);
        Assert.Equal(atDispose, Volatile.Read(ref flushes));
        Assert.False(onPoolThread, "the flush ran on a thread-pool thread");
        flusher.Dispose(); // a second dispose (the worker's explicit one, then its using) is harmless
    }
}
