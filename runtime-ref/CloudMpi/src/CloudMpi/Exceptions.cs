namespace CloudMpi;

/// <summary>An MPI error raised by a cMPI call (the MPI_ERRORS_ARE_FATAL behaviour, as an exception).</summary>
public class MpiException : Exception
{
    /// <summary>The MPI error class, e.g. <see cref="cMPI.ERR_TRUNCATE"/>.</summary>
    public int ErrorClass { get; }
    /// <summary>The MPI call that failed, e.g. "MPI_Recv".</summary>
    public string Call { get; }

    public MpiException(string call, int errorClass, string message)
        : base($"{call}: {message} [{cMPI.ErrorClassName(errorClass)}]")
    {
        Call = call;
        ErrorClass = errorClass;
    }
}

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
