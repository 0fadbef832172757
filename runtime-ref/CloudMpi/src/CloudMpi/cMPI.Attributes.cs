using CloudMpi.Hosting;
using CloudMpi.Libc;

namespace CloudMpi;

/// <summary>An attribute copy or delete function: a predefined one (MPI_COMM_NULL_COPY_FN, MPI_COMM_DUP_FN, ...) or a
/// function of the program's own (<see cref="cMPI.CopyFunction{THandle}"/>, <see cref="cMPI.DeleteFunction{THandle}"/>).</summary>
public sealed class AttrFunction
{
    internal string Name { get; }
    internal bool Duplicates { get; }
    /// <summary>The program's copy function: (handle, keyval, value in) -> (its return value, value out, flag).</summary>
    internal Func<object, int, object?, (int Code, object? Value, int Flag)>? Copy { get; init; }
    /// <summary>The program's delete function: (handle, keyval, value) -> its return value.</summary>
    internal Func<object, int, object?, int>? Delete { get; init; }

    internal AttrFunction(string name, bool duplicates = false)
    {
        Name = name;
        Duplicates = duplicates;
    }

    public override string ToString() => Name;
}

/// <summary>A program's attribute copy function as the port calls it: the value is what set_attr stored (a
/// <see cref="Ptr{T}"/>, or null), the copy's value and flag (0: not copied) come back.</summary>
public delegate int AttrCopyCallback<THandle>(THandle handle, int keyval, object? valueIn, out object? valueOut, out int flag);

/// <summary>A program's attribute delete function as the port calls it.</summary>
public delegate int AttrDeleteCallback<THandle>(THandle handle, int keyval, object? value);

/// <summary>An attribute's value, the order it was set in (for deleting a handle's in reverse order) and its key's
/// functions (a freed key's values keep them: MPI calls the delete function when they go).</summary>
internal readonly record struct AttrEntry(object? Value, long Order, AttrFunction? Copy, AttrFunction? Delete);

/// <summary>
/// Attribute keys of the program's own (MPI-3.1 6.7) on communicators, datatypes and windows: create_keyval,
/// set_attr, get_attr, delete_attr, free_keyval. C stores a <c>void *</c>; here the value is the array (and offset)
/// it points into, handed back to get_attr as the pointer type the program reads it through. Keys and values are
/// the rank's own. MPI_Comm_dup and MPI_Type_dup copy the values of keys made with MPI_COMM_DUP_FN and call the
/// program's copy functions; delete_attr, a set_attr over a value and the handle's free call the program's delete
/// functions, as Open MPI 4.1 does (a copy in the order of the keys, a free's deletes in reverse order of setting);
/// a callback's return value other than MPI_SUCCESS fails the call with that code. The windows' predefined keys (MPI_WIN_SIZE, MPI_WIN_DISP_UNIT, MPI_WIN_CREATE_FLAVOR,
/// MPI_WIN_MODEL) answer from the window.
/// </summary>
public static partial class cMPI
{
    public const int KEYVAL_INVALID = -1;
    public const int WIN_BASE = 7, WIN_SIZE = 8, WIN_DISP_UNIT = 9, WIN_CREATE_FLAVOR = 10, WIN_MODEL = 11;

    public static readonly AttrFunction COMM_NULL_COPY_FN = new("MPI_COMM_NULL_COPY_FN");
    public static readonly AttrFunction COMM_DUP_FN = new("MPI_COMM_DUP_FN", duplicates: true);
    public static readonly AttrFunction COMM_NULL_DELETE_FN = new("MPI_COMM_NULL_DELETE_FN");
    public static readonly AttrFunction TYPE_NULL_COPY_FN = new("MPI_TYPE_NULL_COPY_FN");
    public static readonly AttrFunction TYPE_DUP_FN = new("MPI_TYPE_DUP_FN", duplicates: true);
    public static readonly AttrFunction TYPE_NULL_DELETE_FN = new("MPI_TYPE_NULL_DELETE_FN");
    public static readonly AttrFunction WIN_NULL_COPY_FN = new("MPI_WIN_NULL_COPY_FN");
    public static readonly AttrFunction WIN_DUP_FN = new("MPI_WIN_DUP_FN", duplicates: true);
    public static readonly AttrFunction WIN_NULL_DELETE_FN = new("MPI_WIN_NULL_DELETE_FN");

