namespace CloudMpi;

/// <summary>A window's group and name (MPI-3.1 11.2.6, 6.8): MPI_Win_get_group, MPI_Win_set_name, MPI_Win_get_name.</summary>
public static partial class cMPI
{
    /// <summary>MPI_Win_get_group: a new group of the processes of the window's communicator (the program frees it).</summary>
    public static int Win_get_group(Win win, out Group group)
    {
        const string call = "MPI_Win_get_group";
        var ctx = Ctx(call);
        var w = CheckWin(call, win);
        group = new Group(w.Comm.WorldRanksIn(ctx));
        return SUCCESS;
    }

    /// <summary>MPI_Win_set_name: this rank's name for its handle, cut to MPI_MAX_OBJECT_NAME - 1 characters.</summary>
    public static int Win_set_name(Win win, string win_name)
    {
        const string call = "MPI_Win_set_name";
        Ctx(call);
        var w = CheckWin(call, win);
        ArgumentNullException.ThrowIfNull(win_name);
        w.Name = win_name.Length >= MAX_OBJECT_NAME ? win_name[..(MAX_OBJECT_NAME - 1)] : win_name;
        return SUCCESS;
    }

    /// <summary>MPI_Win_set_name from a C char array (NUL-terminated).</summary>
    public static int Win_set_name(Win win, sbyte[] win_name) => Win_set_name(win, CString(win_name));

    /// <summary>
    /// MPI_Win_get_name: the name set, else "" (MPI-3.1 6.8: a window has no name until one is set; Open MPI's own
    /// components name theirs, "pt2pt window 3", which no program can rely on).
    /// </summary>
    public static int Win_get_name(Win win, sbyte[] win_name, out int resultlen)
    {
        const string call = "MPI_Win_get_name";
        Ctx(call);
        var w = CheckWin(call, win);
        if (win_name is null) throw new MpiException(call, ERR_ARG, "the name buffer is NULL");
        resultlen = CopyOut(w.Name ?? "", MAX_OBJECT_NAME, win_name);
        return SUCCESS;
    }
}
