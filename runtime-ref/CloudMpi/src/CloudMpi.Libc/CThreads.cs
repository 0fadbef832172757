using System.Collections.Concurrent;

namespace CloudMpi.Libc;

// POSIX threads (IEEE Std 1003.1, <pthread.h>) on .NET threads. A C `pthread_mutex_t m;` is a field of one of these
// classes, null until pthread_mutex_init or its first use (a zero-initialised static mutex, as
// PTHREAD_MUTEX_INITIALIZER gives, works without init). The translator passes `&m` as `ref m`.

/// <summary>pthread_mutex_t: a lock owned by the thread that took it (Monitor).</summary>
public sealed class pthread_mutex_t
{
    internal readonly object Gate = new();
}

/// <summary>pthread_cond_t: waiters sleep until a signal or broadcast after their wait began.</summary>
public sealed class pthread_cond_t
{
    internal readonly object Gate = new();
    internal long Generation;
}

/// <summary>pthread_barrier_t: releases its threads when <c>count</c> of them have arrived.</summary>
public sealed class pthread_barrier_t
{
    internal readonly object Gate = new();
    internal int Count;
    internal int Arrived;
    internal long Generation;
}

/// <summary>The attribute objects: only NULL (the defaults) or an initialised default object are supported.</summary>
public sealed class pthread_attr_t { }
public sealed class pthread_mutexattr_t { }
public sealed class pthread_condattr_t { }
public sealed class pthread_barrierattr_t { }

public static class CThreads
{
    public const int PTHREAD_BARRIER_SERIAL_THREAD = -1;

    // pthread_t is an unsigned long in glibc: a number naming a thread here too, with its result when it ends.
    private static readonly ConcurrentDictionary<ulong, (Thread Thread, object?[] Result)> threads = new();
    private static long lastId;

    /// <summary>pthread_create(&amp;t, attr, f, arg): runs <c>f(arg)</c> on a new thread. The rank's MPI context and the
    /// program's C state flow into it (the execution context: AsyncLocal values).</summary>
    public static int pthread_create<TArg, TResult>(Ptr<ulong> thread, pthread_attr_t? attr, Func<Ptr<TArg>, Ptr<TResult>> start, Ptr<TArg> arg)
    {
        thread[0] = Start(() => start(arg));
        return 0;
    }

    public static int pthread_create<TArg, TResult>(ref ulong thread, pthread_attr_t? attr, Func<Ptr<TArg>, Ptr<TResult>> start, Ptr<TArg> arg)
    {
        thread = Start(() => start(arg));
        return 0;
    }

    // `&x` of a variable whose address outlives the call is its one-element array
    public static int pthread_create<TArg, TResult>(Ptr<ulong> thread, pthread_attr_t? attr, Func<Ptr<TArg>, Ptr<TResult>> start, TArg[] arg) =>
        pthread_create(thread, attr, start, new Ptr<TArg>(arg, 0));

    public static int pthread_create<TArg, TResult>(ref ulong thread, pthread_attr_t? attr, Func<Ptr<TArg>, Ptr<TResult>> start, TArg[] arg) =>
        pthread_create(ref thread, attr, start, new Ptr<TArg>(arg, 0));

    private static ulong Start(Func<object?> body)
    {
        ulong id = (ulong)Interlocked.Increment(ref lastId);
        var result = new object?[1];
        var t = new Thread(() => result[0] = body()) { IsBackground = true, Name = $"pthread {id}" };
        threads[id] = (t, result);
        t.Start();
        return id;
    }

    /// <summary>pthread_join(t, NULL): waits for the thread to end (its result is not handed out: retval must be NULL).</summary>
    public static int pthread_join(ulong thread, object? retval)
    {
        if (!threads.TryRemove(thread, out var t)) return 3; // ESRCH: no such thread (or joined already)
        t.Thread.Join();
        return 0;
    }

    /// <summary>pthread_self(): the calling thread's number (0 for a thread pthread_create did not start).</summary>
    public static ulong pthread_self()
    {
        foreach (var (id, t) in threads)
        {
            if (t.Thread == Thread.CurrentThread) return id;
        }
        return 0;
    }