    /// <summary>A program's copy function for MPI_Comm/Type/Win_create_keyval (the translator's adapter to its shapes).</summary>
    public static AttrFunction CopyFunction<THandle>(AttrCopyCallback<THandle> fn) => new("the program's copy function")
    {
        Copy = (handle, keyval, value) => (fn((THandle)handle, keyval, value, out object? copy, out int flag), copy, flag),
    };

    /// <summary>A program's delete function for MPI_Comm/Type/Win_create_keyval.</summary>
    public static AttrFunction DeleteFunction<THandle>(AttrDeleteCallback<THandle> fn) => new("the program's delete function")
    {
        Delete = (handle, keyval, value) => fn((THandle)handle, keyval, value),
    };

    /// <summary>An attribute value as a callback's pointer parameter (null: no pointer).</summary>
    public static Ptr<T> AttrPointer<T>(object? value) => AsPtr<T>("an attribute callback", value);

    /// <summary>An attribute value as a callback's array parameter (a pointer that never moves).</summary>
    public static T[] AttrArray<T>(object? value) => AsArray("an attribute callback", AsPtr<T>("an attribute callback", value));

    // ------------------------------------------------------------------ keys

    public static int Comm_create_keyval(AttrFunction? copy_fn, AttrFunction? delete_fn, out int keyval, object? extra_state) =>
        CreateKeyval("MPI_Comm_create_keyval", copy_fn, delete_fn, out keyval);

    public static int Type_create_keyval(AttrFunction? copy_fn, AttrFunction? delete_fn, out int keyval, object? extra_state) =>
        CreateKeyval("MPI_Type_create_keyval", copy_fn, delete_fn, out keyval);

    public static int Win_create_keyval(AttrFunction? copy_fn, AttrFunction? delete_fn, out int keyval, object? extra_state) =>
        CreateKeyval("MPI_Win_create_keyval", copy_fn, delete_fn, out keyval);

    public static int Comm_free_keyval(ref int keyval) => FreeKeyval("MPI_Comm_free_keyval", ref keyval);
    public static int Type_free_keyval(ref int keyval) => FreeKeyval("MPI_Type_free_keyval", ref keyval);
    public static int Win_free_keyval(ref int keyval) => FreeKeyval("MPI_Win_free_keyval", ref keyval);

    private static int CreateKeyval(string call, AttrFunction? copy, AttrFunction? delete, out int keyval)
    {
        var ctx = Ctx(call);
        keyval = ctx.NextKeyval++;
        ctx.Keyvals[keyval] = (copy, delete);
        return SUCCESS;
    }

    private static int FreeKeyval(string call, ref int keyval)
    {
        var ctx = Ctx(call);
        if (!ctx.Keyvals.Remove(keyval)) throw new MpiException(call, ERR_KEYVAL, $"invalid attribute key {keyval}");
        keyval = KEYVAL_INVALID;  // values set with it stay until deleted, as MPI says
        return SUCCESS;
    }

    // ------------------------------------------------------------------ values

    public static int Comm_set_attr<T>(Comm comm, int keyval, T[]? array, int offset)
    {
        CheckComm("MPI_Comm_set_attr", comm);
        return SetAttr("MPI_Comm_set_attr", comm, keyval, array is null ? null : new Ptr<T>(array, offset));
    }

    public static int Type_set_attr<T>(Datatype type, int keyval, T[]? array, int offset) =>
        SetAttr("MPI_Type_set_attr", type, keyval, array is null ? null : new Ptr<T>(array, offset));

    public static int Win_set_attr<T>(Win win, int keyval, T[]? array, int offset) =>
        SetAttr("MPI_Win_set_attr", win, keyval, array is null ? null : new Ptr<T>(array, offset));

