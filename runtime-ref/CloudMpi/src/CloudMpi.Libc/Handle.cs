using System.Collections.Concurrent;
using System.Reflection;
using System.Runtime.CompilerServices;

namespace CloudMpi.Libc;

/// <summary>
/// A C <c>void *</c> used as an opaque handle (a struct's <c>void *parms</c>, a callback's <c>void *data</c>):
/// the port declares it <c>object</c> and it holds whatever pointer it was given, a <see cref="Ptr{T}"/>, an
/// array (a pointer to its start) or null. The program casts it back at use, <c>(AtomParms *) parms</c>, which
/// is <see cref="As{T}"/>: the pointer it holds when that is a <c>T *</c>, and a <see cref="PointerException"/>
/// naming the C cast when it holds another type, where C would read the memory as the wrong type.
/// </summary>
public static class Handle
{
    /// <summary><c>(T *) handle</c> at the C location <paramref name="where"/> (<c>file:line:col</c>).</summary>
    public static Ptr<T> As<T>(object? handle, string where) => handle switch
    {
        null => default,
        Ptr<T> p => p,
        IPointer { Array: null } => default,
        T[] array => new Ptr<T>(array),
        // char memory read as another type (a message buffer's payload, GNU C's byte arithmetic): its bytes
        Ptr<byte> or Ptr<sbyte> or byte[] or sbyte[] when !RuntimeHelpers.IsReferenceOrContainsReferences<T>() =>
            Ptr.Reinterpret<byte, T>(Bytes(handle)),
        _ => throw new PointerException(
            $"{where}: a void * that holds {Describe(handle)} cast to {CName(typeof(T))} *"),
    };

    /// <summary>
    /// <c>(T *) handle</c> of a handle whose memory the program reads as several types (an active message's
    /// <c>void *data</c>: <c>*(int *)data</c>, <c>((float *)data)[3]</c>): a view of the bytes of whatever
    /// numbers it holds, as C reads them; a handle holding objects (a struct with pointers) still stops the port.
    /// </summary>
    public static Ptr<T> View<T>(object? handle, string where)
    {
        if (handle is Ptr<T> p) return p;
        if (handle is T[] array) return new Ptr<T>(array);
        if (IsNull(handle)) return default;
        if (RuntimeHelpers.IsReferenceOrContainsReferences<T>())
            throw new PointerException($"{where}: a void * that holds {Describe(handle!)} cast to {CName(typeof(T))} *");
        return Ptr.Reinterpret<byte, T>(Bytes(handle, where));
    }

    /// <summary>
    /// GNU C's arithmetic on a <c>void *</c> handle (<c>data + 4</c>) counts bytes: the memory it holds as
    /// unsigned chars, a view of its numbers' bytes (a <c>Ptr&lt;byte&gt;</c> it holds is itself).
    /// </summary>
    public static Ptr<byte> Bytes(object? handle, string where = "?") => handle switch
    {
        null => default,
        Ptr<byte> p => p,
        byte[] a => new Ptr<byte>(a),
        IPointer { Array: null } => default,
        IPointer p => p.AsBytes(where),
        Array a => ArrayBytes.Of(a, where),
        _ => throw new PointerException($"{where}: a void * that holds {Describe(handle)} used as bytes"),
    };

    /// <summary>
    /// <c>(void **)&amp;handle</c> given to a generic <c>void **</c> out-parameter (<c>ref Ptr&lt;T&gt;</c>, which any
    /// element type fits: Intel MPI Benchmarks' <c>IMB_v_free((void **)&amp;c_info-&gt;s_buffer)</c>): the handle
    /// as a pointer to its bytes, a variable the callee reads and writes in place. The handle is given a box of its
    /// own holding that <see cref="Ptr{T}"/>, and the reference points into the box, so what the callee stores
    /// (<c>*b = NULL</c>, fresh memory) is what the handle holds afterwards. A new box each time: another handle that
    /// held the same boxed pointer (<c>void *a = b;</c> copies the reference) keeps its own value, as C's copy does.
    /// </summary>
    public static ref Ptr<byte> Slot(ref object? handle, string where = "?")
    {
        handle = Bytes(handle, where);
        return ref Unsafe.Unbox<Ptr<byte>>(handle);
    }

    /// <summary>
    /// <c>(void (*)(void *)) handle</c>: a function a <c>void *</c> holds (IOR's option table keeps
    /// <c>&amp;decodeDirectiveWrapper</c> in its <c>void *variable</c>), called through the function-pointer type the
    /// program casts it to. C passes a <c>void *</c> where the function takes a <c>char *</c> alike; here the held
    /// delegate's type may differ from <typeparamref name="TDelegate"/> only so, and an adapter converts each such
    /// argument (Handle.As, naming <paramref name="where"/>) and the result. A handle holding no function stops the
    /// port there.
    /// </summary>
    public static TDelegate? Function<TDelegate>(object? handle, string where) where TDelegate : Delegate
    {
        switch (handle)
        {
            case null:
                return null;
            case TDelegate same:
                return same;
            case Delegate held:
                return (TDelegate)FunctionAdapters.Make(typeof(TDelegate), held, where);
            default:
                if (IsNull(handle)) return null;
                throw new PointerException($"{where}: a void * that holds {Describe(handle)} called as a function");
        }
    }

    private static class FunctionAdapters
    {
        private static readonly MethodInfo AsMethod = typeof(Handle).GetMethod(nameof(As))!;