    public static int pthread_equal(ulong a, ulong b) => a == b ? 1 : 0;

    // ------------------------------------------------------------------ mutexes

    public static int pthread_mutex_init(ref pthread_mutex_t? mutex, pthread_mutexattr_t? attr)
    {
        mutex = new pthread_mutex_t();
        return 0;
    }

    public static int pthread_mutex_destroy(ref pthread_mutex_t? mutex) => 0;

    public static int pthread_mutex_lock(ref pthread_mutex_t? mutex)
    {
        Monitor.Enter(Of(ref mutex).Gate);
        return 0;
    }

    public static int pthread_mutex_trylock(ref pthread_mutex_t? mutex) => Monitor.TryEnter(Of(ref mutex).Gate) ? 0 : 16; // EBUSY

    public static int pthread_mutex_unlock(ref pthread_mutex_t? mutex)
    {
        var m = Of(ref mutex);
        if (!Monitor.IsEntered(m.Gate)) return 1; // EPERM: not the owner
        Monitor.Exit(m.Gate);
        return 0;
    }

    private static pthread_mutex_t Of(ref pthread_mutex_t? mutex)
    {
        if (mutex is null) Interlocked.CompareExchange(ref mutex, new pthread_mutex_t(), null);
        return mutex!;
    }

    // ------------------------------------------------------------------ condition variables

    public static int pthread_cond_init(ref pthread_cond_t? cond, pthread_condattr_t? attr)
    {
        cond = new pthread_cond_t();
        return 0;
    }

    public static int pthread_cond_destroy(ref pthread_cond_t? cond) => 0;

    /// <summary>pthread_cond_wait: releases the mutex, sleeps until a signal or broadcast made after this call took
    /// the condition's generation, and takes the mutex again. A signal wakes every waiter, which POSIX allows
    /// (spurious wake-ups: callers wait in a loop on their predicate).</summary>
    public static int pthread_cond_wait(ref pthread_cond_t? cond, ref pthread_mutex_t? mutex)
    {
        var c = Of(ref cond);
        var m = Of(ref mutex);
        long generation;
        lock (c.Gate) generation = c.Generation;
        Monitor.Exit(m.Gate);
        try
        {
            lock (c.Gate)
            {
                while (c.Generation == generation) Monitor.Wait(c.Gate);
            }
        }
        finally
        {
            Monitor.Enter(m.Gate);
        }
        return 0;
    }

    public static int pthread_cond_signal(ref pthread_cond_t? cond) => pthread_cond_broadcast(ref cond);

    public static int pthread_cond_broadcast(ref pthread_cond_t? cond)
    {
        var c = Of(ref cond);
        lock (c.Gate)
        {
            c.Generation++;
            Monitor.PulseAll(c.Gate);
        }
        return 0;
    }

    private static pthread_cond_t Of(ref pthread_cond_t? cond)
    {
        if (cond is null) Interlocked.CompareExchange(ref cond, new pthread_cond_t(), null);
        return cond!;
    }

    // ------------------------------------------------------------------ barriers

    public static int pthread_barrier_init(ref pthread_barrier_t? barrier, pthread_barrierattr_t? attr, uint count)
    {
        if (count == 0) return 22; // EINVAL
        barrier = new pthread_barrier_t { Count = (int)count };
        return 0;
    }

    public static int pthread_barrier_destroy(ref pthread_barrier_t? barrier) => 0;

    /// <summary>pthread_barrier_wait: PTHREAD_BARRIER_SERIAL_THREAD for the last thread to arrive, 0 for the others.</summary>
    public static int pthread_barrier_wait(ref pthread_barrier_t? barrier)
    {
        var b = barrier ?? throw new PointerException("pthread_barrier_wait on a barrier pthread_barrier_init did not initialise");
        lock (b.Gate)
        {
            long generation = b.Generation;
            if (++b.Arrived == b.Count)
            {
                b.Arrived = 0;
                b.Generation++;
                Monitor.PulseAll(b.Gate);
                return PTHREAD_BARRIER_SERIAL_THREAD;
            }
            while (b.Generation == generation) Monitor.Wait(b.Gate);
            return 0;
        }
    }
}