    public static int Comm_delete_attr(Comm comm, int keyval) => DeleteAttr("MPI_Comm_delete_attr", comm, keyval);
    public static int Type_delete_attr(Datatype type, int keyval) => DeleteAttr("MPI_Type_delete_attr", type, keyval);
    public static int Win_delete_attr(Win win, int keyval) => DeleteAttr("MPI_Win_delete_attr", win, keyval);

    /// <summary>MPI_Comm_get_attr of a key of the program's own, read through a moved pointer.</summary>
    public static int Comm_get_attr<T>(Comm comm, int keyval, out Ptr<T> value, out int flag)
    {
        if (keyval <= UNIVERSE_SIZE)
        {
            Comm_get_attr(comm, keyval, out int[] predefined, out flag);
            value = flag == 0 ? default : PredefinedAttr<T, int>("MPI_Comm_get_attr", predefined[0]);
            return SUCCESS;
        }
        value = AsPtr<T>("MPI_Comm_get_attr", GetAttr("MPI_Comm_get_attr", comm, keyval, out flag));
        return SUCCESS;
    }

    /// <summary>MPI_Comm_get_attr of a key of the program's own, read through a pointer that never moves.</summary>
    public static int Comm_get_attr<T>(Comm comm, int keyval, out T[] value, out int flag)
    {
        Comm_get_attr(comm, keyval, out Ptr<T> p, out flag);
        value = AsArray("MPI_Comm_get_attr", p);
        return SUCCESS;
    }

    /// <summary>
    /// MPI_Comm_get_attr into a <c>void *</c> the program keeps as an opaque handle (it casts it where it reads it:
    /// <c>void *v; MPI_Comm_get_attr(comm, key, &amp;v, &amp;flag); ... *(int *)v</c>): the pointer set_attr stored, or
    /// a predefined key's <c>int *</c>.
    /// </summary>
    public static int Comm_get_attr(Comm comm, int keyval, out object? value, out int flag)
    {
        if (keyval <= UNIVERSE_SIZE)
        {
            Comm_get_attr(comm, keyval, out Ptr<int> predefined, out flag);
            value = flag == 0 ? null : predefined;
            return SUCCESS;
        }
        CheckComm("MPI_Comm_get_attr", comm);
        value = GetAttr("MPI_Comm_get_attr", comm, keyval, out flag);
        return SUCCESS;
    }

    /// <summary>MPI_Type_get_attr into a <c>void *</c> handle: the pointer set_attr stored.</summary>
    public static int Type_get_attr(Datatype type, int keyval, out object? value, out int flag)
    {
        value = GetAttr("MPI_Type_get_attr", type, keyval, out flag);
        return SUCCESS;
    }

    /// <summary>MPI_Win_get_attr into a <c>void *</c> handle: a predefined key's value (an MPI_Aint for MPI_WIN_SIZE,
    /// an int for the others), or the pointer set_attr stored.</summary>
    public static int Win_get_attr(Win win, int keyval, out object? value, out int flag)
    {
        if (keyval == WIN_SIZE)
        {
            Win_get_attr(win, keyval, out Ptr<long> size, out flag);
            value = size;
        }
        else if (keyval == WIN_BASE)
        {
            var ctx = Ctx("MPI_Win_get_attr");
            Win_get_attr(win, keyval, out Ptr<byte> _, out flag);  // the window's checks
            value = ctx.Windows.TryGetValue(win.Key, out var memory) ? memory.BasePointer : null;
        }
        else if (keyval is WIN_DISP_UNIT or WIN_CREATE_FLAVOR or WIN_MODEL)
        {
            Win_get_attr(win, keyval, out Ptr<int> number, out flag);
            value = number;
        }
        else
        {
            Win_get_attr(win, keyval, out Ptr<byte> _, out flag);  // the window's and the key's checks
            value = GetAttr("MPI_Win_get_attr", win, keyval, out flag);
        }
        return SUCCESS;
    }

    public static int Type_get_attr<T>(Datatype type, int keyval, out Ptr<T> value, out int flag)
    {
        value = AsPtr<T>("MPI_Type_get_attr", GetAttr("MPI_Type_get_attr", type, keyval, out flag));
        return SUCCESS;
    }

