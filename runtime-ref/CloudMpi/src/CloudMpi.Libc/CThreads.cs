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

/// <summary>pthread_rwlock_t: many readers or one writer (ReaderWriterLockSlim; a thread may hold it once).</summary>
public sealed class pthread_rwlock_t
{
    internal readonly ReaderWriterLockSlim Lock = new(LockRecursionPolicy.NoRecursion);
}

/// <summary>sem_t (&lt;semaphore.h&gt;): an unnamed counting semaphore of the threads of one process.</summary>
public sealed class sem_t
{
    internal readonly object Gate = new();
    internal int Value;
}

/// <summary>pthread_attr_t: the detach state and stack size a thread is created with (its other attributes are
/// the defaults).</summary>
public sealed class pthread_attr_t
{
    internal int DetachState = CThreads.PTHREAD_CREATE_JOINABLE;
    internal ulong StackSize = CThreads.DefaultStackSize;
}

/// <summary>The other attribute objects: only NULL (the defaults) or an initialised default object are supported.</summary>
public sealed class pthread_mutexattr_t { }
public sealed class pthread_condattr_t { }
public sealed class pthread_barrierattr_t { }
public sealed class pthread_rwlockattr_t { }

public static class CThreads
{
    public const int PTHREAD_BARRIER_SERIAL_THREAD = -1;
    public const int PTHREAD_CREATE_JOINABLE = 0; // glibc's values
    public const int PTHREAD_CREATE_DETACHED = 1;
    internal const ulong DefaultStackSize = 8UL << 20; // glibc's default: the `ulimit -s` of 8 MiB

    // pthread_t is an unsigned long in glibc: a number naming a thread here too, with its value when it ends (what
    // its function returned or it gave pthread_exit: a Ptr<T>, an nint carried in a `void *`, a handle or null).
    private static readonly ConcurrentDictionary<ulong, (Thread Thread, object?[] Result)> threads = new();
    private static long lastId;
    // The threads a rank started (and their threads), which its main thread's pthread_exit waits for; the rank's
    // threads share the object through the execution context, as they share the rank's C state.
    private static readonly AsyncLocal<List<Thread>?> started = new();
    [ThreadStatic] private static bool isPthread;

    /// <summary>pthread_create(&amp;t, attr, f, arg): runs <c>f(arg)</c> on a new thread. The rank's MPI context and the
    /// program's C state flow into it (the execution context: AsyncLocal values). <c>arg</c> is a pointer, or an
    /// integer carried in the <c>void *</c> (an nint: <c>(void *)i</c>, read back as <c>(long)arg</c>).</summary>
    public static int pthread_create<TArg, TResult>(Ptr<ulong> thread, pthread_attr_t? attr, Func<Ptr<TArg>, TResult> start, Ptr<TArg> arg)
    {
        thread[0] = Start(attr, () => start(arg));
        return 0;
    }

    public static int pthread_create<TArg, TResult>(ref ulong thread, pthread_attr_t? attr, Func<Ptr<TArg>, TResult> start, Ptr<TArg> arg)
    {
        thread = Start(attr, () => start(arg));
        return 0;
    }

    // `&x` of a variable whose address outlives the call is its one-element array
    public static int pthread_create<TArg, TResult>(Ptr<ulong> thread, pthread_attr_t? attr, Func<Ptr<TArg>, TResult> start, TArg[] arg) =>
        pthread_create(thread, attr, start, new Ptr<TArg>(arg, 0));

    public static int pthread_create<TArg, TResult>(ref ulong thread, pthread_attr_t? attr, Func<Ptr<TArg>, TResult> start, TArg[] arg) =>
        pthread_create(ref thread, attr, start, new Ptr<TArg>(arg, 0));

    public static int pthread_create<TResult>(Ptr<ulong> thread, pthread_attr_t? attr, Func<nint, TResult> start, nint arg)
    {
        thread[0] = Start(attr, () => start(arg));
        return 0;
    }

    public static int pthread_create<TResult>(ref ulong thread, pthread_attr_t? attr, Func<nint, TResult> start, nint arg)
    {
        thread = Start(attr, () => start(arg));
        return 0;
    }

    // a thread function whose `void *` parameter is an opaque handle (one it never reads: `void *BusyWork(void *null)`)
    public static int pthread_create<TResult>(Ptr<ulong> thread, pthread_attr_t? attr, Func<object?, TResult> start, object? arg)
    {
        thread[0] = Start(attr, () => start(arg));
        return 0;
    }