        public static Delegate Make(Type wanted, Delegate held, string where)
        {
            var invoke = wanted.GetMethod("Invoke")!;
            var target = held.GetType().GetMethod("Invoke")!;
            var given = invoke.GetParameters();
            var takes = target.GetParameters();
            if (given.Length != takes.Length)
                throw new PointerException($"{where}: a function of {takes.Length} parameters called with {given.Length}");
            var parameters = given.Select(p => System.Linq.Expressions.Expression.Parameter(p.ParameterType, p.Name)).ToArray();
            var arguments = parameters.Select((p, i) => Convert(p, takes[i].ParameterType, where)).ToArray();
            System.Linq.Expressions.Expression call = System.Linq.Expressions.Expression.Invoke(
                System.Linq.Expressions.Expression.Constant(held), arguments);
            if (invoke.ReturnType != typeof(void))
                call = Convert(call, invoke.ReturnType, where);
            return System.Linq.Expressions.Expression.Lambda(wanted, call, parameters).Compile();
        }

        private static System.Linq.Expressions.Expression Convert(System.Linq.Expressions.Expression value, Type to, string where)
        {
            if (value.Type == to) return value;
            if (value.Type == typeof(object) && to.IsGenericType && to.GetGenericTypeDefinition() == typeof(Ptr<>))
                return System.Linq.Expressions.Expression.Call(AsMethod.MakeGenericMethod(to.GetGenericArguments()[0]),
                    value, System.Linq.Expressions.Expression.Constant(where));
            return System.Linq.Expressions.Expression.Convert(value, to);
        }
    }

    /// <summary>The bytes of an array of any unmanaged element type (one generic method made per type).</summary>
    private static class ArrayBytes
    {
        private static readonly ConcurrentDictionary<Type, Func<Array, Ptr<byte>>> makers = new();

        public static Ptr<byte> Of(Array array, string where)
        {
            var element = array.GetType().GetElementType()!;
            var make = makers.GetOrAdd(element, t => (Func<Array, Ptr<byte>>)Delegate.CreateDelegate(
                typeof(Func<Array, Ptr<byte>>), typeof(ArrayBytes).GetMethod(nameof(Typed), BindingFlags.NonPublic | BindingFlags.Static)!.MakeGenericMethod(t)));
            return make(array);
        }

        private static Ptr<byte> Typed<U>(Array array) => Ptr.Reinterpret<U, byte>(new Ptr<U>((U[])array));
    }

    /// <summary>C's <c>handle == NULL</c>: null, or a NULL <see cref="Ptr{T}"/> stored into it.</summary>
    public static bool IsNull(object? handle) => handle is null || handle is IPointer { Array: null };

    /// <summary>C's <c>a == b</c> of two handles: the same pointer, however each holds it (a boxed
    /// <see cref="Ptr{T}"/> is a new object each time it is stored, so references do not say).</summary>
    public static bool Same(object? a, object? b)
    {
        if (IsNull(a) || IsNull(b)) return IsNull(a) && IsNull(b);
        var (arrayA, offsetA) = Target(a!);
        var (arrayB, offsetB) = Target(b!);
        return arrayA is not null ? ReferenceEquals(arrayA, arrayB) && offsetA == offsetB : a!.Equals(b);
    }

    /// <summary>
    /// C's order of two pointers held as handles (`void *`), or of pointers to different types converted to `void *`
    /// (`(void *)&amp;s.x &lt; (void *)&amp;s.y`): negative, zero or positive as a's address is below, at or above
    /// b's. Within one object by the C byte offsets (<see cref="CAddress"/>), distinct objects as
    /// <see cref="ObjectOrder"/> orders them, NULL below every object.
    /// </summary>
    public static int Order(object? a, object? b)
    {
        bool nullA = IsNull(a), nullB = IsNull(b);
        if (nullA || nullB) return (nullA ? 0 : 1) - (nullB ? 0 : 1);
        var (rootA, addressA) = Address(a!);
        var (rootB, addressB) = Address(b!);
        return ReferenceEquals(rootA, rootB) ? addressA.CompareTo(addressB) : ObjectOrder.Compare(rootA, rootB);
    }

    private static (object Root, long Address) Address(object handle)
    {
        if (handle is IPointer p && p.TryAddress(out var root, out long address) && root is not null) return (root, address);
        if (handle is Array array) return (array, 0);
        throw new PointerException($"an ordering comparison of a pointer to a {handle.GetType().Name}, which is in no array");
    }

    /// <summary>The memory a handle points into and the byte offset there (an array: its start).</summary>
    private static (object? Memory, int ByteOffset) Target(object handle) => handle switch
    {
        IPointer p => (p.Array, p.ByteOffset),
        Array array => (array, 0),
        _ => (null, 0),
    };

    private static string Describe(object handle)
    {
        var type = handle.GetType();
        var pointee = type.IsArray ? type.GetElementType()
            : type.IsGenericType && type.GetGenericTypeDefinition() == typeof(Ptr<>) ? type.GetGenericArguments()[0]
            : null;
        var name = pointee is null ? type.Name : CName(pointee) + " *";
        return ("aeiou".Contains(char.ToLowerInvariant(name[0])) ? "an " : "a ") + name;
    }

    private static string CName(Type t) => t == typeof(int) ? "int" : t == typeof(double) ? "double"
        : t == typeof(sbyte) ? "char" : t == typeof(byte) ? "unsigned char" : t == typeof(long) ? "long"
        : t == typeof(float) ? "float" : t == typeof(short) ? "short" : t == typeof(uint) ? "unsigned int"
        : t == typeof(ulong) ? "unsigned long" : t.IsGenericType && t.GetGenericTypeDefinition() == typeof(Ptr<>)
            ? CName(t.GetGenericArguments()[0]) + " *" : t.Name;
}
