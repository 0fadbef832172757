using System.Collections.Concurrent;
using System.Reflection;
using System.Reflection.Emit;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace CloudMpi.Libc;

/// <summary>
/// Where a pointer points inside the object that holds it, in C's bytes: the root array and the byte offset of the
/// pointed-at element from the root's start, laid out as C lays out the structs on the way (CLayout). C orders two
/// pointers into one object by these offsets (`&amp;s.a &lt; &amp;s.b`, `&amp;v[0].y &lt; &amp;v[1].x`: C11 6.5.8p5,
/// later members of a struct and later elements of an array compare greater), while .NET lays a struct that holds
/// references out in its own order, so the offsets come from the struct's C declaration order, not .NET's.
/// </summary>
internal static class CAddress
{
    /// <summary>The root array and the byte offset of <paramref name="p"/>'s element; false when p is NULL or a view
    /// whose place is not known.</summary>
    internal static bool TryGet<T>(Ptr<T> p, out object? root, out long address)
    {
        long start = 0;
        root = p.Array;
        if (root is null && (p.View is null || !p.View.TryAddress(out root, out start)))
        {
            address = 0;
            return false;
        }
        address = start + (long)p.Offset * CSizeOf<T>.Size;
        return true;
    }

    /// <summary>The C offset of the byte <paramref name="managedOffset"/> bytes into a <paramref name="t"/> as .NET
    /// lays it out: the field that holds that byte (an inline array's element), at its C offset, and so on down.</summary>
    internal static long COffset(Type t, long managedOffset)
    {
        if (managedOffset <= 0 || t.IsPrimitive || t.IsEnum || !t.IsValueType ||
            (t.IsGenericType && t.GetGenericTypeDefinition() == typeof(Ptr<>)))
            return 0;
        if (t.GetCustomAttribute<InlineArrayAttribute>() is not null)
        {
            var element = t.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic)[0].FieldType;
            long managedSize = ManagedSize(element);
            long index = managedOffset / managedSize;
            return index * CLayout.Of(element).Size + COffset(element, managedOffset - index * managedSize);
        }
        foreach (var f in Fields(t))
        {
            if (managedOffset >= f.Managed && managedOffset < f.Managed + f.ManagedSize)
                return f.C + COffset(f.Field.FieldType, managedOffset - f.Managed);
        }
        return 0;  // padding .NET added
    }

    private readonly record struct FieldPlace(FieldInfo Field, long Managed, long ManagedSize, long C);

    private static readonly ConcurrentDictionary<Type, FieldPlace[]> Places = new();

    private static FieldPlace[] Fields(Type t) => Places.GetOrAdd(t, static t =>
    {
        object instance = Activator.CreateInstance(t)!;
        return CLayout.FieldOffsets(t)
            .Select(f => new FieldPlace(f.Field, ManagedOffset(t, f.Field, instance), ManagedSize(f.Field.FieldType), f.Offset))
            .ToArray();
    });

    private static long ManagedSize(Type t) =>
        (int)typeof(Unsafe).GetMethod(nameof(Unsafe.SizeOf))!.MakeGenericMethod(t).Invoke(null, null)!;

    // .NET has no API for a field's offset in its own layout: a small method takes the field's address in a boxed
    // instance and subtracts the instance's.
    private static long ManagedOffset(Type t, FieldInfo field, object instance)
    {
        var method = new DynamicMethod("FieldOffset", typeof(long), [typeof(object)], typeof(CAddress).Module, skipVisibility: true);
        var il = method.GetILGenerator();
        il.Emit(OpCodes.Ldarg_0);
        il.Emit(OpCodes.Unbox, t);
        il.Emit(OpCodes.Ldflda, field);
        il.Emit(OpCodes.Ldarg_0);
        il.Emit(OpCodes.Unbox, t);
        il.Emit(OpCodes.Sub);
        il.Emit(OpCodes.Conv_I8);
        il.Emit(OpCodes.Ret);
        return method.CreateDelegate<Func<object, long>>()(instance);
    }

    /// <summary>The C offset of the storage <paramref name="inner"/> refers to inside the struct
    /// <paramref name="container"/> refers to.</summary>
    internal static long FieldOffset<TStruct, T>(ref TStruct container, ref T inner) =>
        COffset(typeof(TStruct), Unsafe.ByteOffset(ref Unsafe.As<TStruct, byte>(ref container), ref Unsafe.As<T, byte>(ref inner)));
}