    public static int pthread_create<TResult>(ref ulong thread, pthread_attr_t? attr, Func<object?, TResult> start, object? arg)
    {
        thread = Start(attr, () => start(arg));
        return 0;
    }

    public static int pthread_create<TResult>(Ptr<ulong> thread, ref pthread_attr_t? attr, Func<object?, TResult> start, object? arg) =>
        pthread_create(thread, attr, start, arg);

    public static int pthread_create<TResult>(ref ulong thread, ref pthread_attr_t? attr, Func<object?, TResult> start, object? arg) =>
        pthread_create(ref thread, attr, start, arg);

    // `&attr`: the attribute object itself (a class)
    public static int pthread_create<TArg, TResult>(Ptr<ulong> thread, ref pthread_attr_t? attr, Func<Ptr<TArg>, TResult> start, Ptr<TArg> arg) =>
        pthread_create(thread, attr, start, arg);

    public static int pthread_create<TArg, TResult>(ref ulong thread, ref pthread_attr_t? attr, Func<Ptr<TArg>, TResult> start, Ptr<TArg> arg) =>
        pthread_create(ref thread, attr, start, arg);

    public static int pthread_create<TArg, TResult>(Ptr<ulong> thread, ref pthread_attr_t? attr, Func<Ptr<TArg>, TResult> start, TArg[] arg) =>
        pthread_create(thread, attr, start, new Ptr<TArg>(arg, 0));

    public static int pthread_create<TArg, TResult>(ref ulong thread, ref pthread_attr_t? attr, Func<Ptr<TArg>, TResult> start, TArg[] arg) =>
        pthread_create(ref thread, attr, start, new Ptr<TArg>(arg, 0));

    public static int pthread_create<TResult>(Ptr<ulong> thread, ref pthread_attr_t? attr, Func<nint, TResult> start, nint arg) =>
        pthread_create(thread, attr, start, arg);

    public static int pthread_create<TResult>(ref ulong thread, ref pthread_attr_t? attr, Func<nint, TResult> start, nint arg) =>
        pthread_create(ref thread, attr, start, arg);

    private static ulong Start(pthread_attr_t? attr, Func<object?> body)
    {
        ulong id = (ulong)Interlocked.Increment(ref lastId);
        var result = new object?[1];
        var t = new Thread(() =>
        {
            isPthread = true;
            try
            {
                result[0] = body();
            }
            catch (ThreadExit exit)
            {
                result[0] = exit.Value;
            }
        }, (int)Math.Min(attr?.StackSize ?? DefaultStackSize, int.MaxValue)) { IsBackground = true, Name = $"pthread {id}" };
        if (attr is null || attr.DetachState == PTHREAD_CREATE_JOINABLE) threads[id] = (t, result);
        var group = started.Value ??= new List<Thread>();
        lock (group) group.Add(t);
        t.Start();
        return id;
    }

    /// <summary>pthread_join(t, NULL): waits for the thread to end.</summary>
    public static int pthread_join(ulong thread, object? retval) => Join(thread, out _);

    /// <summary>pthread_join(t, &amp;status) of a <c>void *status</c> that carries an integer: the thread's value.</summary>
    public static int pthread_join(ulong thread, ref nint retval)
    {
        int rc = Join(thread, out var value);
        if (rc == 0) retval = value switch
        {
            null => 0,
            nint n => n,
            IPointer { Array: null } => 0,
            _ => throw new PointerException("pthread_join: the thread's value is a pointer, read here as an integer"),
        };
        return rc;
    }

    /// <summary>pthread_join(t, &amp;status) of a <c>void *status</c> handle: whatever the thread's value is.</summary>
    public static int pthread_join(ulong thread, ref object? retval)
    {
        int rc = Join(thread, out var value);
        if (rc == 0) retval = value;
        return rc;
    }

    /// <summary>pthread_join(t, &amp;p) of a typed pointer the thread's function returns (<c>(void **)&amp;p</c>).</summary>
    public static int pthread_join<T>(ulong thread, ref Ptr<T> retval)
    {
        int rc = Join(thread, out var value);
        if (rc == 0) retval = value switch
        {
            null => default,
            Ptr<T> p => p,
            T[] array => new Ptr<T>(array),
            IPointer { Array: null } => default,
            _ => throw new PointerException($"pthread_join: the thread's value is not a {typeof(T).Name} pointer"),
        };
        return rc;
    }

