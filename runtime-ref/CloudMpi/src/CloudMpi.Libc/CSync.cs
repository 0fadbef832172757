using System.Numerics;

namespace CloudMpi.Libc;

/// <summary>
/// GCC's legacy <c>__sync_*</c> builtins (GCC manual, "Legacy __sync Built-in Functions for Atomic Memory Access"), as
/// hybrid codes call them for counters and compare-and-swap claims (LLNL AMG's hopscotch hash:
/// <c>__sync_val_compare_and_swap</c>, <c>__sync_fetch_and_add</c>). Each is one indivisible step on the object and
/// a full barrier. The object may be any integer (the port's <c>ref</c> to a variable or a <see cref="Ptr{T}"/> to an
/// element or field), so every step runs under one lock: all <c>__sync</c> operations of the process are atomic with
/// respect to each other, whatever their width, which is what C promises (plain accesses racing with them are a data
/// race in C too). The fetch forms give the old value, the <c>_and_fetch</c> forms the new one; integer arithmetic
/// wraps as C's does on these types; nand is <c>~(old &amp; v)</c> (GCC 4.4 and later).
/// </summary>
public static class CSync
{
    private static readonly object Gate = new();

    private static T Update<T>(ref T target, T value, Func<T, T, T> op, bool fetchFirst)
    {
        lock (Gate)
        {
            T old = target;
            T updated = op(old, value);
            target = updated;
            return fetchFirst ? old : updated;
        }
    }

    public static T FetchAndAdd<T>(ref T target, T value) where T : IBinaryInteger<T> =>
        Update(ref target, value, static (a, b) => a + b, true);
    public static T FetchAndSub<T>(ref T target, T value) where T : IBinaryInteger<T> =>
        Update(ref target, value, static (a, b) => a - b, true);
    public static T FetchAndOr<T>(ref T target, T value) where T : IBinaryInteger<T> =>
        Update(ref target, value, static (a, b) => a | b, true);
    public static T FetchAndAnd<T>(ref T target, T value) where T : IBinaryInteger<T> =>
        Update(ref target, value, static (a, b) => a & b, true);
    public static T FetchAndXor<T>(ref T target, T value) where T : IBinaryInteger<T> =>
        Update(ref target, value, static (a, b) => a ^ b, true);
    public static T FetchAndNand<T>(ref T target, T value) where T : IBinaryInteger<T> =>
        Update(ref target, value, static (a, b) => ~(a & b), true);
    public static T AddAndFetch<T>(ref T target, T value) where T : IBinaryInteger<T> =>
        Update(ref target, value, static (a, b) => a + b, false);
    public static T SubAndFetch<T>(ref T target, T value) where T : IBinaryInteger<T> =>
        Update(ref target, value, static (a, b) => a - b, false);
    public static T OrAndFetch<T>(ref T target, T value) where T : IBinaryInteger<T> =>
        Update(ref target, value, static (a, b) => a | b, false);
    public static T AndAndFetch<T>(ref T target, T value) where T : IBinaryInteger<T> =>
        Update(ref target, value, static (a, b) => a & b, false);
    public static T XorAndFetch<T>(ref T target, T value) where T : IBinaryInteger<T> =>
        Update(ref target, value, static (a, b) => a ^ b, false);
    public static T NandAndFetch<T>(ref T target, T value) where T : IBinaryInteger<T> =>
        Update(ref target, value, static (a, b) => ~(a & b), false);

    public static T FetchAndAdd<T>(Ptr<T> target, T value) where T : IBinaryInteger<T> => FetchAndAdd(ref target.Value, value);
    public static T FetchAndSub<T>(Ptr<T> target, T value) where T : IBinaryInteger<T> => FetchAndSub(ref target.Value, value);
    public static T FetchAndOr<T>(Ptr<T> target, T value) where T : IBinaryInteger<T> => FetchAndOr(ref target.Value, value);
    public static T FetchAndAnd<T>(Ptr<T> target, T value) where T : IBinaryInteger<T> => FetchAndAnd(ref target.Value, value);
    public static T FetchAndXor<T>(Ptr<T> target, T value) where T : IBinaryInteger<T> => FetchAndXor(ref target.Value, value);
    public static T FetchAndNand<T>(Ptr<T> target, T value) where T : IBinaryInteger<T> => FetchAndNand(ref target.Value, value);
    public static T AddAndFetch<T>(Ptr<T> target, T value) where T : IBinaryInteger<T> => AddAndFetch(ref target.Value, value);
    public static T SubAndFetch<T>(Ptr<T> target, T value) where T : IBinaryInteger<T> => SubAndFetch(ref target.Value, value);
    public static T OrAndFetch<T>(Ptr<T> target, T value) where T : IBinaryInteger<T> => OrAndFetch(ref target.Value, value);
    public static T AndAndFetch<T>(Ptr<T> target, T value) where T : IBinaryInteger<T> => AndAndFetch(ref target.Value, value);
    public static T XorAndFetch<T>(Ptr<T> target, T value) where T : IBinaryInteger<T> => XorAndFetch(ref target.Value, value);
    public static T NandAndFetch<T>(Ptr<T> target, T value) where T : IBinaryInteger<T> => NandAndFetch(ref target.Value, value);

