using System.Runtime.CompilerServices;

namespace CloudMpi.Libc;

/// <summary>The path from a struct to one of its fields: `static ref uint (ref Outer o) => ref o.inner.b`.</summary>
public delegate ref TField FieldPath<TStruct, TField>(ref TStruct container);

/// <summary>
/// What a pointer to a struct field (`&amp;s.f`, `&amp;a[i].f`, `&amp;p-&gt;f`) points at. C# structs are
/// values inside arrays (or one-element boxes), so the field is reached through its struct each time
/// rather than held by a reference that C# could not store.
/// </summary>
public abstract class FieldView<T>
{
    internal abstract ref T Target { get; }

    /// <summary>The array the whole chain of structs lives in (for hashing and %p).</summary>
    internal abstract object Root { get; }

    internal static bool Same(FieldView<T>? a, FieldView<T>? b) =>
        ReferenceEquals(a, b) || (a is not null && b is not null && Unsafe.AreSame(ref a.Target, ref b.Target));
}

internal sealed class FieldViewOf<TStruct, T>(Ptr<TStruct> container, FieldPath<TStruct, T> path) : FieldView<T>
{
    internal override ref T Target => ref path(ref container.Value);

    internal override object Root =>
        (object?)container.Array ?? container.View?.Root ?? throw PointerException.NullDereference();
}

/// <summary>Pointer operations that involve two element types.</summary>
public static class Ptr
{
    /// <summary>`&amp;container-&gt;field`: a pointer to a field of the struct the container points at.</summary>
    public static Ptr<T> ToField<TStruct, T>(Ptr<TStruct> container, FieldPath<TStruct, T> path)
    {
        if (container.IsNull) throw PointerException.NullDereference();
        return new Ptr<T>(new FieldViewOf<TStruct, T>(container, path), 0);
    }

    /// <summary>`p == q` for pointers to different types (C allows it with a cast, or a warning). Without
    /// reinterpreting casts no object is reached as two types, so only two null pointers are equal.</summary>
    public static bool SameAddress<T, U>(Ptr<T> p, Ptr<U> q) =>
        typeof(T) == typeof(U) ? p.Equals(Unsafe.As<Ptr<U>, Ptr<T>>(ref q)) : p.IsNull && q.IsNull;
}
