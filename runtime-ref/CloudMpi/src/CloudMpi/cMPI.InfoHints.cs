using CloudMpi.Hosting;

namespace CloudMpi;

/// <summary>
/// A communicator's and a window's hints (MPI-3.1 6.4.4, 11.2.7): cMPI acts on none of them, and gives back what the
/// program set, as an implementation that keeps every hint would (MPI_Comm_dup_with_info's, MPI_Win_create's,
/// MPI_Comm_set_info's, MPI_Win_set_info's; a later set adds to or replaces the keys before). Open MPI 4.1 also
/// reports its own defaults (mpi_assert_no_any_source=false on every communicator) and drops what set_info sets on
/// a communicator or window: MPI lets an implementation report only the hints it uses, so both answers are MPI's.
/// </summary>
public static partial class cMPI
{
    /// <summary>MPI_Comm_get_info: a new info object (the program frees it) with the communicator's hints.</summary>
    public static int Comm_get_info(Comm comm, out Info info_used)
    {
        const string call = "MPI_Comm_get_info";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        info_used = LocalOf(ctx, comm).Hints?.Dup() ?? Info.Create();
        return SUCCESS;
    }

    public static int Comm_set_info(Comm comm, Info info)
    {
        const string call = "MPI_Comm_set_info";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        var local = LocalOf(ctx, comm);
        local.Hints = WithHints(call, local.Hints, info);
        return SUCCESS;
    }

    /// <summary>MPI_Win_get_info: a new info object (the program frees it) with the window's hints.</summary>
    public static int Win_get_info(Win win, out Info info_used)
    {
        const string call = "MPI_Win_get_info";
        Ctx(call);
        info_used = CheckWin(call, win).Hints?.Dup() ?? Info.Create();
        return SUCCESS;
    }

    public static int Win_set_info(Win win, Info info)
    {
        const string call = "MPI_Win_set_info";
        Ctx(call);
        var w = CheckWin(call, win);
        w.Hints = WithHints(call, w.Hints, info);
        return SUCCESS;
    }

    /// <summary><paramref name="hints"/> with <paramref name="info"/>'s keys set over them (a new object: the program's info stays its own).</summary>
    private static Info? WithHints(string call, Info? hints, Info info)
    {
        if (info is null || info.Freed) throw new MpiException(call, ERR_INFO, "invalid info object");
        if (info.IsNull) return hints;  // MPI_INFO_NULL: no hint to add
        var merged = hints?.Dup() ?? Info.Create();
        for (int i = 0; i < info.Count; i++) merged.Set(info.KeyAt(i), info.Get(info.KeyAt(i))!);
        return merged;
    }
}