    // An array is a pointer to its first element (`&arr[0]`, a variable whose address the program keeps)
    public static T FetchAndAdd<T>(T[] target, T value) where T : IBinaryInteger<T> => FetchAndAdd(ref target[0], value);
    public static T FetchAndSub<T>(T[] target, T value) where T : IBinaryInteger<T> => FetchAndSub(ref target[0], value);
    public static T FetchAndOr<T>(T[] target, T value) where T : IBinaryInteger<T> => FetchAndOr(ref target[0], value);
    public static T FetchAndAnd<T>(T[] target, T value) where T : IBinaryInteger<T> => FetchAndAnd(ref target[0], value);
    public static T FetchAndXor<T>(T[] target, T value) where T : IBinaryInteger<T> => FetchAndXor(ref target[0], value);
    public static T FetchAndNand<T>(T[] target, T value) where T : IBinaryInteger<T> => FetchAndNand(ref target[0], value);
    public static T AddAndFetch<T>(T[] target, T value) where T : IBinaryInteger<T> => AddAndFetch(ref target[0], value);
    public static T SubAndFetch<T>(T[] target, T value) where T : IBinaryInteger<T> => SubAndFetch(ref target[0], value);
    public static T OrAndFetch<T>(T[] target, T value) where T : IBinaryInteger<T> => OrAndFetch(ref target[0], value);
    public static T AndAndFetch<T>(T[] target, T value) where T : IBinaryInteger<T> => AndAndFetch(ref target[0], value);
    public static T XorAndFetch<T>(T[] target, T value) where T : IBinaryInteger<T> => XorAndFetch(ref target[0], value);
    public static T NandAndFetch<T>(T[] target, T value) where T : IBinaryInteger<T> => NandAndFetch(ref target[0], value);

    /// <summary><c>__sync_val_compare_and_swap(p, old, new)</c>: stores new where the object holds old; the value it
    /// held either way (integers, or pointers compared as C compares them).</summary>
    public static T ValCompareAndSwap<T>(ref T target, T expected, T desired)
    {
        lock (Gate)
        {
            T held = target;
            if (EqualityComparer<T>.Default.Equals(held, expected))
                target = desired;
            return held;
        }
    }

    public static T ValCompareAndSwap<T>(Ptr<T> target, T expected, T desired) =>
        ValCompareAndSwap(ref target.Value, expected, desired);

    public static T ValCompareAndSwap<T>(T[] target, T expected, T desired) =>
        ValCompareAndSwap(ref target[0], expected, desired);

    /// <summary><c>__sync_bool_compare_and_swap(p, old, new)</c>: whether it stored new.</summary>
    public static bool BoolCompareAndSwap<T>(ref T target, T expected, T desired)
    {
        lock (Gate)
        {
            if (!EqualityComparer<T>.Default.Equals(target, expected))
                return false;
            target = desired;
            return true;
        }
    }

    public static bool BoolCompareAndSwap<T>(Ptr<T> target, T expected, T desired) =>
        BoolCompareAndSwap(ref target.Value, expected, desired);

    public static bool BoolCompareAndSwap<T>(T[] target, T expected, T desired) =>
        BoolCompareAndSwap(ref target[0], expected, desired);

    /// <summary><c>__sync_lock_test_and_set(p, v)</c>: stores v, gives the old value (an acquire barrier in GCC;
    /// full here).</summary>
    public static T LockTestAndSet<T>(ref T target, T value)
    {
        lock (Gate)
        {
            T old = target;
            target = value;
            return old;
        }
    }

    public static T LockTestAndSet<T>(Ptr<T> target, T value) => LockTestAndSet(ref target.Value, value);

    public static T LockTestAndSet<T>(T[] target, T value) => LockTestAndSet(ref target[0], value);

    /// <summary><c>__sync_lock_release(p)</c>: stores 0 (a release barrier).</summary>
    public static void LockRelease<T>(ref T target)
    {
        lock (Gate)
            target = default!;
    }

    public static void LockRelease<T>(Ptr<T> target) => LockRelease(ref target.Value);

    public static void LockRelease<T>(T[] target) => LockRelease(ref target[0]);

    /// <summary><c>__sync_synchronize()</c>: a full memory barrier.</summary>
    public static void Synchronize() => Interlocked.MemoryBarrier();
}
