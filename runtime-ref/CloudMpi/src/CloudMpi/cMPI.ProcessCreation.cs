namespace CloudMpi;

/// <summary>
/// Process creation (MPI-3.1 chapter 10): a job has the ranks it was started with. Nothing spawned it, so it has no
/// parent; the translator reports MPI_Comm_spawn and the other calls of the chapter where the program makes them.
/// </summary>
public static partial class cMPI
{
    /// <summary>MPI_Comm_get_parent: MPI_COMM_NULL, as in a job mpirun started (MPI-3.1 10.3.2).</summary>
    public static int Comm_get_parent(out Comm parent)
    {
        Ctx("MPI_Comm_get_parent");
        parent = COMM_NULL;
        return SUCCESS;
    }
}
