namespace CloudMpi;

/// <summary>An MPI error raised by a cMPI call (the MPI_ERRORS_ARE_FATAL behaviour, as an exception).</summary>
public class MpiException : Exception
{
    /// <summary>The MPI error class, e.g. <see cref="cMPI.ERR_TRUNCATE"/>.</summary>
    public int ErrorClass { get; }
    /// <summary>The MPI call that failed, e.g. "MPI_Recv".</summary>
    public string Call { get; }

    /// <summary>
    /// A receive whose message is longer than its buffer (MPI_ERR_TRUNCATE): the status of what came (its sender, tag,
    /// the whole message's count, MPI_ERROR the class). The part that fits was delivered and the receive is complete
    /// all the same, as in Open MPI: the completion call gives this status and releases the request (a completion of
    /// several reports it in the status and returns MPI_ERR_IN_STATUS). Null for every other error.
    /// </summary>
    internal Status? Truncated { get; init; }

    public MpiException(string call, int errorClass, string message)
        : base($"{call}: {message} [{cMPI.ErrorClassName(errorClass)}]")
    {
        Call = call;
        ErrorClass = errorClass;
    }
}

/// <summary>
/// An error that no error handler of the program's sees: Open MPI reports it and the process exits with status 1,
/// whatever handler the program set (<see cref="cMPI.FatalErrorText"/> says what it prints).
/// </summary>
public abstract class MpiHandlerlessException : MpiException
{
    private protected MpiHandlerlessException(string call, string message) : base(call, cMPI.ERR_OTHER, message) { }
}

/// <summary>
/// An MPI call before MPI_Init or after MPI_Finalize (MPI_Init after MPI_Finalize too). No error handler
/// applies outside MPI: Open MPI prints "The MPI_X() function was called before MPI_INIT was invoked" and the process
/// exits with status 1, whatever handler the program set (LLNL's mpi_bug3.c calls MPI_Comm_size with no MPI_Init).
/// </summary>
public sealed class MpiLifecycleException : MpiHandlerlessException
{
    /// <summary>Open MPI's words for when the call came: "before MPI_INIT" or "after MPI_FINALIZE".</summary>
    public string When { get; }

    public MpiLifecycleException(string call, bool afterFinalize, string message)
        : base(call, message) => When = afterFinalize ? "after MPI_FINALIZE" : "before MPI_INIT";
}

/// <summary>
/// An error Open MPI 4.1 raises on no communicator with a code of its own that is no MPI error class, so its fatal
/// handler says "on a NULL communicator" and "Unknown error" and the process exits with status 1: MPI_Init or
/// MPI_Init_thread called a second time (measured with mpirun -np 1 and 2).
/// </summary>
public sealed class MpiNullCommunicatorException(string call, string message) : MpiHandlerlessException(call, message);

/// <summary>Thrown by <see cref="cMPI.Abort"/>; the launcher ends the job with <see cref="ErrorCode"/>.</summary>
public sealed class MpiAbortException : Exception
{
    public int ErrorCode { get; }
    public int Rank { get; }

    public MpiAbortException(int rank, int errorCode)
        : base($"MPI_Abort called by rank {rank} with error code {errorCode}")
    {
        Rank = rank;
        ErrorCode = errorCode;
    }
}

/// <summary>Thrown inside a rank's MPI call when the job was aborted (another rank failed, MPI_Abort, deadlock, timeout).</summary>
public sealed class JobAbortedException : Exception
{
    public string Reason { get; }

    public JobAbortedException(string reason) : base("job aborted: " + reason) => Reason = reason;
}
