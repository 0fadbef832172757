namespace CloudMpi;

/// <summary>MPI_Info objects (MPI-4.0 section 10): hints as key/value strings, with Open MPI's limits.</summary>
public static partial class cMPI
{
    public const int MAX_INFO_KEY = 36;   // Open MPI 4.1 (OPAL_MAX_INFO_KEY)
    public const int MAX_INFO_VAL = 256;  // OPAL_MAX_INFO_VAL
    public const int ERR_INFO_KEY = 31;
    public const int ERR_INFO_NOKEY = 32;
    public const int ERR_INFO_VALUE = 33;
    public const int ERR_INFO = 34;

    /// <summary>
    /// MPI_INFO_ENV (MPI-3.1 10.3.4): how the rank was started, the keys Open MPI 4.1 gives that hold here too, in its
    /// order: command (the program's name), argv (its arguments joined by spaces; absent without any), maxprocs and
    /// soft (the job's size), host, arch, wdir (the working directory), thread_level (the level provided). Open MPI's
    /// own ompi_* keys (its launcher's session) are left out. Each rank has its own object, made at its first use.
    /// </summary>
    public static Info INFO_ENV => Hosting.RankContext.Current.InfoEnv ??= MakeInfoEnv(Hosting.RankContext.Current);

    private static Info MakeInfoEnv(Hosting.RankContext ctx)
    {
        var libc = CloudMpi.Libc.LibcState.Current;
        var info = Info.Create();
        string size = ctx.WorldSize.ToString(System.Globalization.CultureInfo.InvariantCulture);
        info.Set("command", Path.GetFileName(libc.ProgramName));
        if (libc.ProgramArguments.Count > 0) info.Set("argv", string.Join(' ', libc.ProgramArguments));
        info.Set("maxprocs", size);
        info.Set("soft", size);
        info.Set("host", Environment.MachineName);
        info.Set("arch", CloudMpi.Libc.Sys.MachineArchitecture);
        info.Set("wdir", Directory.GetCurrentDirectory());
        info.Set("thread_level", ctx.ThreadLevel switch
        {
            THREAD_FUNNELED => "MPI_THREAD_FUNNELED",
            THREAD_SERIALIZED => "MPI_THREAD_SERIALIZED",
            THREAD_MULTIPLE => "MPI_THREAD_MULTIPLE",
            _ => "MPI_THREAD_SINGLE",
        });
        return info;
    }

    public static int Info_create(out Info info)
    {
        Ctx("MPI_Info_create");
        info = Info.Create();
        return SUCCESS;
    }

    public static int Info_set(Info info, string key, string value)
    {
        const string call = "MPI_Info_set";
        CheckInfo(call, info);
        CheckKey(call, key);
        if (value.Length == 0 || value.Length > MAX_INFO_VAL)
            throw new MpiException(call, ERR_INFO_VALUE, $"invalid value of {value.Length} characters (1..{MAX_INFO_VAL})");
        info.Set(key, value);
        return SUCCESS;
    }

    /// <summary>MPI_Info_get: at most <paramref name="valuelen"/> characters of the value, NUL-terminated, into <paramref name="value"/>.</summary>
    public static int Info_get(Info info, string key, int valuelen, sbyte[] value, out int flag)
    {
        const string call = "MPI_Info_get";
        CheckInfo(call, info);
        CheckKey(call, key);
        string? v = info.Get(key);
        flag = v is null ? 0 : 1;
        if (v is not null) CopyOut(v, valuelen + 1, value);
        return SUCCESS;
    }

    /// <summary>MPI_Info_get into a char pointer's memory (a generic allocator's, IMB's Print_Info): the same, written through the view.</summary>
    public static int Info_get(Info info, string key, int valuelen, CloudMpi.Libc.Ptr<sbyte> value, out int flag)
    {
        var staged = new sbyte[Math.Max(valuelen, 0) + 1];
        int rc = Info_get(info, key, valuelen, staged, out flag);
        for (int i = 0; flag != 0 && i < staged.Length && i < value.Remaining; i++)
        {
            value[i] = staged[i];
            if (staged[i] == 0) break;
        }
        return rc;
    }

    public static int Info_get_valuelen(Info info, string key, out int valuelen, out int flag)
    {
        const string call = "MPI_Info_get_valuelen";
        CheckInfo(call, info);
        CheckKey(call, key);
        string? v = info.Get(key);
        flag = v is null ? 0 : 1;
        valuelen = v?.Length ?? 0;
        return SUCCESS;
    }

    public static int Info_get_nkeys(Info info, out int nkeys)
    {
        CheckInfo("MPI_Info_get_nkeys", info);
        nkeys = info.Count;
        return SUCCESS;
    }

    public static int Info_get_nthkey(Info info, int n, sbyte[] key)
    {
        const string call = "MPI_Info_get_nthkey";
        CheckInfo(call, info);
        if (n < 0 || n >= info.Count)
            throw new MpiException(call, ERR_ARG, $"key number {n} of an info object with {info.Count} keys");
        CopyOut(info.KeyAt(n), MAX_INFO_KEY + 1, key);
        return SUCCESS;
    }

    public static int Info_delete(Info info, string key)
    {
        const string call = "MPI_Info_delete";
        CheckInfo(call, info);
        CheckKey(call, key);
        if (!info.Delete(key)) throw new MpiException(call, ERR_INFO_NOKEY, $"no key \"{key}\" in the info object");
        return SUCCESS;
    }

    public static int Info_dup(Info info, out Info newinfo)
    {
        CheckInfo("MPI_Info_dup", info);
        newinfo = info.Dup();
        return SUCCESS;
    }

    public static int Info_free(ref Info info)
    {
        CheckInfo("MPI_Info_free", info);
        info.Freed = true;
        info = INFO_NULL;
        return SUCCESS;
    }

    private static void CheckInfo(string call, Info? info)
    {
        Ctx(call);
        if (info is null || info.IsNull) throw new MpiException(call, ERR_INFO, "invalid info object (MPI_INFO_NULL)");
        if (info.Freed) throw new MpiException(call, ERR_INFO, "the info object was freed");
    }

    private static void CheckKey(string call, string key)
    {
        if (key.Length == 0 || key.Length > MAX_INFO_KEY)
            throw new MpiException(call, ERR_INFO_KEY, $"invalid key of {key.Length} characters (1..{MAX_INFO_KEY})");
    }

    /// <summary>
    /// Up to <paramref name="room"/> - 1 characters of <paramref name="text"/> and a NUL into a C char buffer;
    /// returns how many characters it wrote (a `resultlen`).
    /// </summary>
    internal static int CopyOut(string text, int room, sbyte[] buffer)
    {
        byte[] bytes = System.Text.Encoding.UTF8.GetBytes(text);
        int n = Math.Min(bytes.Length, Math.Min(room - 1, buffer.Length - 1));
        for (int i = 0; i < n; i++) buffer[i] = (sbyte)bytes[i];
        if (n >= 0 && n < buffer.Length) buffer[n] = 0;
        return Math.Max(n, 0);
    }
}