    private static int Join(ulong thread, out object? value)
    {
        value = null;
        if (!threads.TryRemove(thread, out var t)) return 3; // ESRCH: no such thread (or joined already, or detached)
        t.Thread.Join();
        value = t.Result[0];
        return 0;
    }

    /// <summary>pthread_detach(t): no one joins it; its resources go when it ends.</summary>
    public static int pthread_detach(ulong thread) => threads.TryRemove(thread, out _) ? 0 : 3;

    /// <summary>pthread_exit(value): ends the calling thread with that value (a Ptr, an integer carried in the
    /// <c>void *</c>, a handle or NULL). In a rank's main thread, as in C's: the rank waits for every thread it
    /// started, then ends with status 0 (the process's exit when the last thread ends).</summary>
    public static void pthread_exit(nint value) => Exit(value);

    public static void pthread_exit(object? value) => Exit(value);

    public static void pthread_exit<T>(Ptr<T> value) => Exit(value);

    private static void Exit(object? value)
    {
        if (isPthread) throw new ThreadExit(value);
        var group = started.Value;
        while (group is not null)
        {
            Thread? next;
            lock (group) next = group.Find(t => t.IsAlive);
            if (next is null) break;
            next.Join();
        }
        throw new ExitException(0);
    }

    /// <summary>Unwinds a thread pthread_create started to its start (not an error: the thread's end).</summary>
    private sealed class ThreadExit : Exception
    {
        public ThreadExit(object? value) : base("pthread_exit") => Value = value;

        public object? Value { get; }
    }

    // ------------------------------------------------------------------ attributes

    public static int pthread_attr_init(ref pthread_attr_t? attr)
    {
        attr = new pthread_attr_t();
        return 0;
    }

    public static int pthread_attr_destroy(ref pthread_attr_t? attr) => 0;

    public static int pthread_attr_setdetachstate(ref pthread_attr_t? attr, int state)
    {
        if (state != PTHREAD_CREATE_JOINABLE && state != PTHREAD_CREATE_DETACHED) return 22; // EINVAL
        (attr ??= new pthread_attr_t()).DetachState = state;
        return 0;
    }

    public static int pthread_attr_getdetachstate(ref pthread_attr_t? attr, ref int state)
    {
        state = (attr ??= new pthread_attr_t()).DetachState;
        return 0;
    }

    public static int pthread_attr_getdetachstate(ref pthread_attr_t? attr, Ptr<int> state) =>
        pthread_attr_getdetachstate(ref attr, ref state.Value);

    public static int pthread_attr_setstacksize(ref pthread_attr_t? attr, ulong size)
    {
        if (size < 16384) return 22; // EINVAL: below PTHREAD_STACK_MIN
        (attr ??= new pthread_attr_t()).StackSize = size;
        return 0;
    }

    public static int pthread_attr_getstacksize(ref pthread_attr_t? attr, ref ulong size)
    {
        size = (attr ??= new pthread_attr_t()).StackSize;
        return 0;
    }

    public static int pthread_attr_getstacksize(ref pthread_attr_t? attr, Ptr<ulong> size) =>
        pthread_attr_getstacksize(ref attr, ref size.Value);

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

    // ------------------------------------------------------------------ read-write locks

    public static int pthread_rwlock_init(ref pthread_rwlock_t? rwlock, pthread_rwlockattr_t? attr)
    {
        rwlock = new pthread_rwlock_t();
        return 0;
    }

    public static int pthread_rwlock_destroy(ref pthread_rwlock_t? rwlock) => 0;

    public static int pthread_rwlock_rdlock(ref pthread_rwlock_t? rwlock)
    {
        var l = Of(ref rwlock).Lock;
        if (l.IsReadLockHeld || l.IsWriteLockHeld) return 35; // EDEADLK
        l.EnterReadLock();
        return 0;
    }

    public static int pthread_rwlock_wrlock(ref pthread_rwlock_t? rwlock)
    {
        var l = Of(ref rwlock).Lock;
        if (l.IsReadLockHeld || l.IsWriteLockHeld) return 35; // EDEADLK
        l.EnterWriteLock();
        return 0;
    }

    public static int pthread_rwlock_tryrdlock(ref pthread_rwlock_t? rwlock) =>
        Of(ref rwlock).Lock.TryEnterReadLock(0) ? 0 : 16; // EBUSY

    public static int pthread_rwlock_trywrlock(ref pthread_rwlock_t? rwlock) =>
        Of(ref rwlock).Lock.TryEnterWriteLock(0) ? 0 : 16;

