namespace CloudMpi.Libc;

/// <summary>
/// C's va_list over the arguments a translated variadic function receives as `params object?[] varargs`.
/// The arguments arrive as C passed them (clang has applied the default argument promotions), so
/// <see cref="Arg{T}"/> reads each as the type va_arg names, reinterpreting integer bits as C does on LP64.
/// </summary>
public sealed class VaList
{
    private readonly object?[] _args;
    private int _next;

    /// <summary>va_start(ap, last).</summary>
    public VaList(object?[]? args)
    {
        _args = args ?? [];
    }

    private VaList(object?[] args, int next)
    {
        _args = args;
        _next = next;
    }

    /// <summary>va_arg(ap, T).</summary>
    public T Arg<T>()
    {
        if (_next >= _args.Length)
            throw new InvalidOperationException($"va_arg: the caller passed only {_args.Length} variable argument(s)");
        object? value = _args[_next++];
        return value is T same ? same : Convert<T>(value);
    }

    /// <summary>va_copy(dest, ap).</summary>
    public VaList Copy() => new(_args, _next);

    /// <summary>va_end(ap): nothing to release.</summary>
    public void End()
    {
    }

    /// <summary>The arguments not yet read, for the v*printf functions.</summary>
    public object?[] Rest() => _next == 0 ? _args : _args[_next..];

    private static T Convert<T>(object? value)
    {
        // NULL passed as a pointer (`f("p", (void *)0)`, a sentinel) read as any pointer: a null handle, array or Ptr
        if (value is null && (!typeof(T).IsValueType || typeof(T).IsGenericType && typeof(T).GetGenericTypeDefinition() == typeof(Ptr<>)))
            return default!;
        object? converted = value switch
        {
            null when typeof(T) == typeof(Ptr<sbyte>) => default(Ptr<sbyte>),
            string s when typeof(T) == typeof(Ptr<sbyte>) => CString.Lit(s),
            sbyte[] a when typeof(T) == typeof(Ptr<sbyte>) => new Ptr<sbyte>(a),
            float f when typeof(T) == typeof(double) => (double)f,
            IConvertible c when typeof(T).IsPrimitive && value.GetType().IsPrimitive => Bits<T>(c),
            _ => null,
        };
        return converted is T t
            ? t
            : throw new InvalidCastException($"va_arg: an argument of type {value?.GetType().Name ?? "null"} read as {typeof(T).Name}");
    }

    // An integer read as another integer type keeps its low bits, as va_arg does with a mismatched type.
    private static object? Bits<T>(IConvertible c)
    {
        if (c is double or float) return System.Convert.ChangeType(c, typeof(T));
        ulong bits = c is ulong u ? u : unchecked((ulong)c.ToInt64(null));
        return Type.GetTypeCode(typeof(T)) switch
        {
            TypeCode.SByte => unchecked((sbyte)bits),
            TypeCode.Byte => unchecked((byte)bits),
            TypeCode.Int16 => unchecked((short)bits),
            TypeCode.UInt16 => unchecked((ushort)bits),
            TypeCode.Int32 => unchecked((int)bits),
            TypeCode.UInt32 => unchecked((uint)bits),
            TypeCode.Int64 => unchecked((long)bits),
            TypeCode.UInt64 => bits,
            TypeCode.Boolean => bits != 0,
            _ => null,
        };
    }
}
