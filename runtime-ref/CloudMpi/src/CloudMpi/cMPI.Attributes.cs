using CloudMpi.Hosting;
using CloudMpi.Libc;

namespace CloudMpi;

/// <summary>A predefined attribute copy or delete function (MPI_COMM_NULL_COPY_FN, MPI_COMM_DUP_FN, ...).</summary>
public sealed class AttrFunction
{
    internal string Name { get; }
    internal bool Duplicates { get; }

    internal AttrFunction(string name, bool duplicates = false)
    {
        Name = name;
        Duplicates = duplicates;
    }

    public override string ToString() => Name;
}

/// <summary>
/// Attribute keys of the program's own (MPI-3.1 6.7) on communicators, datatypes and windows: create_keyval,
/// set_attr, get_attr, delete_attr, free_keyval. C stores a <c>void *</c>; here the value is the array (and offset)
/// it points into, handed back to get_attr as the pointer type the program reads it through. Keys and values are
/// the rank's own. MPI_Comm_dup copies the values of keys made with MPI_COMM_DUP_FN; the copy and delete functions
/// are the predefined ones. The windows' predefined keys (MPI_WIN_SIZE, MPI_WIN_DISP_UNIT, MPI_WIN_CREATE_FLAVOR,
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
            value = AsPtr<T>("MPI_Comm_get_attr", flag == 0 ? null : new Ptr<int>(predefined, 0));
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
        object? predefined = keyval switch
        {
            WIN_SIZE => new Ptr<long>([win.IsDynamic ? 0 : win.Sizes[win.Comm.RankIn(ctx)]], 0),
            WIN_DISP_UNIT => new Ptr<int>([win.DispUnits[win.Comm.RankIn(ctx)]], 0),
            WIN_CREATE_FLAVOR => new Ptr<int>([win.IsDynamic ? WIN_FLAVOR_DYNAMIC : WIN_FLAVOR_CREATE], 0),
            WIN_MODEL => new Ptr<int>([0], 0),          // MPI_WIN_UNIFIED, as Open MPI's osc/pt2pt reports
            WIN_BASE => throw new MpiException(call, ERR_KEYVAL,
                "MPI_WIN_BASE is a void * to the window's memory, which the port does not hand out yet"),
            _ => null,
        };
        if (predefined is not null)
        {
            flag = 1;
            value = AsPtr<T>(call, predefined);
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
        if (!ctx.Keyvals.ContainsKey(keyval)) throw new MpiException(call, ERR_KEYVAL, $"invalid attribute key {keyval}");
        ctx.Attributes.GetOrCreateValue(handle)[keyval] = value;
        return SUCCESS;
    }

    private static object? GetAttr(string call, object handle, int keyval, out int flag)
    {
        var ctx = Ctx(call);
        if (!ctx.Keyvals.ContainsKey(keyval) && keyval >= 32)
            throw new MpiException(call, ERR_KEYVAL, $"invalid attribute key {keyval}");
        if (ctx.Attributes.TryGetValue(handle, out var values) && values.TryGetValue(keyval, out var value))
        {
            flag = 1;
            return value;
        }
        flag = 0;
        return null;
    }

    private static int DeleteAttr(string call, object handle, int keyval)
    {
        var ctx = Ctx(call);
        if (!ctx.Attributes.TryGetValue(handle, out var values) || !values.Remove(keyval))
            throw new MpiException(call, ERR_KEYVAL, $"no attribute is set for key {keyval}");
        return SUCCESS;
    }

    /// <summary>MPI_Comm_dup's part: the values of keys made with MPI_COMM_DUP_FN go to the duplicate.</summary>
    internal static void CopyAttributes(RankContext ctx, object from, object to)
    {
        if (!ctx.Attributes.TryGetValue(from, out var values)) return;
        foreach (var (key, value) in values)
            if (ctx.Keyvals.TryGetValue(key, out var fns) && fns.Copy is { Duplicates: true })
                ctx.Attributes.GetOrCreateValue(to)[key] = value;
    }

    private static Ptr<T> AsPtr<T>(string call, object? value) => value switch
    {
        null => default,
        Ptr<T> p => p,
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
