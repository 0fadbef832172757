namespace CloudMpi;

/// <summary>Environment calls beyond Init/Finalize: thread levels and the MPI version.</summary>
public static partial class cMPI
{
    public const int THREAD_SINGLE = 0;
    public const int THREAD_FUNNELED = 1;
    public const int THREAD_SERIALIZED = 2;
    public const int THREAD_MULTIPLE = 3;
    /// <summary>The MPI standard version cMPI follows (Open MPI 4.1's).</summary>
    public const int VERSION = 3;
    public const int SUBVERSION = 1;
    public const int MAX_LIBRARY_VERSION_STRING = 256; // Open MPI 4.1's

    /// <summary>
    /// MPI_Get_library_version: this runtime's name, not Open MPI's (a program that prints it shows where it runs,
    /// as it would under another MPI library). May be called before MPI_Init.
    /// </summary>
    public static int Get_library_version(sbyte[] version, out int resultlen)
    {
        if (version is null) throw new MpiException("MPI_Get_library_version", ERR_ARG, "the version buffer is NULL");
        // Open MPI 4.1 counts the terminating NUL in resultlen (len 87 for its 86-character text); so does this
        resultlen = CopyOut($"CloudMpi (cmpi), MPI {VERSION}.{SUBVERSION}", MAX_LIBRARY_VERSION_STRING, version) + 1;
        return SUCCESS;
    }

    /// <summary>MPI_Pcontrol: profiling control; there is no profiler to steer, so every level is accepted and ignored.</summary>
    public static int Pcontrol(int level) => SUCCESS;

    /// <summary>
    /// MPI_Init_thread. A translated rank is one thread (C threads are not translated), so every level holds
    /// trivially and the level asked for is the level provided.
    /// </summary>
    public static int Init_thread(ref int argc, ref string[] argv, int required, out int provided) => Init_thread(required, out provided);

    /// <summary>MPI_Init_thread(NULL, NULL, required, &amp;provided).</summary>
    public static int Init_thread(int required, out int provided)
    {
        const string call = "MPI_Init_thread";
        if (required < THREAD_SINGLE || required > THREAD_MULTIPLE)
            throw new MpiException(call, ERR_ARG, $"invalid thread level {required}");
        InitCore(call);
        Hosting.RankContext.Current.ThreadLevel = required;
        provided = required;
        return SUCCESS;
    }

    public static int Query_thread(out int provided)
    {
        provided = Ctx("MPI_Query_thread").ThreadLevel;
        return SUCCESS;
    }

    /// <summary>MPI_Is_thread_main: a rank's only thread is its main thread.</summary>
    public static int Is_thread_main(out int flag)
    {
        Ctx("MPI_Is_thread_main");
        flag = 1;
        return SUCCESS;
    }

    /// <summary>MPI_Get_version: may be called before MPI_Init.</summary>
    public static int Get_version(out int version, out int subversion)
    {
        version = VERSION;
        subversion = SUBVERSION;
        return SUCCESS;
    }
}
