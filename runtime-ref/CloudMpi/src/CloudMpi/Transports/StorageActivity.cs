using System.Diagnostics;
using System.Globalization;

namespace CloudMpi.Transports;

/// <summary>
/// The storage operations of a transport that are under way (a request and its retries), so that a deadlock
/// detector can tell ranks waiting for each other from ranks waiting for a storage service that stalls: on a loaded
/// machine Azurite can take seconds to answer, and while it does no message arrives although nothing is deadlocked.
/// Thread-safe; an operation costs a dictionary insert and remove, small beside its HTTP round trip.
/// </summary>
internal sealed class StorageActivity(TimeSpan slowAfter)
{
    /// <summary>An operation under way for longer than this makes the storage "slow" (Azurite answers in 1-80 ms when well).</summary>
    public static readonly TimeSpan DefaultSlowAfter = TimeSpan.FromSeconds(1);

    public StorageActivity() : this(DefaultSlowAfter)
    {
    }

    /// <summary>How long an operation may be under way before the storage counts as slow.</summary>
    public TimeSpan SlowAfter { get; } = slowAfter;

    private readonly System.Collections.Concurrent.ConcurrentDictionary<long, (long Started, string What)> inFlight = new();
    private long nextId;
    private long lastAnswered = Stopwatch.GetTimestamp();

    /// <summary>Record the start of operation <paramref name="what"/>; dispose the result when it has ended (answered or failed).</summary>
    public Operation Begin(string what)
    {
        long id = Interlocked.Increment(ref nextId);
        inFlight[id] = (Stopwatch.GetTimestamp(), what);
        return new Operation(this, id);
    }

    private void End(long id)
    {
        inFlight.TryRemove(id, out _);
        Interlocked.Exchange(ref lastAnswered, Stopwatch.GetTimestamp());
    }

    /// <summary>The operation under way the longest, and for how long; null when none is.</summary>
    public (string What, TimeSpan Age)? Oldest(long now)
    {
        (long Started, string What)? oldest = null;
        foreach (var op in inFlight.Values)
            if (oldest is null || op.Started < oldest.Value.Started) oldest = op;
        return oldest is { } o ? (o.What, Stopwatch.GetElapsedTime(o.Started, now)) : null;
    }

    /// <summary>Whether an operation has been under way for longer than <see cref="SlowAfter"/>.</summary>
    public bool IsSlow() => Oldest(Stopwatch.GetTimestamp()) is { } o && o.Age > SlowAfter;

    /// <summary>
    /// One line for a deadlock or timeout report: "storage slow: ... under way for 4.2 s" or "storage answering:
    /// last answer 0.03 s ago".
    /// </summary>
    public string Describe()
    {
        long now = Stopwatch.GetTimestamp();
        if (Oldest(now) is { } o && o.Age > SlowAfter)
            return string.Create(CultureInfo.InvariantCulture, $"storage slow: '{o.What}' under way for {o.Age.TotalSeconds:0.0} s");
        var since = Stopwatch.GetElapsedTime(Interlocked.Read(ref lastAnswered), now);
        return string.Create(CultureInfo.InvariantCulture, $"storage answering: last answer {since.TotalSeconds:0.00} s ago");
    }

    /// <summary>An operation under way; disposing it ends it.</summary>
    public readonly struct Operation(StorageActivity owner, long id) : IDisposable
    {
        public void Dispose() => owner.End(id);
    }
}

/// <summary>A transport whose messages go through a storage service (azure): what its requests are doing.</summary>
internal interface IStorageBacked
{
    StorageActivity Storage { get; }
}
