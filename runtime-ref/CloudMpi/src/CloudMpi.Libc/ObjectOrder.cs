using System.Runtime.CompilerServices;

namespace CloudMpi.Libc;

/// <summary>
/// A total order of distinct objects, for C's relational comparison of pointers into different objects (csmith
/// --paranoid's `assert((p &gt;= &amp;g[0][0] &amp;&amp; p &lt;= &amp;g[6][5]) || p == &amp;x)`, overlap tests before a
/// copy): each object gets a number the first time it is compared, so the order stays the same for the run, as
/// addresses do. NULL (no object) comes first, as address 0 does.
/// </summary>
internal static class ObjectOrder
{
    private static readonly ConditionalWeakTable<object, StrongBox<long>> Numbers = new();
    private static long last;

    internal static int Compare(object? a, object? b)
    {
        if (a is null || b is null) return (a is null ? 0 : 1) - (b is null ? 0 : 1);
        return Number(a).CompareTo(Number(b));
    }

    private static long Number(object o) =>
        Numbers.GetValue(o, static _ => new StrongBox<long>(Interlocked.Increment(ref last))).Value;
}