    /// <summary>pthread_rwlock_unlock: releases the read or the write lock the calling thread holds.</summary>
    public static int pthread_rwlock_unlock(ref pthread_rwlock_t? rwlock)
    {
        var l = Of(ref rwlock).Lock;
        if (l.IsWriteLockHeld) l.ExitWriteLock();
        else if (l.IsReadLockHeld) l.ExitReadLock();
        else return 1; // EPERM: not held
        return 0;
    }

    private static pthread_rwlock_t Of(ref pthread_rwlock_t? rwlock)
    {
        if (rwlock is null) Interlocked.CompareExchange(ref rwlock, new pthread_rwlock_t(), null);
        return rwlock!;
    }

    // ------------------------------------------------------------------ semaphores (<semaphore.h>)

    public static int sem_init(ref sem_t? sem, int pshared, uint value)
    {
        if (value > int.MaxValue) return Failed(22); // EINVAL: above SEM_VALUE_MAX
        sem = new sem_t { Value = (int)value };
        return 0;
    }

    public static int sem_destroy(ref sem_t? sem) => 0;

    public static int sem_wait(ref sem_t? sem)
    {
        var s = SemOf(ref sem);
        lock (s.Gate)
        {
            while (s.Value == 0) Monitor.Wait(s.Gate);
            s.Value--;
        }
        return 0;
    }

    /// <summary>sem_trywait: -1 with errno EAGAIN when the value is 0.</summary>
    public static int sem_trywait(ref sem_t? sem)
    {
        var s = SemOf(ref sem);
        lock (s.Gate)
        {
            if (s.Value == 0) return Failed(11); // EAGAIN
            s.Value--;
        }
        return 0;
    }

    public static int sem_post(ref sem_t? sem)
    {
        var s = SemOf(ref sem);
        lock (s.Gate)
        {
            if (s.Value == int.MaxValue) return Failed(75); // EOVERFLOW
            s.Value++;
            Monitor.Pulse(s.Gate);
        }
        return 0;
    }

    public static int sem_getvalue(ref sem_t? sem, ref int value)
    {
        var s = SemOf(ref sem);
        lock (s.Gate) value = s.Value;
        return 0;
    }

    public static int sem_getvalue(ref sem_t? sem, Ptr<int> value) => sem_getvalue(ref sem, ref value.Value);

    private static sem_t SemOf(ref sem_t? sem) =>
        sem ?? throw new PointerException("a semaphore sem_init did not initialise");

    private static int Failed(int errno)
    {
        LibcState.Current.Errno = errno;
        return -1;
    }

    // ------------------------------------------------------------------ once, thread-specific data

    /// <summary>pthread_once(&amp;once, f): f runs once for all the threads that call this with <c>once</c>
    /// (PTHREAD_ONCE_INIT, 0); the others wait until it has run. glibc's pthread_once_t is an int.</summary>
    public static int pthread_once(ref int once, Action init)
    {
        if (Volatile.Read(ref once) == 2) return 0;
        lock (OnceGate)
        {
            if (once != 2)
            {
                once = 1;
                init();
                Volatile.Write(ref once, 2);
            }
        }
        return 0;
    }

    private static readonly object OnceGate = new();

    // pthread_key_t (an unsigned int): each key's value per thread, a handle (a `void *` of any pointer)
    private static readonly ConcurrentDictionary<uint, ThreadLocal<object?>> keys = new();
    private static int lastKey;

    public static int pthread_key_create(ref uint key, Action<object?>? destructor)
    {
        key = (uint)Interlocked.Increment(ref lastKey);
        keys[key] = new ThreadLocal<object?>();
        return 0;
    }

    public static int pthread_key_create(Ptr<uint> key, Action<object?>? destructor) => pthread_key_create(ref key.Value, destructor);

    public static int pthread_key_delete(uint key) => keys.TryRemove(key, out _) ? 0 : 22;

    public static int pthread_setspecific(uint key, object? value)
    {
        if (!keys.TryGetValue(key, out var slot)) return 22; // EINVAL
        slot.Value = value;
        return 0;
    }

    public static object? pthread_getspecific(uint key) => keys.TryGetValue(key, out var slot) ? slot.Value : null;

    // ------------------------------------------------------------------ objects that are elements or fields
    // `&locks[i]` of an array of them (`sem_t *semaphores = malloc(n * sizeof(sem_t))`), `&node->mutex` of a struct's
    // field (Pacheco's pth_ll_mult_mut.c: a mutex per list node): the object the pointer reaches, as `ref`.