    public static int Type_get_attr<T>(Datatype type, int keyval, out T[] value, out int flag)
    {
        Type_get_attr(type, keyval, out Ptr<T> p, out flag);
        value = AsArray("MPI_Type_get_attr", p);
        return SUCCESS;
    }

    /// <summary>MPI_Win_get_attr: the window's predefined keys (MPI_WIN_SIZE is an MPI_Aint, the others ints; C gets
    /// a pointer to the value), or a key of the program's own.</summary>
    public static int Win_get_attr<T>(Win win, int keyval, out Ptr<T> value, out int flag)
    {
        const string call = "MPI_Win_get_attr";
        var ctx = Ctx(call);
        if (win is null || win.IsNull) throw new MpiException(call, ERR_WIN, "invalid window (MPI_WIN_NULL)");
        Ptr<T>? predefined = keyval switch
        {
            WIN_SIZE => PredefinedAttr<T, long>(call, win.IsDynamic ? 0 : win.Sizes[win.Comm.RankIn(ctx)]),
            WIN_DISP_UNIT => PredefinedAttr<T, int>(call, win.DispUnits[win.Comm.RankIn(ctx)]),
            WIN_CREATE_FLAVOR => PredefinedAttr<T, int>(call, win.IsDynamic ? WIN_FLAVOR_DYNAMIC : WIN_FLAVOR_CREATE),
            WIN_MODEL => PredefinedAttr<T, int>(call, 0),   // MPI_WIN_UNIFIED, as Open MPI's osc/pt2pt reports
            // the memory as the program reads it through its pointer type (bytes of it for a `void *` never cast)
            WIN_BASE => AsPtr<T>(call, ctx.Windows.TryGetValue(win.Key, out var memory) ? memory.BasePointer : null),
            _ => (Ptr<T>?)null,  // (a bare null would convert to Ptr<T> through its T[] conversion: a null pointer)
        };
        if (predefined is { } p)
        {
            flag = 1;
            value = p;
            return SUCCESS;
        }
        value = AsPtr<T>(call, GetAttr(call, win, keyval, out flag));
        return SUCCESS;
    }

    public static int Win_get_attr<T>(Win win, int keyval, out T[] value, out int flag)
    {
        Win_get_attr(win, keyval, out Ptr<T> p, out flag);
        value = AsArray("MPI_Win_get_attr", p);
        return SUCCESS;
    }

    private static int SetAttr(string call, object handle, int keyval, object? value)
    {
        var ctx = Ctx(call);
        if (!ctx.Keyvals.TryGetValue(keyval, out var fns)) throw new MpiException(call, ERR_KEYVAL, $"invalid attribute key {keyval}");
        var values = ctx.Attributes.GetOrCreateValue(handle);
        if (values.TryGetValue(keyval, out var old))
            CallDelete(call, handle, keyval, old);  // the value replaced goes as a deleted one does (it stays if that fails)
        values[keyval] = new AttrEntry(value, ctx.NextAttrOrder++, fns.Copy, fns.Delete);
        return SUCCESS;
    }

    private static object? GetAttr(string call, object handle, int keyval, out int flag)
    {
        var ctx = Ctx(call);
        if (!ctx.Keyvals.ContainsKey(keyval) && keyval >= 32)
            throw new MpiException(call, ERR_KEYVAL, $"invalid attribute key {keyval}");
        if (ctx.Attributes.TryGetValue(handle, out var values) && values.TryGetValue(keyval, out var entry))
        {
            flag = 1;
            return entry.Value;
        }
        flag = 0;
        return null;
    }

    private static int DeleteAttr(string call, object handle, int keyval)
    {
        var ctx = Ctx(call);
        if (!ctx.Attributes.TryGetValue(handle, out var values) || !values.TryGetValue(keyval, out var entry))
            throw new MpiException(call, ERR_KEYVAL, $"no attribute is set for key {keyval}");
        CallDelete(call, handle, keyval, entry);
        values.Remove(keyval);
        return SUCCESS;
    }