    public static int pthread_mutex_init(Ptr<pthread_mutex_t?> mutex, pthread_mutexattr_t? attr) => pthread_mutex_init(ref mutex.Value, attr);
    public static int pthread_mutex_destroy(Ptr<pthread_mutex_t?> mutex) => pthread_mutex_destroy(ref mutex.Value);
    public static int pthread_mutex_lock(Ptr<pthread_mutex_t?> mutex) => pthread_mutex_lock(ref mutex.Value);
    public static int pthread_mutex_trylock(Ptr<pthread_mutex_t?> mutex) => pthread_mutex_trylock(ref mutex.Value);
    public static int pthread_mutex_unlock(Ptr<pthread_mutex_t?> mutex) => pthread_mutex_unlock(ref mutex.Value);
    public static int pthread_cond_init(Ptr<pthread_cond_t?> cond, pthread_condattr_t? attr) => pthread_cond_init(ref cond.Value, attr);
    public static int pthread_cond_destroy(Ptr<pthread_cond_t?> cond) => pthread_cond_destroy(ref cond.Value);
    public static int pthread_cond_signal(Ptr<pthread_cond_t?> cond) => pthread_cond_signal(ref cond.Value);
    public static int pthread_cond_broadcast(Ptr<pthread_cond_t?> cond) => pthread_cond_broadcast(ref cond.Value);
    public static int pthread_cond_wait(Ptr<pthread_cond_t?> cond, ref pthread_mutex_t? mutex) => pthread_cond_wait(ref cond.Value, ref mutex);
    public static int pthread_cond_wait(ref pthread_cond_t? cond, Ptr<pthread_mutex_t?> mutex) => pthread_cond_wait(ref cond, ref mutex.Value);
    public static int pthread_cond_wait(Ptr<pthread_cond_t?> cond, Ptr<pthread_mutex_t?> mutex) => pthread_cond_wait(ref cond.Value, ref mutex.Value);
    public static int pthread_barrier_init(Ptr<pthread_barrier_t?> barrier, pthread_barrierattr_t? attr, uint count) => pthread_barrier_init(ref barrier.Value, attr, count);
    public static int pthread_barrier_destroy(Ptr<pthread_barrier_t?> barrier) => pthread_barrier_destroy(ref barrier.Value);
    public static int pthread_barrier_wait(Ptr<pthread_barrier_t?> barrier) => pthread_barrier_wait(ref barrier.Value);
    public static int pthread_rwlock_init(Ptr<pthread_rwlock_t?> rwlock, pthread_rwlockattr_t? attr) => pthread_rwlock_init(ref rwlock.Value, attr);
    public static int pthread_rwlock_destroy(Ptr<pthread_rwlock_t?> rwlock) => pthread_rwlock_destroy(ref rwlock.Value);
    public static int pthread_rwlock_rdlock(Ptr<pthread_rwlock_t?> rwlock) => pthread_rwlock_rdlock(ref rwlock.Value);
    public static int pthread_rwlock_wrlock(Ptr<pthread_rwlock_t?> rwlock) => pthread_rwlock_wrlock(ref rwlock.Value);
    public static int pthread_rwlock_tryrdlock(Ptr<pthread_rwlock_t?> rwlock) => pthread_rwlock_tryrdlock(ref rwlock.Value);
    public static int pthread_rwlock_trywrlock(Ptr<pthread_rwlock_t?> rwlock) => pthread_rwlock_trywrlock(ref rwlock.Value);
    public static int pthread_rwlock_unlock(Ptr<pthread_rwlock_t?> rwlock) => pthread_rwlock_unlock(ref rwlock.Value);
    public static int sem_init(Ptr<sem_t?> sem, int pshared, uint value) => sem_init(ref sem.Value, pshared, value);
    public static int sem_destroy(Ptr<sem_t?> sem) => sem_destroy(ref sem.Value);
    public static int sem_wait(Ptr<sem_t?> sem) => sem_wait(ref sem.Value);
    public static int sem_trywait(Ptr<sem_t?> sem) => sem_trywait(ref sem.Value);
    public static int sem_post(Ptr<sem_t?> sem) => sem_post(ref sem.Value);
    public static int sem_getvalue(Ptr<sem_t?> sem, ref int value) => sem_getvalue(ref sem.Value, ref value);
    public static int sem_getvalue(Ptr<sem_t?> sem, Ptr<int> value) => sem_getvalue(ref sem.Value, ref value.Value);
}