    /// <summary>The program's delete function of a value, if its key has one: a return value other than MPI_SUCCESS
    /// fails the call with that code (Open MPI keeps the value then).</summary>
    private static void CallDelete(string call, object handle, int keyval, AttrEntry entry)
    {
        if (entry.Delete?.Delete is not { } delete) return;
        int code = delete(handle, keyval, entry.Value);
        if (code != SUCCESS) throw new MpiException(call, code, $"the delete function of attribute key {keyval} returned {code}");
    }

    /// <summary>MPI_Comm_free's, MPI_Type_free's and MPI_Win_free's part: the handle's values are deleted, the last set
    /// first, as Open MPI 4.1 does; a delete function that fails fails the call, the values not deleted yet stay.</summary>
    internal static void DeleteAttributes(RankContext ctx, string call, object handle)
    {
        if (!ctx.Attributes.TryGetValue(handle, out var values)) return;
        foreach (var (key, entry) in values.OrderByDescending(kv => kv.Value.Order).ToList())
        {
            CallDelete(call, handle, key, entry);
            values.Remove(key);
        }
    }

    /// <summary>MPI_Comm_dup's and MPI_Type_dup's part: each value whose key was made with MPI_COMM_DUP_FN goes to the
    /// duplicate, and the program's copy function of a key makes the copy's value (flag 0: none), in the order of the
    /// keys. A copy function's return value other than MPI_SUCCESS fails the call with that code.</summary>
    internal static void CopyAttributes(RankContext ctx, string call, object from, object to)
    {
        if (!ctx.Attributes.TryGetValue(from, out var values)) return;
        foreach (var (key, entry) in values.OrderBy(kv => kv.Key).ToList())
        {
            object? copy;
            if (entry.Copy?.Copy is { } fn)
            {
                (int code, copy, int flag) = fn(from, key, entry.Value);
                if (code != SUCCESS) throw new MpiException(call, code, $"the copy function of attribute key {key} returned {code}");
                if (flag == 0) continue;
            }
            else if (entry.Copy is { Duplicates: true }) copy = entry.Value;
            else continue;
            ctx.Attributes.GetOrCreateValue(to)[key] = entry with { Value = copy, Order = ctx.NextAttrOrder++ };
        }
    }

    /// <summary>A predefined attribute's value as the pointer the program reads it through: its own type, or its bytes
    /// for a <c>void *</c> the program never casts (Bisseling's whoami reads MPI_TAG_UB through a `void *value`; C
    /// would see the same bytes, little-endian).</summary>
    private static Ptr<T> PredefinedAttr<T, TValue>(string call, TValue v) where TValue : unmanaged
    {
        if (typeof(T) == typeof(byte) || typeof(T) == typeof(sbyte))
        {
            byte[] bytes = System.Runtime.InteropServices.MemoryMarshal.AsBytes(new[] { v }.AsSpan()).ToArray();
            return typeof(T) == typeof(byte) ? AsPtr<T>(call, new Ptr<byte>(bytes, 0))
                : AsPtr<T>(call, new Ptr<sbyte>(Array.ConvertAll(bytes, b => unchecked((sbyte)b)), 0));
        }
        return AsPtr<T>(call, new Ptr<TValue>([v], 0));
    }

    private static Ptr<T> AsPtr<T>(string call, object? value) => value switch
    {
        null => default,
        Ptr<T> p => p,
        // a `void *` the program never casts is bytes to the port (Bisseling's whoami tests only the flag): a view of
        // the bytes of the numbers the value points to, as C's pointer would see them
        _ when typeof(T) == typeof(byte) || typeof(T) == typeof(sbyte) =>
            Ptr.Reinterpret<byte, T>(Handle.Bytes(value, call)),
        _ => throw new MpiException(call, ERR_ARG,
            $"the attribute holds a pointer to {value.GetType().GenericTypeArguments.FirstOrDefault()?.Name}; the program reads it as a pointer to {typeof(T).Name}"),
    };

    private static T[] AsArray<T>(string call, Ptr<T> p)
    {
        if (p.IsNull) return null!;
        if (p.Array is null || p.Offset != 0)
            throw new MpiException(call, ERR_ARG, "the attribute points inside an array; the program reads it through a pointer that cannot move");
        return p.Array;
    }
}
